import { ChevronRightIcon } from "~/components/ui/icons";
import { Link } from "react-router";

/** A visible breadcrumb trail; the last item is the current page and is not a link. */
export function Breadcrumb({ items }: { items: ReadonlyArray<{ name: string; to: string }> }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
      <ol className="flex flex-wrap items-center gap-x-1 gap-y-1">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={item.to} className="flex min-w-0 items-center gap-1">
              {index > 0 && <ChevronRightIcon className="h-4 w-4 shrink-0 text-slate-400" />}
              {last ? (
                <span aria-current="page" className="truncate font-medium text-slate-900">
                  {item.name}
                </span>
              ) : (
                <Link to={item.to} className="truncate hover:text-amber-700 hover:underline">
                  {item.name}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
