import { ShopDateTime } from "~/components/ui/format-date";
import { Plus } from "lucide-react";
import { Link } from "react-router";
import { Pagination } from "~/components/catalogue/pagination";
import type { RecentSinglesPage } from "~/modules/catalog/singles";
import { VariantStock } from "./variant-stock";

/** /admin/singles: the singles listed most recently, each with its variants' stock, and the way to list more. */
export function SinglesPage({ list }: { list: RecentSinglesPage }) {
  const { singles, page, hasNextPage, total } = list;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Singles</h1>
          <p className="mt-1 text-slate-600">{total === 1 ? "1 single" : `${total.toLocaleString("en-GB")} singles`}, newest first.</p>
        </div>
        <div className="flex flex-wrap items-center gap-4">
          <Link to="/admin" className="text-sm font-medium text-amber-700 underline underline-offset-2">
            Admin home
          </Link>
          <Link
            to="/admin/singles/new"
            className="inline-flex items-center gap-2 rounded-lg bg-amber-500 px-4 py-2 font-semibold text-slate-900 shadow-sm hover:bg-amber-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600"
          >
            <Plus aria-hidden className="h-4 w-4" /> List a single
          </Link>
        </div>
      </div>

      {singles.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center text-slate-600">
          {page > 1 ? (
            <>
              This page is past the end of the list.{" "}
              <Link to="/admin/singles" className="font-medium text-amber-700 underline underline-offset-2">
                Go to the first page
              </Link>
            </>
          ) : (
            <>
              No singles yet.{" "}
              <Link to="/admin/singles/new" className="font-medium text-amber-700 underline underline-offset-2">
                List the first one
              </Link>{" "}
              from the card database.
            </>
          )}
        </div>
      ) : (
        <ol className="space-y-3">
          {singles.map((single) => (
            <li
              key={single.productId}
              data-testid="admin-single"
              aria-labelledby={`single-${single.productId}`}
              className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[minmax(0,1fr)_auto]"
            >
              <div className="min-w-0 space-y-2">
                <h2 id={`single-${single.productId}`} className="font-semibold text-slate-900">
                  <Link to={`/products/${single.slug}`} className="hover:text-amber-700 hover:underline">
                    {single.name}
                  </Link>
                </h2>
                <p className="flex flex-wrap gap-x-3 text-sm text-slate-600">
                  <span className="font-mono">{single.setCode}</span>
                  <span>
                    Listed <ShopDateTime value={single.createdAt} />
                  </span>
                  {!single.isVisible && <span className="font-semibold text-red-700">Hidden from the shop</span>}
                </p>
                <VariantStock variants={single.variants} label={`Variants of ${single.name}`} />
              </div>
              <div className="sm:self-start">
                <Link
                  to={`/admin/singles/new?card=${single.cardId}`}
                  className="inline-flex items-center gap-1 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-700 hover:border-amber-400 hover:bg-amber-50"
                >
                  Add stock<span className="sr-only"> of {single.name}</span>
                </Link>
              </div>
            </li>
          ))}
        </ol>
      )}

      <Pagination page={page} hasNextPage={hasNextPage} />
    </div>
  );
}
