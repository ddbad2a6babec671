import { Download, Plus, Upload } from "lucide-react";
import { Form, Link } from "react-router";
import { Pagination } from "~/components/catalogue/pagination";
import { FormNotice } from "~/components/ui/form-message";
import {
  ADMIN_PRODUCT_SORT_LABELS,
  ADMIN_PRODUCT_SORTS,
  adminProductQueryString,
  PRODUCT_KINDS,
  STOCK_STATE_LABELS,
  STOCK_STATES,
  type AdminProductFilters,
} from "~/modules/catalog/admin-product-filters";
import type { AdminProductList, AdminProductRow } from "~/modules/catalog/product-admin-view";
import { formatPence } from "~/utils/money";

export const KIND_LABELS = { sealed: "Sealed", single: "Single" } as const;

const selectClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-amber-500 focus:outline-none focus:ring-2 focus:ring-amber-200";
const linkButton =
  "inline-flex min-h-10 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-700 hover:border-amber-400 hover:bg-amber-50";

function hasFilters(f: AdminProductFilters): boolean {
  return Boolean(f.q || f.language || f.category || f.visibility || f.stock || f.kind);
}

function priceText(row: AdminProductRow): string {
  if (row.headlinePrice === null) return "—";
  return row.fromPrice ? `From ${formatPence(row.headlinePrice)}` : formatPence(row.headlinePrice);
}

function StockText({ row }: { row: AdminProductRow }) {
  if (row.totalStock === 0) return <span className="font-semibold text-red-700">Sold out</span>;
  return <span className="tabular-nums">{row.totalStock.toLocaleString("en-GB")}</span>;
}

function VisibilityPill({ visible }: { visible: boolean }) {
  return visible ? (
    <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">Visible</span>
  ) : (
    <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">Hidden</span>
  );
}

