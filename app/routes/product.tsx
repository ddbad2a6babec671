import { data, useLocation, type ShouldRevalidateFunctionArgs } from "react-router";
import { CatalogueError } from "~/components/catalogue/catalogue-error";
import { ProductPage } from "~/components/product/product-page";
import { chooseVariant } from "~/modules/catalog/product-page";
import { variantPickerView } from "~/modules/catalog/variant-groups";
import { fallbackUrl } from "~/modules/media/responsive";
import { productBySlug } from "~/modules/catalog/queries.server";
import { dropViewFor } from "~/modules/drops/view.server";
import { productPreorderView } from "~/modules/preorders/preorders.server";
import { getCurrentUser } from "~/web/auth.server";
import { formatPence } from "~/utils/money";
import { pageMeta } from "~/utils/seo";
import { useRootData } from "~/web/shell";
import type { Route } from "./+types/product";

/**
 * GET /products/:slug — one visible product with all its variants. Hidden and unknown products
 * are the same 404. Which variant is shown comes from the query (`?condition=lp&printing=holo`,
 * `chooseVariant`); a query naming no variant shows the default one rather than an error.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  // The visitor is asked for at once, alongside the root loader's own ask: one session lookup.
  const [product, user] = await Promise.all([productBySlug(context.db, params.slug), getCurrentUser(request, context)]);
  if (!product) throw data("Product not found", { status: 404 });
  // The drop's public part only (no visitor): the page stays the same for everyone, and cacheable.
  const [drop, preorder] = await Promise.all([dropViewFor(context.db, product.id, null), productPreorderView(context.db, product.id, user, product.releaseDate ?? null)]);
  // The picker (groups, labels) is built here, not in the browser: its labels stay off the first load.
  return { product, picker: variantPickerView(product), drop, preorder };
}

/**
 * Choosing another variant only changes the query, and the loader already sent every variant:
 * no need to ask the server again. A form post (Add to Cart) still revalidates as usual.
 */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

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
  const chosen = chooseVariant(product.variants, new URLSearchParams(args.location.search));
  const availability = (chosen?.stock ?? 0) > 0 ? "In stock" : "Out of stock";
  const price = chosen ? `${formatPence(chosen.price)} · ` : "";
  return pageMeta(args, {
    title: product.name,
    description: summary(
      `${product.name}: ${price}${availability}. ${product.description ?? `${product.category.name}, usually dispatched within 24 hours.`}`,
    ),
    image: (product.images?.[0] ? fallbackUrl(product.images[0], Infinity) : product.imageUrl) ?? undefined,
    type: "product",
  });
};

export default function ProductRoute({ loaderData }: Route.ComponentProps) {
  const { product, picker, drop, preorder } = loaderData;
  const root = useRootData();
  const { search } = useLocation();
  const chosen = chooseVariant(product.variants, new URLSearchParams(search));
  return <ProductPage product={product} picker={picker} chosen={chosen} isPremium={root?.user?.isPremium ?? false} origin={root?.publicUrl ?? ""} drop={drop} preorder={preorder} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CatalogueError error={error} notFoundTitle="Product not found" />;
}
