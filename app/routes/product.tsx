import { data } from "react-router";
import { AddToCartForm } from "~/components/add-to-cart-form";
import { Breadcrumb } from "~/components/catalogue/breadcrumb";
import { CatalogueError } from "~/components/catalogue/catalogue-error";
import { FastShippingNote, SecurePaymentNote } from "~/components/catalogue/product-assurances";
import { ProductPrice } from "~/components/catalogue/product-price";
import { StockBadge } from "~/components/catalogue/stock-badge";
import { productBySlug } from "~/modules/catalog/queries.server";
import { breadcrumbJsonLd, jsonLdText, productJsonLd } from "~/modules/catalog/structured-data";
import { formatPence } from "~/utils/money";
import { pageMeta } from "~/utils/seo";
import { useRootData } from "~/web/shell";
import type { Route } from "./+types/product";

/** GET /products/:slug — one visible product. Hidden and unknown products are the same 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const product = await productBySlug(context.db, params.slug);
  if (!product) throw data("Product not found", { status: 404 });
  return { product };
}

const DESCRIPTION_FALLBACK = "No description available.";

/** A meta description of at most ~155 characters, cut at a word. */
function summary(text: string, max = 155): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max - 30)).replace(/[\s,.;:–-]+$/, "")}…`;
}

export const meta: Route.MetaFunction = (args) => {
  const product = args.loaderData?.product;
  if (!product) {
    return pageMeta(args, { title: "Product not found", description: "This product does not exist.", noindex: true });
  }
  const availability = product.stock > 0 ? "In stock" : "Out of stock";
  return pageMeta(args, {
    title: product.name,
    description: summary(
      `${product.name}: ${formatPence(product.price)} · ${availability}. ${
        product.description ?? `${product.category.name}, usually dispatched within 24 hours.`
      }`,
    ),
    image: product.imageUrl ?? undefined,
    type: "product",
  });
};

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  const root = useRootData();
  const origin = root?.publicUrl ?? "";
  const isPremium = root?.user?.isPremium ?? false;
  const absolute = (path: string) => (path.startsWith("http") ? path : origin + path);

  const crumbs = [
    { name: product.language.name, to: `/language/${product.language.slug}` },
    { name: product.category.name, to: `/category/${product.category.slug}` },
    { name: product.name, to: `/products/${product.slug}` },
  ];
  const structuredData = [
    productJsonLd({
      name: product.name,
      slug: product.slug,
      description: product.description,
      price: product.price,
      stock: product.stock,
      imageUrl: product.imageUrl ? absolute(product.imageUrl) : null,
      url: absolute(`/products/${product.slug}`),
      category: product.category.name,
    }),
    breadcrumbJsonLd(crumbs.map((c) => ({ name: c.name, url: absolute(c.to) }))),
  ];

  return (
    <article className="space-y-6">
      {structuredData.map((item, index) => (
        <script key={index} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(item) }} />
      ))}
      <Breadcrumb items={crumbs} />

      <div className="grid gap-6 md:grid-cols-2 md:gap-10">
        <div className="overflow-hidden rounded-2xl border border-slate-200 bg-slate-100">
          {product.imageUrl ? (
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

        <div className="flex flex-col gap-5">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{product.name}</h1>

          <ProductPrice product={product} isPremium={isPremium} />

          <div className="flex flex-wrap items-center gap-3">
            <StockBadge stock={product.stock} />
            {product.limitPerCustomer !== null && (
              <span className="text-sm text-slate-600">Limit {product.limitPerCustomer} per customer</span>
            )}
          </div>

          {product.stock > 0 ? (
            <AddToCartForm product={product} />
          ) : (
            <p className="rounded-lg bg-slate-100 px-4 py-3 text-sm text-slate-700">
              This product is out of stock. Join our community chat for restock alerts.
            </p>
          )}

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

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CatalogueError error={error} notFoundTitle="Product not found" />;
}