/** /admin/products: every product, searchable and filtered, a page at a time; a table on a desktop, cards on a phone. */
export function ProductsPage({ list, notice }: { list: AdminProductList; notice: string | null }) {
  const { rows, total, page, pageCount, filters, sort } = list;
  const query = adminProductQueryString(filters);
  const filtered = hasFilters(filters);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Products</h1>
          <p className="mt-1 text-slate-600">Sealed product and singles, their stock and prices.</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <a href={`/admin/products/export.csv${query}`} className={linkButton}>
            <Download aria-hidden className="h-4 w-4" /> Export CSV
          </a>
          <Link to={`/admin/products/import${query}`} className={linkButton}>
            <Upload aria-hidden className="h-4 w-4" /> Import CSV
          </Link>
          <Link to="/admin/singles/new" className={linkButton}>
            <Plus aria-hidden className="h-4 w-4" /> Add a single
          </Link>
          <Link
            to="/admin/products/new"
            className="inline-flex min-h-10 items-center gap-2 rounded-lg bg-amber-500 px-4 py-2 text-sm font-semibold text-slate-900 shadow-sm hover:bg-amber-400"
          >
            <Plus aria-hidden className="h-4 w-4" /> New product
          </Link>
        </div>
      </div>

      {notice && <FormNotice>{notice}</FormNotice>}

      <Form
        key={`${query}|${sort}`}
        method="get"
        role="search"
        aria-label="Find products"
        className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4"
      >
        <div className="sm:col-span-2">
          <label htmlFor="products-q" className="block text-sm font-medium text-slate-700">
            Name or slug
          </label>
          <input
            id="products-q"
            type="search"
            name="q"
            defaultValue={filters.q}
            maxLength={100}
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-amber-500 focus:outline-none focus:ring-2 focus:ring-amber-200"
          />
        </div>
        <FilterSelect name="language" label="Language" value={filters.language} options={list.languages} />
        <FilterSelect name="category" label="Category" value={filters.category} options={list.categories} />
        <FilterSelect
          name="visibility"
          label="Visibility"
          value={filters.visibility}
          options={[
            { value: "visible", label: "Visible" },
            { value: "hidden", label: "Hidden" },
          ]}
        />
        <FilterSelect
          name="stock"
          label="Stock"
          value={filters.stock}
          options={STOCK_STATES.map((s) => ({
            value: s,
            label: STOCK_STATE_LABELS[s],
          }))}
        />
        <FilterSelect
          name="kind"
          label="Kind"
          value={filters.kind}
          options={PRODUCT_KINDS.map((k) => ({
            value: k,
            label: KIND_LABELS[k],
          }))}
        />
        <div>
          <label htmlFor="products-sort" className="block text-sm font-medium text-slate-700">
            Sort by
          </label>
          <select id="products-sort" name="sort" defaultValue={sort} className={selectClass}>
            {ADMIN_PRODUCT_SORTS.map((s) => (
              <option key={s} value={s}>
                {ADMIN_PRODUCT_SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-end gap-3 sm:col-span-2 lg:col-span-4">
          <button type="submit" className="rounded-lg bg-slate-900 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-700">
            Show products
          </button>
          {filtered && (
            <Link to="/admin/products" className="text-sm font-medium text-amber-700 underline underline-offset-2">
              Clear filters
            </Link>
          )}
        </div>
      </Form>

      <p aria-live="polite" data-testid="products-count" className="text-sm text-slate-700">
        {total === 1 ? "1 product" : `${total.toLocaleString("en-GB")} products`}
        {filtered ? " match" : ""}
        {pageCount > 1 ? ` · page ${page} of ${pageCount.toLocaleString("en-GB")}` : ""}
      </p>

      {rows.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center text-slate-600">
          {page > 1 ? "This page is past the end of the list." : filtered ? "No product matches these filters." : "No products yet."}
        </div>
      ) : (
        <>
          <table className="hidden w-full overflow-hidden rounded-xl border border-slate-200 bg-white text-sm shadow-sm md:table">
            <caption className="sr-only">Products</caption>
            <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Name
                </th>
                <th scope="col" className="px-3 py-3">
                  Kind
                </th>
                <th scope="col" className="px-3 py-3">
                  Category
                </th>
                <th scope="col" className="px-3 py-3">
                  Shop
                </th>
                <th scope="col" className="px-3 py-3 text-right">
                  Variants
                </th>
                <th scope="col" className="px-3 py-3 text-right">
                  Stock
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  Price
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row) => (
                <tr key={row.id} data-testid="admin-product-row">
                  <td className="max-w-xs px-4 py-3">
                    <Link to={`/admin/products/${row.id}`} className="font-semibold text-slate-900 hover:text-amber-700 hover:underline">
                      {row.name}
                    </Link>
                    <div className="truncate font-mono text-xs text-slate-500">{row.slug}</div>
                  </td>
                  <td className="px-3 py-3">{KIND_LABELS[row.kind]}</td>
                  <td className="px-3 py-3">
                    {row.categoryName}
                    <div className="text-xs text-slate-500">{row.languageName}</div>
                  </td>
                  <td className="px-3 py-3">
                    <VisibilityPill visible={row.isVisible} />
                  </td>
                  <td className="px-3 py-3 text-right tabular-nums">{row.variantCount}</td>
                  <td className="px-3 py-3 text-right">
                    <StockText row={row} />
                  </td>
                  <td className="whitespace-nowrap px-4 py-3 text-right tabular-nums">{priceText(row)}</td>
                </tr>
              ))}
            </tbody>
          </table>

          <ul className="space-y-3 md:hidden">
            {rows.map((row) => (
              <li key={row.id} data-testid="admin-product-card" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                <div className="flex items-start justify-between gap-3">
                  <Link to={`/admin/products/${row.id}`} className="min-w-0 font-semibold text-slate-900 hover:text-amber-700 hover:underline">
                    {row.name}
                  </Link>
                  <VisibilityPill visible={row.isVisible} />
                </div>
                <p className="mt-1 text-sm text-slate-600">
                  {KIND_LABELS[row.kind]} · {row.categoryName} · {row.languageName}
                </p>
                <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
                  <div>
                    <dt className="text-xs text-slate-500">Variants</dt>
                    <dd className="tabular-nums">{row.variantCount}</dd>
                  </div>
                  <div>
                    <dt className="text-xs text-slate-500">Stock</dt>
                    <dd>
                      <StockText row={row} />
                    </dd>
                  </div>
                  <div>
                    <dt className="text-xs text-slate-500">Price</dt>
                    <dd className="tabular-nums">{priceText(row)}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        </>
      )}
      <Pagination page={page} hasNextPage={page < pageCount} totalPages={pageCount} />
    </div>
  );
}

function FilterSelect({ name, label, value, options }: { name: string; label: string; value: string | null; options: { value: string; label: string }[] }) {
  return (
    <div>
      <label htmlFor={`products-${name}`} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select id={`products-${name}`} name={name} defaultValue={value ?? ""} className={selectClass}>
        <option value="">Any</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
