import { ShopDateTime } from "~/components/ui/format-date";
import { Copy, Eye, EyeOff, ExternalLink, Image as ImageIcon, Timer, Trash2 } from "lucide-react";
import { Form, Link } from "react-router";
import { FormError, FormNotice } from "~/components/ui/form-message";
import type { AdminProductDetail, CategoryChoice, ProductRefusal, StockHistoryPage } from "~/modules/catalog/product-admin-view";
import { STOCK_MOVEMENT_LABELS } from "~/modules/catalog/product-admin-view";
import type { FormValues } from "~/modules/catalog/product-form";
import { ProductForm } from "./product-form";
import { KIND_LABELS } from "./products-page";
import { AddVariantForm, VariantsPanel } from "./variant-stock-panel";

const outline =
  "inline-flex min-h-10 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-700 hover:border-amber-400 hover:bg-amber-50";

function BackLink() {
  return (
    <Link to="/admin/products" className="text-sm font-medium text-amber-700 underline underline-offset-2">
      All products
    </Link>
  );
}

/** /admin/products/new: an empty sealed product; singles are listed from the card database. */
export function NewProductPage({
  categories,
  values,
  errors,
  message,
}: {
  categories: CategoryChoice[];
  values: FormValues;
  errors: ProductRefusal["errors"];
  message?: string;
}) {
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">New product</h1>
        <BackLink />
      </div>
      <p className="text-slate-700">
        A sealed product (a box, a pack, an accessory) with one price and stock. To sell a single card, use{" "}
        <Link to="/admin/singles/new" className="font-medium text-amber-700 underline underline-offset-2">
          add a single
        </Link>
        : it is listed from the card database with a variant per condition.
      </p>
      <ProductForm mode="create" sealed values={values} errors={errors} message={message} categories={categories} />
    </div>
  );
}

/** /admin/products/:id: the product's state and actions, its details, variants and stock, and the stock history. */
export function ProductPage({
  product,
  categories,
  history,
  notice,
  confirmDelete,
  values,
  refusal,
}: {
  product: AdminProductDetail;
  categories: CategoryChoice[];
  history: StockHistoryPage;
  notice: string | null;
  confirmDelete: boolean;
  values: FormValues;
  refusal: ProductRefusal | null;
}) {
  const single = product.kind === "single";
  const productRefusal = refusal?.form === "product" ? refusal : null;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div className="min-w-0">
          <h1 className="break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{product.name}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <span>{KIND_LABELS[product.kind]}</span>
            <span aria-hidden>·</span>
            <span>{product.categoryName}</span>
            <span aria-hidden>·</span>
            {product.isVisible ? (
              <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">Shown in the shop</span>
            ) : (
              <span data-testid="product-hidden" className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">
                Hidden from the shop
              </span>
            )}
          </p>
        </div>
        <BackLink />
      </div>

      {notice && <FormNotice>{notice}</FormNotice>}
      {refusal?.form === "actions" && <FormError>{refusal.message}</FormError>}

      <section aria-label="Actions" className="flex flex-wrap items-center gap-2">
        <a href={`/products/${product.slug}`} className={outline}>
          <ExternalLink aria-hidden className="h-4 w-4" /> View in the shop
        </a>
        <Link to={`/admin/products/${product.id}/images`} className={outline}>
          <ImageIcon aria-hidden className="h-4 w-4" /> Images
        </Link>
        {/* Opens the product's drop if it has one, else the form to set one up. */}
        <Link to={`/admin/drops/new?product=${product.id}`} className={outline}>
          <Timer aria-hidden className="h-4 w-4" /> Timed drop
        </Link>
        <Form method="post">
          <input type="hidden" name="intent" value={product.isVisible ? "hide" : "show"} />
          <button type="submit" className={outline}>
            {product.isVisible ? <EyeOff aria-hidden className="h-4 w-4" /> : <Eye aria-hidden className="h-4 w-4" />}
            {product.isVisible ? "Hide from the shop" : "Show in the shop"}
          </button>
        </Form>
        {!single && (
          <Form method="post">
            <input type="hidden" name="intent" value="duplicate" />
            <button type="submit" className={outline}>
              <Copy aria-hidden className="h-4 w-4" /> Duplicate
            </button>
          </Form>
        )}
        {product.hasOrders ? (
          <span className="text-sm text-slate-600">Ordered before: it can be hidden, not deleted.</span>
        ) : (
          !confirmDelete && (
            <Link to="?delete=confirm" className={`${outline} border-red-300 text-red-800 hover:border-red-400 hover:bg-red-50`}>
              <Trash2 aria-hidden className="h-4 w-4" /> Delete…
            </Link>
          )
        )}
      </section>

      {(confirmDelete || refusal?.form === "delete") && !product.hasOrders && (
        <section aria-labelledby="delete-heading" className="space-y-3 rounded-xl border border-red-300 bg-red-50 p-4">
          <h2 id="delete-heading" className="font-semibold text-red-900">
            Delete {product.name}?
          </h2>
          <p className="text-sm text-red-900">
            It has never been ordered, so it can go for good, with its variants, stock history and images. This cannot be undone; hiding it keeps it.
          </p>
          {refusal?.form === "delete" && <FormError>{refusal.message}</FormError>}
          <Form method="post" className="flex flex-wrap items-center gap-3">
            <input type="hidden" name="intent" value="delete" />
            <label className="inline-flex items-center gap-2 text-sm text-red-900">
              <input type="checkbox" name="confirm" value="yes" /> Yes, delete this product
            </label>
            <button type="submit" className="rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800">
              Delete for good
            </button>
            <Link to={`/admin/products/${product.id}`} className="text-sm font-medium text-slate-700 underline underline-offset-2">
              Keep it
            </Link>
          </Form>
        </section>
      )}

      <section aria-labelledby="details-heading" className="space-y-3">
        <h2 id="details-heading" className="text-lg font-semibold text-slate-900">
          Details
        </h2>
        <ProductForm
          // A fresh form for another product or after a save (the stored values); a refusal keeps what was typed.
          key={`${product.id}-${new Date(product.updatedAt).getTime()}`}
          mode="edit"
          sealed={!single}
          values={values}
          errors={productRefusal?.errors ?? {}}
          message={productRefusal?.message}
          categories={categories}
        />
      </section>

      <section aria-labelledby="stock-heading" className="space-y-3">
        <h2 id="stock-heading" className="text-lg font-semibold text-slate-900">
          {single ? "Variants and stock" : "Stock"}
        </h2>
        <p className="text-sm text-slate-600">Stock already excludes units held by checkouts. Every change is recorded in the history below with its reason.</p>
        <VariantsPanel single={single} variants={product.variants} refusal={refusal} />
        {single && <AddVariantForm refusal={refusal?.form === "new-variant" ? refusal : null} />}
      </section>

      <StockHistory history={history} productId={product.id} />
    </div>
  );
}

