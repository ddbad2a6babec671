import { ChevronLeftIcon, ChevronRightIcon } from "~/components/ui/icons";
import { Link, useLocation } from "react-router";

/** Previous/next links for a paged list; other query parameters (a search's q) are kept. */
export function Pagination({ page, hasNextPage, totalPages }: { page: number; hasNextPage: boolean; totalPages?: number }) {
  const location = useLocation();
  if (page <= 1 && !hasNextPage) return null;
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(location.search);
    if (target <= 1) params.delete("page");
    else params.set("page", String(target));
    const query = params.toString();
    return `${location.pathname}${query ? `?${query}` : ""}`;
  };
  const linkClass =
    "inline-flex items-center gap-1 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-700 hover:border-amber-400 hover:text-amber-700";
  return (
    <nav aria-label="Pagination" className="mt-8 flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev" className={linkClass}>
          <ChevronLeftIcon className="h-4 w-4" /> Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-slate-600" aria-current="page">
        Page {page}
        {totalPages ? ` of ${totalPages}` : ""}
      </span>
      {hasNextPage ? (
        <Link to={hrefFor(page + 1)} rel="next" className={linkClass}>
          Next <ChevronRightIcon className="h-4 w-4" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
