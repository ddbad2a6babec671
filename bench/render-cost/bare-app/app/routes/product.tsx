import { useState } from "react";
import { Form, Link, useLoaderData, type MetaFunction } from "react-router";
import { PRODUCT, type Product } from "../product";

/** The constant product: no database, so what is measured is React Router and React alone. */
export function loader() {
  return { product: PRODUCT };
}

const Icon = ({ paths }: { paths: string[] }) => (
  <svg aria-hidden xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className="h-5 w-5 shrink-0 text-emerald-600">
    {paths.map((d) => (
      <path key={d} d={d} />
    ))}
  </svg>
);
const TRUCK = ["M14 18V6a2 2 0 0 0-2-2H4a2 2 0 0 0-2 2v11a1 1 0 0 0 1 1h2", "M15 18H9", "M19 18h2a1 1 0 0 0 1-1v-3.65a1 1 0 0 0-.22-.624l-3.48-4.35A1 1 0 0 0 17.52 8H14"];
const LOCK = ["M7 11V7a5 5 0 0 1 10 0v4", "M5 11h14a2 2 0 0 1 2 2v7a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-7a2 2 0 0 1 2-2z"];

const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;
const ORIGIN = "http://127.0.0.1";

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const product = data?.product;
  if (!product) return [{ title: "Product not found" }];
  const url = `${ORIGIN}/products/${product.slug}`;
  const description = `${product.name}: ${pounds(product.variants[0]!.price)} · In stock. ${product.description}`.slice(0, 155);
  return [
    { title: `${product.name} | Bare Shop` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:title", content: product.name },
    { property: "og:description", content: description },
    { property: "og:type", content: "product" },
    { property: "og:url", content: url },
    { property: "og:image", content: `${ORIGIN}${product.imageUrl}` },
    { name: "twitter:card", content: "summary_large_image" },
  ];
};

function jsonLd(product: Product) {
  const url = `${ORIGIN}/products/${product.slug}`;
  return [
    {
      "@context": "https://schema.org",
      "@type": "Product",
      name: product.name,
      description: product.description,
      image: `${ORIGIN}${product.imageUrl}`,
      url,
      category: product.category.name,
      offers: product.variants.map((v) => ({
        "@type": "Offer",
        price: (v.price / 100).toFixed(2),
        priceCurrency: "GBP",
        availability: v.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
        itemCondition: "https://schema.org/NewCondition",
        url,
      })),
    },
    {
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [product.language.name, product.category.name, product.name].map((name, i) => ({ "@type": "ListItem", position: i + 1, name })),
    },
  ];
}

function Quantity({ max }: { max: number }) {
  const [quantity, setQuantity] = useState(1);
  return (
    <div className="inline-flex items-center rounded-lg border border-slate-300">
      <button type="button" aria-label="Fewer" disabled={quantity <= 1} onClick={() => setQuantity(quantity - 1)} className="grid h-11 w-11 place-items-center text-lg font-bold text-slate-700 disabled:opacity-40">
        −
      </button>
      <input name="quantity" inputMode="numeric" aria-label="Quantity" value={quantity} readOnly className="h-11 w-12 border-x border-slate-300 text-center text-base font-semibold" />
      <button type="button" aria-label="More" disabled={quantity >= max} onClick={() => setQuantity(quantity + 1)} className="grid h-11 w-11 place-items-center text-lg font-bold text-slate-700 disabled:opacity-40">
        +
      </button>
    </div>
  );
}

export default function ProductRoute() {
  const { product } = useLoaderData<typeof loader>();
  const variant = product.variants[0]!;
  const max = Math.min(variant.stock, product.limitPerCustomer ?? variant.stock);
  const crumbs = [
    { name: product.language.name, to: `/language/${product.language.slug}` },
    { name: product.category.name, to: `/category/${product.category.slug}` },
    { name: product.name, to: `/products/${product.slug}` },
  ];
  return (
    <article className="space-y-6">
      {jsonLd(product).map((item, i) => (
        <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(item).replace(/</g, "\\u003c") }} />
      ))}
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
        <ol className="flex flex-wrap items-center gap-1">
          <li><Link to="/" className="hover:text-slate-900 hover:underline">Home</Link></li>
          {crumbs.map((c, i) => (
            <li key={c.to} className="flex items-center gap-1">
              <span aria-hidden className="text-slate-400">/</span>
              {i === crumbs.length - 1 ? <span aria-current="page" className="font-medium text-slate-900">{c.name}</span> : <Link to={c.to} className="hover:text-slate-900 hover:underline">{c.name}</Link>}
            </li>
          ))}
        </ol>
      </nav>
      <div className="grid gap-6 md:grid-cols-2 md:gap-10">
        <div className="space-y-3 self-start">
          <div className="overflow-hidden rounded-2xl border border-slate-200 bg-slate-100">
            <img src={product.imageUrl} alt={product.name} width={600} height={600} fetchPriority="high" className="block aspect-square h-auto w-full object-cover" />
          </div>
        </div>
        <div className="flex min-w-0 flex-col gap-5">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{product.name}</h1>
          <div className="space-y-1">
            <p className="text-3xl font-black text-slate-900">{pounds(variant.price)}</p>
            {variant.premiumPrice !== null && (
              <p className="text-sm text-amber-700">
                <Link to="/pro" className="font-semibold underline">Pro members</Link> pay {pounds(variant.premiumPrice)} (save {pounds(variant.price - variant.premiumPrice)})
              </p>
            )}
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <span className="inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-800">Only {variant.stock} left</span>
            <span className="text-sm text-slate-600">Limit {product.limitPerCustomer} per customer</span>
          </div>
          <Form method="post" action="/cart" className="flex flex-wrap items-center gap-3">
            <input type="hidden" name="intent" value="add" />
            <input type="hidden" name="variantId" value={variant.id} />
            <Quantity max={max} />
            <button type="submit" className="inline-flex h-11 items-center justify-center gap-2 rounded-lg bg-slate-900 px-6 text-base font-semibold text-white hover:bg-slate-700">
              Add to Cart
            </button>
          </Form>
          <p className="flex items-center gap-2 rounded-lg bg-emerald-50 px-4 py-3 text-sm text-slate-700">
            <Icon paths={TRUCK} />
            Order by 2 pm on a working day and it is dispatched the same day, tracked, from the UK.</p>
          <section aria-labelledby="description-heading">
            <h2 id="description-heading" className="text-lg font-bold text-slate-900">Description</h2>
            <p className="mt-2 whitespace-pre-line text-slate-700">{product.description}</p>
          </section>
          <section aria-labelledby="details-heading">
            <h2 id="details-heading" className="text-lg font-bold text-slate-900">Details</h2>
            <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
              {[
                ["Category", product.category.name],
                ["Language", product.language.name],
                ["Product type", "Sealed product"],
                ["Condition", "New, factory sealed"],
                ["Dispatch", "Within 24 hours, tracked"],
              ].map(([term, value]) => (
                <div key={term} className="contents">
                  <dt className="font-semibold text-slate-600">{term}</dt>
                  <dd className="text-slate-900">{value}</dd>
                </div>
              ))}
            </dl>
          </section>
          <p className="flex items-center gap-2 rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700">
            <Icon paths={LOCK} />
            Secure payment by card, Apple Pay or Google Pay. We never see your card number.</p>
        </div>
      </div>
    </article>
  );
}
