import { data, Link } from "react-router";
import { Breadcrumb } from "~/components/catalogue/breadcrumb";
import { CatalogueError } from "~/components/catalogue/catalogue-error";
import { Pagination } from "~/components/catalogue/pagination";
import { ProductGrid } from "~/components/catalogue/product-grid";
import { CATALOGUE_PAGE_SIZE, pageTitle, parsePage, withPageNumber } from "~/modules/catalog/paging";
import { categoryPage } from "~/modules/catalog/queries.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/category";

/** GET /category/:slug — the category's counts and its visible products by name. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const page = parsePage(new URL(request.url));
  const result = await categoryPage(context.db, params.slug, page);
  if (!result) throw data("Category not found", { status: 404 });
  return result;
}

export const meta: Route.MetaFunction = (args) => {
  const result = args.loaderData;
  if (!result) {
    return pageMeta(args, { title: "Category not found", description: "This category does not exist.", noindex: true });
  }
  const { category, productCount, inStockCount, products } = result;
  return withPageNumber(
    pageMeta(args, {
      title: pageTitle(category.name, products.page),
      description: `${category.name}: ${productCount} ${productCount === 1 ? "product" : "products"}, ${inStockCount} in stock. Pokémon TCG from a UK shop, with member prices for Pro.`,
    }),
    products.page,
  );
};

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, language, productCount, inStockCount, products } = loaderData;
  const totalPages = Math.max(1, Math.ceil(productCount / CATALOGUE_PAGE_SIZE));
  return (
    <div className="space-y-6">
      <Breadcrumb
        items={[
          { name: language.name, to: `/language/${language.slug}` },
          { name: category.name, to: `/category/${category.slug}` },
        ]}
      />
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{category.name}</h1>
        <p className="mt-2 flex flex-wrap gap-2 text-sm">
          <span data-testid="product-count" className="rounded-full bg-slate-100 px-3 py-1 font-medium text-slate-700">
            {productCount} {productCount === 1 ? "product" : "products"}
          </span>
          <span data-testid="in-stock-count" className="rounded-full bg-green-100 px-3 py-1 font-medium text-green-800">
            {inStockCount} in stock
          </span>
        </p>
      </header>
      {products.items.length === 0 ? (
        <p className="text-slate-600">
          {products.page > 1 ? (
            <>
              There are no products on this page. <Link to={`/category/${category.slug}`} className="font-semibold text-amber-700 underline">Back to the first page</Link>
            </>
          ) : (
            "There are no products in this category yet."
          )}
        </p>
      ) : (
        <ProductGrid products={products.items} showStockCount eagerCount={products.page === 1 ? 4 : 0} headingLevel={2} />
      )}
      <Pagination page={products.page} hasNextPage={products.hasNextPage} totalPages={totalPages} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CatalogueError error={error} notFoundTitle="Category not found" />;
}
