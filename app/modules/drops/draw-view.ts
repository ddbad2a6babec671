/** What the draw's pages show (client-safe; made by draw-pages.server.ts). Times are ISO strings. */
import type { DropEntryState } from "~/db/schema/drops";
import type { DropPhase } from "./drop-rules";

/** The public verification page: no names, no emails, only entry ids. */
export interface DrawVerification {
  dropId: number;
  productName: string;
  productSlug: string;
  startsAt: string;
  /** Null until the draw has run. */
  drawnAt: string | null;
  seed: string | null;
  /** This page's entries in draw order, with the rank each got. */
  order: { entryId: number; position: number; rank: string }[];
  /** Entries drawn for a place at the draw. */
  places: number;
  /** Entries in the draw, on every page. */
  entries: number;
  /** This page (from 1) and how many there are. */
  page: number;
  pages: number;
}

export interface DrawAdminEntry {
  entryId: number;
  email: string;
  position: number | null;
  rank: string | null;
  state: DropEntryState;
  joinedAt: string;
  rightFrom: string | null;
  rightUntil: string | null;
  orderId: number | null;
}

export interface DrawAdminView {
  dropId: number;
  productId: number;
  productName: string;
  phase: DropPhase;
  opensAt: string;
  startsAt: string;
  purchaseMinutes: number;
  unitsPerPerson: number;
  places: number | null;
  seed: string | null;
  drawnAt: string | null;
  /** Entry has closed, the draw has not run and the drop is not called off. */
  canRun: boolean;
  entries: DrawAdminEntry[];
}
