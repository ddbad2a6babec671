import type { MetaDescriptor } from "react-router";
import type { ShopIdentity } from "~/config/shop";

/** What the root loader exposes to every page's meta function. */
export interface RootMetaData {
  publicUrl: string;
  shop: ShopIdentity;
}

interface MetaArgsLike {
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; loaderData?: unknown; data?: unknown } | undefined>;
}

/**
 * Title, description, canonical URL and Open Graph tags for one page. Every route's `meta`
 * goes through here so no page ships without them.
 */
export function pageMeta(
  args: MetaArgsLike,
  page: { title: string; description: string; image?: string; type?: string; noindex?: boolean },
): MetaDescriptor[] {
  const root = args.matches.find((m) => m?.id === "root");
  const rootData = (root?.loaderData ?? root?.data) as RootMetaData | undefined;
  const origin = rootData?.publicUrl ?? "";
  const shopName = rootData?.shop.name ?? "Nearmint";
  const canonical = origin + args.location.pathname;
  const fullTitle = page.title === shopName ? shopName : `${page.title} | ${shopName}`;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:site_name", content: shopName },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: page.description },
    { property: "og:url", content: canonical },
    { property: "og:type", content: page.type ?? "website" },
    { name: "twitter:card", content: page.image ? "summary_large_image" : "summary" },
  ];
  if (page.image) {
    tags.push({ property: "og:image", content: page.image.startsWith("http") ? page.image : origin + page.image });
  }
  if (page.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}
