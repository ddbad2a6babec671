import { ShopDateTime } from "~/components/ui/format-date";
import type { GuideSummary } from "~/modules/market/repricing";

/** The latest imported price guides, newest (by the guide's own date) first, and how to import one. */
export function GuidesSection({ guides }: { guides: GuideSummary[] }) {
  return (
    <section aria-labelledby="guides-heading" className="space-y-3">
      <div>
        <h2 id="guides-heading" className="text-lg font-semibold text-slate-900">
          Market price guides
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Prices follow the newest guide. To add one, download Cardmarket's Pokémon price guide (price_guide_6.json) and run{" "}
          <code className="rounded bg-slate-100 px-1 py-0.5 text-slate-800">npm run prices:import -- price_guide_6.json</code> on the
          server. Every guide is kept as price history.
        </p>
      </div>
      {guides.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-8 text-center text-slate-600">No price guide has been imported yet.</p>
      ) : (
        <div role="region" aria-labelledby="guides-heading" tabIndex={0} className="overflow-x-auto rounded-xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-amber-500">
          <table className="min-w-full text-left text-sm">
            <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-2">Guide of</th>
                <th scope="col" className="px-4 py-2">Imported</th>
                <th scope="col" className="px-4 py-2">File</th>
                <th scope="col" className="px-4 py-2 text-right">Rows</th>
                <th scope="col" className="px-4 py-2 text-right">Matched cards</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {guides.map((guide, index) => (
                <tr key={guide.id} data-testid="guide-row">
                  <td className="px-4 py-2 whitespace-nowrap">
                    <ShopDateTime value={guide.publishedAt} />
                    {index === 0 && <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">in use</span>}
                  </td>
                  <td className="px-4 py-2 whitespace-nowrap text-slate-600">
                    <ShopDateTime value={guide.importedAt} />
                  </td>
                  <td className="px-4 py-2 break-all text-slate-700">{guide.fileName}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{guide.rowCount.toLocaleString("en-GB")}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{guide.matchedCount.toLocaleString("en-GB")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
