import { preorderLabel } from "~/modules/preorders/rules";

/** The product page's "Pre-order — ships 14 March 2027", in place of the stock badge. */
export function PreorderBadge({ releaseDate }: { releaseDate: string | null }) {
  return (
    <span data-testid="preorder-badge" className="inline-flex items-center rounded-full bg-indigo-100 px-3 py-1 text-sm font-semibold text-indigo-900 ring-1 ring-inset ring-indigo-200">
      {preorderLabel(releaseDate)}
    </span>
  );
}

/** A tile's pre-order line, under its price. */
export function PreorderTileLabel({ releaseDate }: { releaseDate: string | null | undefined }) {
  if (releaseDate === undefined) return null;
  return (
    <span data-testid="tile-preorder" className="self-start rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-semibold text-indigo-900">
      {preorderLabel(releaseDate)}
    </span>
  );
}
