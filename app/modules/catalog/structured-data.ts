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

export function productJsonLd(product: {
  name: string;
  slug: string;
  description: string | null;
  price: number;
  stock: number;
  /** Absolute URLs. */
  imageUrl: string | null;
  url: string;
  brand?: string;
  category?: string;
}) {
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
    offers: {
      "@type": "Offer",
      url: product.url,
      price: schemaOrgPrice(product.price),
      priceCurrency: "GBP",
      availability: product.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
    },
  };
}

/**
 * JSON for an inline <script type="application/ld+json">. "<" is escaped so a product name
 * containing "</script>" cannot end the script element early; JSON parsers read \u003c back.
 */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}
