/** A drop as a product page shows it to one visitor (client-safe; made by view.server.ts). Times are ISO strings. */
import type { DropEntryState, DropMode } from "~/db/schema/drops";
import type { DropPhase } from "./drop-rules";

export interface DropView {
  dropId: number;
  mode: DropMode;
  phase: DropPhase;
  opensAt: string;
  startsAt: string;
  admitPerMinute: number;
  purchaseMinutes: number;
  unitsPerPerson: number;
  /** Entries so far (queue: people in the waiting room; draw: entries). */
  entries: number;
  /** Draw: the draw has run. */
  drawn: boolean;
  /** The server's clock when this was made: countdowns run from it, not from the visitor's clock. */
  now: string;
  /** This account's entry, or null (guests, or not in it). */
  entry: { state: DropEntryState; position: number | null; rightFrom: string | null; rightUntil: string | null; /** The entry's id: what the draw's public check lists. */ id?: number } | null;
}