function StockHistory({ history, productId }: { history: StockHistoryPage; productId: number }) {
  const link = (page: number) => `/admin/products/${productId}${page > 1 ? `?history=${page}` : ""}#stock-history`;
  return (
    <section aria-labelledby="stock-history" className="space-y-3">
      <h2 id="stock-history" className="text-lg font-semibold text-slate-900">
        Stock history
      </h2>
      {history.rows.length === 0 ? (
        <p className="text-sm text-slate-600">No stock movements yet.</p>
      ) : (
        <>
          <ul className="space-y-2 md:hidden">
            {history.rows.map((row) => (
              <li key={row.id} data-testid="stock-history-card" className="rounded-xl border border-slate-200 bg-white p-3 text-sm shadow-sm">
                <div className="flex items-baseline justify-between gap-2">
                  <span className={`font-semibold tabular-nums ${row.delta > 0 ? "text-green-800" : "text-red-800"}`}>
                    {row.delta > 0 ? `+${row.delta}` : row.delta}{" "}
                    <span className="font-normal text-slate-700">
                      ({row.stockBefore} → {row.stockAfter})
                    </span>
                  </span>
                  <span className="text-xs text-slate-600">
                    <ShopDateTime value={row.createdAt} />
                  </span>
                </div>
                <p className="mt-1 text-slate-800">
                  {STOCK_MOVEMENT_LABELS[row.reason] ?? row.reason}
                  {row.variantLabel && <span className="text-slate-600"> · {row.variantLabel}</span>}
                  {row.orderId !== null && <span className="text-slate-600"> · order #{row.orderId}</span>}
                </p>
                {row.note && <p className="text-xs text-slate-600">{row.note}</p>}
                <p className="break-all text-xs text-slate-600">{row.actorEmail ?? "The shop"}</p>
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm md:block">
            <table className="w-full text-sm">
              <caption className="sr-only">Stock history, newest first</caption>
              <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    When
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Variant
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Change
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Before → after
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Why
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Who
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {history.rows.map((row) => (
                  <tr key={row.id} data-testid="stock-history-row">
                    <td className="whitespace-nowrap px-3 py-2 text-slate-700">
                      <ShopDateTime value={row.createdAt} />
                    </td>
                    <td className="px-3 py-2">{row.variantLabel ?? "—"}</td>
                    <td className={`px-3 py-2 text-right font-semibold tabular-nums ${row.delta > 0 ? "text-green-800" : "text-red-800"}`}>
                      {row.delta > 0 ? `+${row.delta}` : row.delta}
                    </td>
                    <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">
                      {row.stockBefore} → {row.stockAfter}
                    </td>
                    <td className="px-3 py-2">
                      {STOCK_MOVEMENT_LABELS[row.reason] ?? row.reason}
                      {row.orderId !== null && <span className="text-slate-600"> · order #{row.orderId}</span>}
                      {row.note && <div className="text-xs text-slate-600">{row.note}</div>}
                    </td>
                    <td className="break-all px-3 py-2 text-slate-700">{row.actorEmail ?? "The shop"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {history.pageCount > 1 && (
        <nav aria-label="Stock history pages" className="flex items-center justify-between gap-3 text-sm">
          {history.page > 1 ? (
            <Link to={link(history.page - 1)} className={outline}>
              Newer
            </Link>
          ) : (
            <span />
          )}
          <span className="text-slate-600">
            Page {history.page} of {history.pageCount}
          </span>
          {history.page < history.pageCount ? (
            <Link to={link(history.page + 1)} className={outline}>
              Older
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </section>
  );
}
