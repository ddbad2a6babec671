/**
 * The posts of the product pages in the back office, read and carried out: each form's intent is
 * parsed with product-form.ts and handed to product-admin.server.ts. The routes stay thin (one
 * call); the answer is a redirect (Post/Redirect/Get) or a refusal with everything typed.
 */
import type { Db } from "~/db/client.server";
import type { MediaStore } from "~/modules/media/storage";
import {
  addVariant,
  adjustVariantStock,
  createSealedProduct,
  deleteProduct,
  duplicateProduct,
  removeVariant,
  setProductVisibility,
  updateProduct,
  updateVariants,
  type WriteResult,
} from "./product-admin.server";
import type { ProductFormName, ProductNotice, ProductRefusal } from "./product-admin-view";
import { notifyCatalogueChanged } from "./catalogue-changes.server";
import { parseNewVariantForm, parseProductForm, parseStockAdjustment, parseVariantsForm, PRODUCT_TEXT, type FormValues } from "./product-form";
import { eq } from "drizzle-orm";
import { products, productVariants } from "~/db/schema";

export type ProductActionResult = { redirect: string } | { status: number; refusal: ProductRefusal };

type Get = (name: string) => string | undefined;

/** A form's fields as strings (files and repeated fields: the first string). */
export function formGetter(body: FormData): Get {
  return (name) => {
    const value = body.get(name);
    return typeof value === "string" ? value : undefined;
  };
}

const refused = (form: ProductFormName, status: number, message: string, errors: ProductRefusal["errors"], values: FormValues, variantId?: number): ProductActionResult => ({
  status,
  refusal: { form, message, errors, values, ...(variantId !== undefined ? { variantId } : {}) },
});

const to = (productId: number, done: ProductNotice) => ({ redirect: `/admin/products/${productId}?done=${done}` });

function fromWrite<T>(form: ProductFormName, result: WriteResult<T>, values: FormValues, onOk: (r: T) => ProductActionResult, variantId?: number): ProductActionResult {
  if (!result.ok) return refused(form, result.status, result.message, result.errors, values, variantId);
  return onOk(result as T);
}

/**
 * A write that went through (a redirect) tells every instance's render cache at once (decision
 * 0049), so visitors see a saved price, name, visibility or deletion without waiting for the
 * cached pages to run out.
 */
async function announced(db: Db, result: ProductActionResult): Promise<ProductActionResult> {
  if ("redirect" in result) await notifyCatalogueChanged(db);
  return result;
}

/** /admin/products/new: a sealed product (singles are listed from the card database at /admin/singles/new). */
export async function createProductAction(db: Db, adminId: string, body: FormData): Promise<ProductActionResult> {
  return announced(db, await createProduct(db, adminId, body));
}

async function createProduct(db: Db, adminId: string, body: FormData): Promise<ProductActionResult> {
  const parsed = parseProductForm(formGetter(body), { sealed: true, withStock: true });
  if (!parsed.ok) return refused("product", 400, PRODUCT_TEXT.fix, parsed.errors, parsed.values);
  const result = await createSealedProduct(db, adminId, { product: parsed.input.product, sealed: parsed.input.sealed! });
  return fromWrite("product", result, parsed.values, (r) => to(r.id, "created"));
}

const INTENTS = ["save", "variants", "add-variant", "remove-variant", "adjust-stock", "duplicate", "hide", "show", "delete"] as const;

/** /admin/products/:id: every form on the page, by its `intent`. */
export async function productAction(db: Db, store: MediaStore, adminId: string, productId: number, body: FormData): Promise<ProductActionResult> {
  return announced(db, await carryOut(db, store, adminId, productId, body));
}

async function carryOut(db: Db, store: MediaStore, adminId: string, productId: number, body: FormData): Promise<ProductActionResult> {
  const get = formGetter(body);
  const intent = INTENTS.find((i) => i === get("intent"));
  if (!intent) return refused("actions", 400, PRODUCT_TEXT.resend, {}, {});
  const [product] = await db.select({ kind: products.kind }).from(products).where(eq(products.id, productId));
  if (!product) return refused("actions", 404, PRODUCT_TEXT.notFound, {}, {});

  switch (intent) {
    case "save": {
      const parsed = parseProductForm(get, { sealed: product.kind === "sealed", withStock: false });
      if (!parsed.ok) return refused("product", 400, PRODUCT_TEXT.fix, parsed.errors, parsed.values);
      const result = await updateProduct(db, adminId, productId, { product: parsed.input.product, sealed: parsed.input.sealed });
      return fromWrite("product", result, parsed.values, (r) => to(productId, r.changed ? "saved" : "unchanged"));
    }
    case "variants": {
      const ids = (await db.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.productId, productId))).map((v) => v.id);
      const parsed = parseVariantsForm(get, ids);
      if (!parsed.ok) return refused("variants", 400, PRODUCT_TEXT.fix, parsed.errors, parsed.values);
      const result = await updateVariants(db, adminId, productId, parsed.input);
      return fromWrite("variants", result, parsed.values, (r) => to(productId, r.changed ? "variants" : "unchanged"));
    }
    case "add-variant": {
      const parsed = parseNewVariantForm(get);
      if (!parsed.ok) return refused("new-variant", 400, PRODUCT_TEXT.fix, parsed.errors, parsed.values);
      return fromWrite("new-variant", await addVariant(db, adminId, productId, parsed.input), parsed.values, () => to(productId, "variant-added"));
    }
    case "remove-variant": {
      const variantId = Number(get("variantId"));
      if (!Number.isSafeInteger(variantId) || variantId < 1) return refused("variants", 400, PRODUCT_TEXT.variantNotFound, {}, {});
      return fromWrite("variants", await removeVariant(db, adminId, productId, variantId), {}, () => to(productId, "variant-removed"));
    }
    case "adjust-stock": {
      const parsed = parseStockAdjustment(get);
      const variantId = Number(parsed.values.variantId) || undefined;
      if (!parsed.ok) return refused("stock", 400, PRODUCT_TEXT.fix, parsed.errors, parsed.values, variantId);
      const result = await adjustVariantStock(db, adminId, productId, parsed.input);
      return fromWrite("stock", result, parsed.values, (r) => to(productId, r.changed ? "stock" : "stock-unchanged"), variantId);
    }
    case "duplicate":
      return fromWrite("actions", await duplicateProduct(db, adminId, productId), {}, (r) => to(r.id, "duplicated"));
    case "hide":
    case "show":
      return fromWrite("actions", await setProductVisibility(db, adminId, productId, intent === "show"), {}, () => to(productId, intent === "show" ? "shown" : "hidden"));
    case "delete": {
      if (get("confirm") !== "yes") return refused("delete", 400, PRODUCT_TEXT.confirmDelete, { confirm: PRODUCT_TEXT.confirmDelete }, {});
      return fromWrite("delete", await deleteProduct(db, store, adminId, productId), {}, () => ({ redirect: "/admin/products?done=deleted" }));
    }
  }
}
