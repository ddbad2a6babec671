import type { ProductDetail } from "~/modules/catalog/product-page";
import { breadcrumbJsonLd, jsonLdText, productJsonLd } from "~/modules/catalog/structured-data";
import { fallbackUrl } from "~/modules/media/responsive";

/**
 * A product page's JSON-LD for search engines: the product with an offer per variant, and its
 * breadcrumb. Nothing a shopper sees: the product page loads this after its own code (decision 0051).
 */
export function ProductStructuredData({
  product,
  crumbs,
  origin,
  preorderVariantIds = [],
}: {
  product: ProductDetail;
  crumbs: readonly { name: string; to: string }[];
  origin: string;
  preorderVariantIds?: readonly number[];
}) {
  const absolute = (path: string) => (path.startsWith("http") ? path : origin + path);
  const mainImage = product.images?.[0];
  // The uploaded image (its largest WebP) stands for the product in search results; else the art.
  const shareImage = mainImage ? fallbackUrl(mainImage, Infinity) : product.imageUrl;
  const structuredData = [
    productJsonLd({
      name: product.name,
      slug: product.slug,
      description: product.description,
      imageUrl: shareImage ? absolute(shareImage) : null,
      url: absolute(`/products/${product.slug}`),
      category: product.category.name,
      variants: product.variants.map((v) => ({ ...v, preorder: preorderVariantIds.includes(v.id) })),
    }),
    breadcrumbJsonLd(crumbs.map((c) => ({ name: c.name, url: absolute(c.to) }))),
  ];
  return structuredData.map((item, index) => (
    <script key={index} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(item) }} />
  ));
}
