import { variantSku } from "./product-page";
import { schemaOrgItemCondition, variantLabel, variantQuery, type VariantAttributes } from "./variants";

/**
 * schema.org JSON-LD for catalogue pages (Product + Offer, BreadcrumbList), so search engines
 * can show price and availability. Pure functions; the route renders the result.
 */

export interface BreadcrumbItem {
  name: string;
  /** Absolute URL. */
  url: string;
}

/**
 * schema.org wants a plain decimal price ("12.99"), not a formatted amount, so this is the one
 * place pence become a number string other than through formatPence. Integer arithmetic: no
 * floating-point rounding.
 */
export function schemaOrgPrice(pence: number): string {
  const sign = pence < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(pence));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

export function breadcrumbJsonLd(items: readonly BreadcrumbItem[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: item.url,
    })),
  };
}

/** What structured data needs of one variant. */
export type JsonLdVariant = VariantAttributes & { price: number; stock: number; /** On an open pre-order (issue 16). */ preorder?: boolean };

/**
 * One schema.org Offer per variant: its own price, availability and itemCondition
 * (`schemaOrgItemCondition`), named after the variant ("Lightly Played · Holo · English", "PSA
 * 10") with its own sku, and the URL that opens the page on it (`?condition=lp&printing=holo`).
 */
export function variantOffer(product: { name: string; slug: string; url: string }, variant: JsonLdVariant) {
  const query = variantQuery(variant);
  const label = variantLabel(variant);
  return {
    "@type": "Offer",
    name: label === null ? product.name : `${product.name} – ${label}`,
    sku: variantSku(product.slug, variant),
    url: query ? `${product.url}?${query}` : product.url,
    price: schemaOrgPrice(variant.price),
    priceCurrency: "GBP",
    availability: variant.preorder && variant.stock > 0 ? "https://schema.org/PreOrder" : variant.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    itemCondition: schemaOrgItemCondition(variant),
  };
}

export type SchemaOffer = ReturnType<typeof variantOffer>;
export interface SchemaAggregateOffer {
  "@type": "AggregateOffer";
  priceCurrency: "GBP";
  lowPrice: string;
  highPrice: string;
  offerCount: number;
  availability: string;
  offers: SchemaOffer[];
}

export interface ProductJsonLd {
  "@context": "https://schema.org";
  "@type": "Product";
  name: string;
  sku: string;
  url: string;
  image?: string[];
  description?: string;
  category?: string;
  brand?: { "@type": "Brand"; name: string };
  /** None for a product without variants: nothing is offered. */
  offers?: SchemaOffer | SchemaAggregateOffer;
}

/**
 * The product with its offers: a product with one variant (sealed product) has one Offer, as it
 * always had; several variants make an AggregateOffer (lowest and highest price, how many) that
 * lists every variant's Offer.
 */
export function productJsonLd(product: {
  name: string;
  slug: string;
  description: string | null;
  /** Absolute URLs. */
  imageUrl: string | null;
  url: string;
  brand?: string;
  category?: string;
  /** In the order the page lists them. */
  variants: readonly JsonLdVariant[];
}): ProductJsonLd {
  const offers = product.variants.map((v) => variantOffer(product, v));
  const prices = product.variants.map((v) => v.price);
  const offer: SchemaOffer | SchemaAggregateOffer | undefined =
    offers.length <= 1
      ? offers[0]
      : {
          "@type": "AggregateOffer",
          priceCurrency: "GBP",
          lowPrice: schemaOrgPrice(Math.min(...prices)),
          highPrice: schemaOrgPrice(Math.max(...prices)),
          offerCount: offers.length,
          availability: product.variants.some((v) => v.stock > 0 && !v.preorder)
            ? "https://schema.org/InStock"
            : product.variants.some((v) => v.stock > 0)
              ? "https://schema.org/PreOrder"
              : "https://schema.org/OutOfStock",
          offers,
        };
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    sku: product.slug,
    url: product.url,
    ...(product.imageUrl ? { image: [product.imageUrl] } : {}),
    ...(product.description ? { description: product.description } : {}),
    ...(product.category ? { category: product.category } : {}),
    ...(product.brand ? { brand: { "@type": "Brand", name: product.brand } } : {}),
    ...(offer ? { offers: offer } : {}),
  };
}

/**
 * JSON for an inline <script type="application/ld+json">. "<" is escaped so a product name
 * containing "</script>" cannot end the script element early; JSON parsers read \u003c back.
 */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}
