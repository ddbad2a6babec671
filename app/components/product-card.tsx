import { Link } from "react-router";
import { TilePicture } from "~/components/catalogue/product-picture";
import { PreorderTileLabel } from "~/components/preorders/preorder-badge";
import { showsFromPrice, type ProductCard as ProductCardData } from "~/modules/catalog/product-card";
import { hasMemberPrice } from "~/modules/pricing/pricing";
import { formatPence } from "~/utils/money";

/**
 * One product tile: image, name, price and the member ("Pro") price when there is one, stock
 * and the per-customer limit. Price and stock are the product's headline offer (its cheapest
 * variant in stock, the stock of all its variants); a product whose variants cost different
 * amounts reads "From £x". `eager` is for tiles above the fold; the rest lazy-load.
 * `showStockCount` shows how many are left ("12 in stock") instead of "Available".
 * `headingLevel` keeps the page's headings in order: 3 under a section's h2, 2 straight under
 * the page's h1 (a category page).
 */
export function ProductCard({
  product,
  eager = false,
  showStock = true,
  showStockCount = false,
  headingLevel = 3,
}: {
  product: ProductCardData;
  eager?: boolean;
  showStock?: boolean;
  showStockCount?: boolean;
  headingLevel?: 2 | 3;
}) {
  const available = product.stock > 0;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      <div className="aspect-square bg-slate-100">
        <TilePicture image={product.image} imageUrl={product.imageUrl} eager={eager} />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <Heading className="line-clamp-2 text-sm font-semibold text-slate-900">
          <Link to={`/products/${product.slug}`} className="after:absolute after:inset-0">
            {product.name}
          </Link>
        </Heading>
        <div className="mt-auto flex flex-wrap items-baseline gap-x-2">
          <span data-testid="tile-price" className="text-base font-bold text-slate-900">
            {showsFromPrice(product) && <span className="text-sm font-semibold text-slate-700">From </span>}
            {formatPence(product.price)}
          </span>
          {hasMemberPrice(product) && (
            <span className="text-xs font-semibold text-amber-700">
              Pro {formatPence(product.premiumPrice)}
            </span>
          )}
        </div>
        {product.preorder && <PreorderTileLabel releaseDate={product.releaseDate ?? null} />}
        {showStock && (
          <div className="flex flex-wrap items-center justify-between gap-1 text-xs">
            <span
              className={
                available
                  ? "rounded-full bg-green-100 px-2 py-0.5 font-semibold text-green-800"
                  : "rounded-full bg-red-100 px-2 py-0.5 font-semibold text-red-800"
              }
            >
              {available ? (showStockCount ? `${product.stock} in stock` : "Available") : "Out of Stock"}
            </span>
            {product.limitPerCustomer !== null && (
              <span className="text-slate-500">Limit {product.limitPerCustomer} per customer</span>
            )}
          </div>
        )}
      </div>
    </article>
  );
}
