import { Form, Link } from "react-router";
import { FormError, FormNotice } from "~/components/ui/form-message";
import { ShopDateTime } from "~/components/ui/format-date";
import { SubmitButton } from "~/components/ui/submit-button";
import type { DrawAdminView } from "~/modules/drops/draw-view";

export type DrawAdminResult = { ok: true; message: string } | { ok: false; message: string };

const STATE_LABELS: Record<string, string> = {
  entered: "Entered",
  won: "Won — may buy",
  lost: "Not drawn",
  lapsed: "Lapsed",
  purchased: "Bought",
  waiting: "Waiting",
  admitted: "Admitted",
};

/** /admin/drops/:id/draw — a draw's entrants, the order drawn, and the button to run it once entry has closed. */
export function DrawAdminPage({ view, result }: { view: DrawAdminView; result?: DrawAdminResult }) {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Draw: {view.productName}</h1>
        <p className="mt-1 text-slate-700">
          Entry from <ShopDateTime value={view.opensAt} /> until <ShopDateTime value={view.startsAt} />; winners have {view.purchaseMinutes} minutes to buy, up to{" "}
          {view.unitsPerPerson} each; places: {view.places ?? "stock ÷ units per person at the draw"}.
        </p>
        <p className="mt-1 text-sm">
          <Link to={`/drops/${view.dropId}/draw`} className="text-amber-800 underline">
            Public verification page
          </Link>
        </p>
      </div>
      {result && (result.ok ? <FormNotice>{result.message}</FormNotice> : <FormError>{result.message}</FormError>)}
      {view.drawnAt ? (
        <p data-testid="draw-done">
          Drawn at <ShopDateTime value={view.drawnAt} />, seed <code className="break-all font-mono text-sm">{view.seed}</code>.
        </p>
      ) : view.canRun ? (
        <Form method="post">
          <input type="hidden" name="intent" value="run-draw" />
          <SubmitButton busyLabel="Drawing…">Run the draw now</SubmitButton>
        </Form>
      ) : (
        <p>The draw can run once entry has closed{view.phase === "off" ? "; this drop was called off" : ""}.</p>
      )}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Entrants">
        <table className="w-full min-w-[44rem] text-left text-sm">
          <caption className="sr-only">Entrants</caption>
          <thead>
            <tr className="border-b border-slate-300">
              <th scope="col" className="py-2 pr-3">Drawn</th>
              <th scope="col" className="py-2 pr-3">Entry</th>
              <th scope="col" className="py-2 pr-3">Email</th>
              <th scope="col" className="py-2 pr-3">State</th>
              <th scope="col" className="py-2 pr-3">Time to buy</th>
              <th scope="col" className="py-2 pr-3">Order</th>
              <th scope="col" className="py-2">Rank</th>
            </tr>
          </thead>
          <tbody>
            {view.entries.length === 0 && (
              <tr>
                <td colSpan={7} className="py-3 text-slate-600">No entries yet.</td>
              </tr>
            )}
            {view.entries.map((e) => (
              <tr key={e.entryId} className="border-b border-slate-100" data-testid="draw-entry">
                <td className="py-2 pr-3">{e.position ?? "—"}</td>
                <td className="py-2 pr-3 font-mono">{e.entryId}</td>
                <td className="break-all py-2 pr-3">{e.email}</td>
                <td className="py-2 pr-3">{STATE_LABELS[e.state] ?? e.state}</td>
                <td className="py-2 pr-3">
                  {e.rightFrom && e.rightUntil ? (
                    <>
                      <ShopDateTime value={e.rightFrom} /> – <ShopDateTime value={e.rightUntil} />
                    </>
                  ) : (
                    "—"
                  )}
                </td>
                <td className="py-2 pr-3">
                  {e.orderId ? (
                    <Link to={`/admin/orders/${e.orderId}`} className="text-amber-800 underline">
                      #{e.orderId}
                    </Link>
                  ) : (
                    "—"
                  )}
                </td>
                <td className="break-all py-2 font-mono text-xs">{e.rank ? `${e.rank.slice(0, 16)}…` : "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
