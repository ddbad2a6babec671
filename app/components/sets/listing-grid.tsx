import { TilePicture } from "~/components/catalogue/product-picture";
import { Link } from "react-router";
import { itemHref, type ListingItem } from "~/modules/catalog/find-view";
import { conditionLabel, printingLabel } from "~/modules/catalog/variants";
import { hasMemberPrice } from "~/modules/pricing/pricing";
import { formatPence } from "~/utils/money";

/**
 * Tiles for a set page or search results. A single shows its number, rarity (and set, in search),
 * the conditions and printings in stock, its from-price and member price, and links to its
 * product page with the variant that price is for. A card the shop does not list is greyed and
 * not a link. Both pages put the grid straight under their h1, so a tile's name is an h2
 * (headings in order, decision 0051).
 */
export function ListingGrid({
  items,
  context,
  eagerCount = 4,
  testId = "listing-item",
}: {
  items: readonly ListingItem[];
  /** "set": the set is the page's own, so tiles leave it out and lead with the card name. */
  context: "set" | "search";
  eagerCount?: number;
  testId?: string;
}) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
      {items.map((item, index) => (
        <li key={item.productId ?? `card-${item.card?.setCode}-${item.card?.number}`} data-testid={testId}>
          <ListingTile item={item} context={context} eager={index < eagerCount} />
        </li>
      ))}
    </ul>
  );
}

function ListingTile({ item, context, eager }: { item: ListingItem; context: "set" | "search"; eager: boolean }) {
  const href = itemHref(item);
  const title = context === "set" && item.card ? item.card.name : item.name;
  const details = item.card
    ? [item.card.numberLabel, context === "search" ? item.card.setName : null, item.card.rarity].filter((part): part is string => Boolean(part))
    : [];
  return (
    <article
      className={`group relative flex h-full flex-col overflow-hidden rounded-xl border bg-white shadow-sm transition ${
        href ? "border-slate-200 hover:shadow-md" : "border-dashed border-slate-300 bg-slate-50"
      }`}
    >
      {href && (
        <div className="aspect-square bg-slate-100">
          <TilePicture image={item.image} imageUrl={item.imageUrl} eager={eager} />
        </div>
      )}
      <div className="flex flex-1 flex-col gap-1.5 p-3">
        {details.length > 0 && (
          <p data-testid="card-details" className="text-xs font-medium text-slate-600">
            {details.join(" · ")}
          </p>
        )}
        <h2 className={`line-clamp-2 text-sm font-semibold ${href ? "text-slate-900" : "text-slate-600"}`}>
          {href ? (
            <Link to={href} className="after:absolute after:inset-0">
              {title}
            </Link>
          ) : (
            title
          )}
        </h2>
        {item.conditions.length > 0 && (
          <p data-testid="conditions" className="flex flex-wrap gap-1 text-xs">
            <span className="sr-only">In stock in: </span>
            {item.conditions.map((c, i) => (
              <span key={c} className="rounded bg-slate-100 px-1.5 py-0.5 font-semibold text-slate-800">
                <span aria-hidden>{c.toUpperCase()}</span>
                <span className="sr-only">
                  {conditionLabel(c)}
                  {i < item.conditions.length - 1 ? ", " : ""}
                </span>
              </span>
            ))}
          </p>
        )}
        {item.card && item.printings.some((p) => p !== "normal") && (
          <p className="text-xs text-slate-600">{item.printings.map(printingLabel).join(", ")}</p>
        )}
        <div className="mt-auto space-y-1 pt-1">
          {item.lead ? (
            <p className="flex flex-wrap items-baseline gap-x-2">
              <span data-testid="from-price" className="text-base font-bold text-slate-900">
                {item.card ? <span className="text-xs font-medium text-slate-600">From </span> : null}
                {formatPence(item.lead.price)}
              </span>
              {hasMemberPrice(item.lead) && <span className="text-xs font-semibold text-amber-800">Pro {formatPence(item.lead.premiumPrice)}</span>}
            </p>
          ) : null}
          <p className="flex flex-wrap items-center justify-between gap-1 text-xs">
            {!href ? (
              <span className="text-slate-600">Not listed</span>
            ) : item.stock > 0 ? (
              <span className="rounded-full bg-green-100 px-2 py-0.5 font-semibold text-green-800">{item.stock} in stock</span>
            ) : (
              <span className="rounded-full bg-red-100 px-2 py-0.5 font-semibold text-red-800">Out of Stock</span>
            )}
            {href && item.limitPerCustomer !== null && <span className="text-slate-600">Limit {item.limitPerCustomer} per customer</span>}
          </p>
        </div>
      </div>
    </article>
  );
}
