import { AddToCartForm } from "~/components/add-to-cart-form";
import { Breadcrumb } from "~/components/catalogue/breadcrumb";
import { deferred } from "~/components/deferred";
import { effectiveLimit, type ProductDetail, type ProductVariant } from "~/modules/catalog/product-page";
import type { VariantPickerView } from "~/modules/catalog/variant-groups";
import { ProductPicture } from "~/components/catalogue/product-picture";
import { PRODUCT_PAGE_SIZES, fallbackUrl } from "~/modules/media/responsive";
import type { DropView } from "~/modules/drops/drop-view";
import { PreorderBadge } from "~/components/preorders/preorder-badge";
import type { ProductPreorderView } from "~/modules/preorders/views";

import { VariantPicker } from "./variant-picker";

// The parts that need no JavaScript to work load after the page's own code (decision 0051): what
// is only read (price, stock, the notes), what only some products show (a single's facts, a drop's
// panel, the alert form: loaded only where shown) and what only crawlers read (JSON-LD). The
// server's HTML is complete either way. Add to Cart and the variant picker are not among them: a
// customer uses them right away, and they keep the page (and focus) only once hydrated.
const ProductPrice = deferred(() => import("~/components/catalogue/product-price").then((m) => m.ProductPrice));
const StockBadge = deferred(() => import("~/components/catalogue/stock-badge").then((m) => m.StockBadge));
const FastShippingNote = deferred(() => import("~/components/catalogue/product-assurances").then((m) => m.FastShippingNote));
const SecurePaymentNote = deferred(() => import("~/components/catalogue/product-assurances").then((m) => m.SecurePaymentNote));
const CardFacts = deferred(() => import("./card-facts").then((m) => m.CardFacts));
const DropPanel = deferred(() => import("~/components/drops/drop-panel").then((m) => m.DropPanel));
const AlertSignup = deferred(() => import("~/components/preorders/alert-signup").then((m) => m.AlertSignup));
const ProductStructuredData = deferred(() => import("./product-structured-data").then((m) => m.ProductStructuredData));

const DESCRIPTION_FALLBACK = "No description available.";

/**
 * A product's page: image, name, a single's card facts and variant picker, the chosen variant's
 * price, stock and Add to Cart, the notes and the description; JSON-LD with an offer per variant.
 * A sealed product (one variant, nothing to pick) reads exactly as before variants existed.
 * `chosen` is the variant the URL asks for (or the first in stock); null only for a product with
 * no variants, which shows as out of stock.
 */
export function ProductPage({
  product,
  picker,
  chosen,
  isPremium,
  origin,
  drop = null,
  preorder,
}: {
  product: ProductDetail;
  /** The variant picker, built by the loader (`variantPickerView`); null: nothing to pick. */
  picker: VariantPickerView | null;
  chosen: ProductVariant | null;
  isPremium: boolean;
  origin: string;
  /** A live drop of this product (public part only): its panel replaces Add to Cart. */
  drop?: DropView | null;
  /** Pre-order and availability-alert facts (issue 16); absent: none. */
  preorder?: ProductPreorderView;
}) {
  const crumbs = [
    { name: product.language.name, to: `/language/${product.language.slug}` },
    { name: product.category.name, to: `/category/${product.category.slug}` },
    { name: product.name, to: `/products/${product.slug}` },
  ];
  const [mainImage, ...moreImages] = product.images ?? [];
  const stock = chosen?.stock ?? 0;
  const limit = chosen ? effectiveLimit(chosen, product.limitPerCustomer) : product.limitPerCustomer;
  const chosenLabel = chosen && picker ? (picker.labels[chosen.id] ?? null) : null;
  const otherInStock = product.variants.some((v) => v.id !== chosen?.id && v.stock > 0);
  const dropLive = drop !== null && drop.phase !== "off";

  return (
    <article className="space-y-6">
      <ProductStructuredData product={product} crumbs={crumbs} origin={origin} preorderVariantIds={preorder?.preorderVariantIds} />
      <Breadcrumb items={crumbs} />

      <div className="grid gap-6 md:grid-cols-2 md:gap-10">
        <div className="space-y-3 self-start">
        <div className="overflow-hidden rounded-2xl border border-slate-200 bg-slate-100">
          {mainImage ? (
            <ProductPicture
              image={mainImage}
              sizes={PRODUCT_PAGE_SIZES}
              alt={mainImage.alt || product.name}
              highPriority
              className="block aspect-square h-auto w-full object-cover"
            />
          ) : product.imageUrl ? (
            <img
              src={product.imageUrl}
              alt={product.name}
              width={600}
              height={600}
              fetchPriority="high"
              className="block aspect-square h-auto w-full object-cover"
            />
          ) : (
            <div className="grid aspect-square place-items-center text-slate-600">No image</div>
          )}
        </div>
        {moreImages.length > 0 && (
          <ul className="grid grid-cols-4 gap-2" aria-label="More images">
            {moreImages.map((image) => (
              <li key={image.storageKey} className="overflow-hidden rounded-lg border border-slate-200 bg-slate-100">
                <a href={fallbackUrl(image, Infinity)} className="block">
                  <ProductPicture image={image} sizes="(min-width: 768px) 140px, 25vw" alt={image.alt || `${product.name}, another view`} className="block aspect-square h-auto w-full object-cover" />
                </a>
              </li>
            ))}
          </ul>
        )}
        </div>

        <div className="flex min-w-0 flex-col gap-5">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{product.name}</h1>

          {product.card && <CardFacts card={product.card} />}

          {chosen && (
            <div className="space-y-1">
              {chosenLabel && (
                <p data-testid="chosen-variant" className="text-sm font-semibold text-slate-700">
                  {chosenLabel}
                </p>
              )}
              <ProductPrice product={chosen} isPremium={isPremium} />
            </div>
          )}

          {picker && chosen && <VariantPicker groups={picker.groups} chosenId={chosen.id} />}

          <div className="flex flex-wrap items-center gap-3">
            {chosen && preorder?.preorderVariantIds.includes(chosen.id) ? <PreorderBadge releaseDate={preorder.releaseDate} /> : <StockBadge stock={stock} />}
            {limit !== null && <span className="text-sm text-slate-600">Limit {limit} per customer</span>}
          </div>

          {dropLive ? (
            <DropPanel drop={drop} />
          ) : chosen && stock > 0 ? (
            // Keyed by variant: a new choice starts with quantity 1 and no earlier add's message.
            <AddToCartForm key={chosen.id} variant={{ id: chosen.id, stock, limitPerCustomer: limit }} />
          ) : (
            <p data-testid="out-of-stock-note" className="rounded-lg bg-slate-100 px-4 py-3 text-sm text-slate-700">
              {picker ? (otherInStock ? "This one is out of stock. Choose another above." : "This card is out of stock.") : "This product is out of stock."}
            </p>
          )}
          {/* Offered only when nothing can be bought and no drop sells it, as subscribeAlert allows. */}
          {!dropLive && !(chosen && stock > 0) && !otherInStock && preorder && <AlertSignup productId={product.id} slug={product.slug} view={preorder} />}

          <FastShippingNote />

          <section aria-labelledby="description-heading">
            <h2 id="description-heading" className="text-lg font-bold text-slate-900">
              Description
            </h2>
            <p data-testid="description" className="mt-2 whitespace-pre-line text-slate-700">
              {product.description?.trim() || DESCRIPTION_FALLBACK}
            </p>
          </section>

          <SecurePaymentNote />
        </div>
      </div>
    </article>
  );
}
