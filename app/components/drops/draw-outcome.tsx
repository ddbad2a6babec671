import type { DropView } from "~/modules/drops/drop-view";

/**
 * What the drop's page says to an entrant of a draw about their entry (entered, won with a time
 * to buy, not drawn, place passed on, bought). Placeholder until the draw lands (issue 16).
 */
export function DrawOutcome({ view }: { view: DropView }) {
  if (!view.entry) return null;
  return <p data-testid="draw-outcome">Your entry: {view.entry.state}</p>;
}
