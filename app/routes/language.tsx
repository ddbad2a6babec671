import { data, Link } from "react-router";
import { CatalogueError } from "~/components/catalogue/catalogue-error";
import { Pagination } from "~/components/catalogue/pagination";
import { ProductGrid } from "~/components/catalogue/product-grid";
import { CATALOGUE_PAGE_SIZE, pageTitle, parsePage, withPageNumber } from "~/modules/catalog/paging";
import { languagePage } from "~/modules/catalog/queries.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/language";

/** GET /language/:slug — a language's categories (with counts) and all its products, newest first. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const page = parsePage(new URL(request.url));
  const result = await languagePage(context.db, params.slug, page);
  if (!result) throw data("Language not found", { status: 404 });
  return result;
}

export const meta: Route.MetaFunction = (args) => {
  const result = args.loaderData;
  if (!result) {
    return pageMeta(args, { title: "Language not found", description: "This language does not exist.", noindex: true });
  }
  const { language, productCount, categories, products } = result;
  const title = pageTitle(`${language.name} Products`, products.page);
  return withPageNumber(
    pageMeta(args, {
      title,
      description: `Shop ${productCount} ${language.name} Pokémon TCG products in ${categories.length} ${categories.length === 1 ? "category" : "categories"}: ${categories
        .slice(0, 4)
        .map((c) => c.name)
        .join(", ")}. UK shipping.`,
    }),
    products.page,
  );
};

export default function LanguagePage({ loaderData }: Route.ComponentProps) {
  const { language, categories, products, productCount } = loaderData;
  const totalPages = Math.max(1, Math.ceil(productCount / CATALOGUE_PAGE_SIZE));
  return (
    <div className="space-y-10">
      <header className="flex items-center gap-3">
        <img src={language.flagUrl} alt="" width={48} height={36} className="h-9 w-12 rounded border border-slate-200 object-cover" />
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{language.name} Products</h1>
      </header>

      <section aria-labelledby="categories-heading">
        <h2 id="categories-heading" className="text-xl font-bold text-slate-900">
          Categories
        </h2>
        {categories.length === 0 ? (
          <p className="mt-3 text-slate-600">There are no categories in this language yet.</p>
        ) : (
          <ul className="mt-4 grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 md:grid-cols-3 lg:grid-cols-4">
            {categories.map((category) => (
              <li key={category.id} data-testid="category-tile">
                <Link
                  to={`/category/${category.slug}`}
                  className="flex h-full items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-amber-400 hover:shadow-md"
                >
                  <span className="font-semibold text-slate-900">{category.name}</span>
                  <span className="shrink-0 rounded-full bg-slate-100 px-2.5 py-0.5 text-sm text-slate-700">
                    {category.productCount} {category.productCount === 1 ? "product" : "products"}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="all-products-heading">
        <h2 id="all-products-heading" className="text-xl font-bold text-slate-900">
          All Products
        </h2>
        <div className="mt-4">
          {products.items.length === 0 ? (
            <p className="text-slate-600">
              {products.page > 1 ? (
                <>
                  There are no products on this page. <Link to={`/language/${language.slug}`} className="font-semibold text-amber-700 underline">Back to the first page</Link>
                </>
              ) : (
                "There are no products in this language yet."
              )}
            </p>
          ) : (
            <ProductGrid products={products.items} eagerCount={0} />
          )}
        </div>
        <Pagination page={products.page} hasNextPage={products.hasNextPage} totalPages={totalPages} />
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CatalogueError error={error} notFoundTitle="Language not found" />;
}
