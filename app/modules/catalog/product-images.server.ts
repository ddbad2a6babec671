/**
 * A product's uploaded images (`product_images`, owned here): upload (processed by
 * modules/media into AVIF and WebP renditions in a MediaStore), order, alt text, delete. Every
 * write is an admin's, checked by the caller per request, and goes to the audit log in the same
 * transaction as the change, with what it was before and after.
 *
 * The renditions are written to the store before the row is inserted, and removed after the row
 * is deleted: a row never points at missing files. A crash between the two can leave files no row
 * names (harmless, never served by a listed URL; docs/operations.md says how to sweep them).
 */
import { randomBytes } from "node:crypto";
import { loggableMessage, processLog } from "~/utils/log.server";
import { notifyCatalogueChanged } from "./catalogue-changes.server";
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { productImages, products } from "~/db/schema";
import { recordAudit } from "~/modules/audit/audit-log.server";
import { processImage } from "~/modules/media/process-image.server";
import { OUTPUT_CONTENT_TYPES, OUTPUT_FORMATS, parseRenditionName, renditionName, type OutputFormat } from "~/modules/media/responsive";
import type { MediaStore } from "~/modules/media/storage";
import { IMAGE_TEXT, PRODUCT_IMAGE_LIMITS, type ProductImageView } from "./product-images";

/** The store key of one rendition: sharded by the key's first two characters, so no folder grows past a few thousand files. */
export function renditionKey(storageKey: string, width: number, format: OutputFormat): string {
  return `products/${storageKey.slice(0, 2)}/${renditionName(storageKey, width, format)}`;
}

function renditionKeys(image: { storageKey: string; widths: readonly number[] }): string[] {
  return image.widths.flatMap((w) => OUTPUT_FORMATS.map((f) => renditionKey(image.storageKey, w, f)));
}

const imageColumns = {
  id: productImages.id,
  storageKey: productImages.storageKey,
  widths: productImages.widths,
  width: productImages.width,
  height: productImages.height,
  alt: productImages.alt,
  sortOrder: productImages.sortOrder,
  createdAt: productImages.createdAt,
};

const IMAGE_ORDER = [asc(productImages.sortOrder), asc(productImages.id)];

export interface ImagesProduct {
  id: number;
  name: string;
  slug: string;
  isVisible: boolean;
}

/** The product the images page is about, or null when there is none. */
export async function productForImages(db: Db, productId: number): Promise<ImagesProduct | null> {
  const [row] = await db
    .select({ id: products.id, name: products.name, slug: products.slug, isVisible: products.isVisible })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  return row ?? null;
}

/** A product's images in their order (the first is the one tiles and the product page show first). */
export async function listProductImages(db: Db | Tx, productId: number): Promise<ProductImageView[]> {
  return db.select(imageColumns).from(productImages).where(eq(productImages.productId, productId)).orderBy(...IMAGE_ORDER);
}

/** Locks the product row for the rest of the transaction: image writes of one product go one at a time. */
async function lockProduct(tx: Tx, productId: number): Promise<boolean> {
  const rows = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for("update");
  return rows.length > 0;
}

/** Every image change goes through here: the product's updated_at, and the render caches told (at the commit). */
async function touchProduct(tx: Tx, productId: number) {
  await tx.update(products).set({ updatedAt: sql`now()` }).where(eq(products.id, productId));
  await notifyCatalogueChanged(tx);
}

/** A file as the upload form delivered it (a web File fits). Its name is only ever shown, never stored. */
export interface UploadedFile {
  name: string;
  size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export type AddImagesResult =
  | { status: "not_found" }
  | { status: "refused"; message: string }
  | { status: "done"; added: ProductImageView[]; refusals: string[] };

/**
 * Adds the files as images at the end of the product's order. The request as a whole is refused
 * for no files, too many files, or more images than the product may hold; past that each file
 * stands alone: the good ones are added and each refused one gets its reason (wrong type, too
 * big, damaged, too many pixels).
 */
export async function addProductImages(
  db: Db,
  store: MediaStore,
  actorUserId: string,
  productId: number,
  files: readonly UploadedFile[],
): Promise<AddImagesResult> {
  if (!(await productForImages(db, productId))) return { status: "not_found" };
  if (files.length === 0) return { status: "refused", message: IMAGE_TEXT.noFiles };
  if (files.length > PRODUCT_IMAGE_LIMITS.maxFilesPerRequest) return { status: "refused", message: IMAGE_TEXT.tooManyFiles(files.length) };
  const [{ existing } = { existing: 0 }] = await db.select({ existing: count() }).from(productImages).where(eq(productImages.productId, productId));
  if (existing + files.length > PRODUCT_IMAGE_LIMITS.maxPerProduct) {
    return { status: "refused", message: IMAGE_TEXT.tooManyImages(existing, files.length) };
  }

  const added: ProductImageView[] = [];
  const refusals: string[] = [];
  for (const file of files) {
    const outcome = await addOne(db, store, actorUserId, productId, file);
    if (outcome.ok) added.push(outcome.image);
    else if (outcome.reason === "gone") return { status: "not_found" };
    else refusals.push(outcome.message);
  }
  return { status: "done", added, refusals };
}

type AddOneOutcome = { ok: true; image: ProductImageView } | { ok: false; reason: "refused"; message: string } | { ok: false; reason: "gone" };

async function addOne(db: Db, store: MediaStore, actorUserId: string, productId: number, file: UploadedFile): Promise<AddOneOutcome> {
  const refuse = (reason: Parameters<typeof IMAGE_TEXT.refused>[1]): AddOneOutcome => ({
    ok: false,
    reason: "refused",
    message: IMAGE_TEXT.refused(file.name, reason, file.size),
  });
  if (file.size === 0) return refuse("empty");
  if (file.size > PRODUCT_IMAGE_LIMITS.maxFileBytes) return refuse("size");
  const bytes = new Uint8Array(await file.arrayBuffer());
  // The declared size is the client's word; the bytes are what counts.
  if (bytes.byteLength > PRODUCT_IMAGE_LIMITS.maxFileBytes) return refuse("size");
  const processed = await processImage(bytes);
  if (!processed.ok) return refuse(processed.reason);

  const storageKey = randomBytes(16).toString("hex");
  const keys: string[] = [];
  try {
    for (const rendition of processed.renditions) {
      const key = renditionKey(storageKey, rendition.width, rendition.format);
      keys.push(key);
      await store.put(key, rendition.bytes, OUTPUT_CONTENT_TYPES[rendition.format]);
    }
    const result = await db.transaction(async (tx): Promise<AddOneOutcome> => {
      if (!(await lockProduct(tx, productId))) return { ok: false, reason: "gone" };
      const [{ n, last } = { n: 0, last: -1 }] = await tx
        .select({ n: count(), last: sql<number>`coalesce(max(${productImages.sortOrder}), -1)`.mapWith(Number) })
        .from(productImages)
        .where(eq(productImages.productId, productId));
      // Counted again under the lock: two uploads at once cannot both take the last place.
      if (n >= PRODUCT_IMAGE_LIMITS.maxPerProduct) return refuse("limit");
      const [image] = await tx
        .insert(productImages)
        .values({ productId, storageKey, widths: processed.widths, width: processed.width, height: processed.height, alt: "", sortOrder: last + 1 })
        .returning(imageColumns);
      await touchProduct(tx, productId);
      await recordAudit(tx, {
        actorUserId,
        action: "product.image_added",
        entityType: "product",
        entityId: String(productId),
        details: {
          before: null,
          after: { imageId: image!.id, storageKey, widths: processed.widths, width: processed.width, height: processed.height, position: n + 1 },
          sourceType: processed.type,
          sourceBytes: bytes.byteLength,
        },
      });
      return { ok: true, image: image! };
    });
    if (!result.ok) await removeFiles(store, keys);
    return result;
  } catch (error) {
    await removeFiles(store, keys);
    throw error;
  }
}

/** Best effort: a file that cannot be removed is logged and left (it is named by no row, so never shown). */
/** Removes stored files; one that cannot be removed is logged and left (an orphan, docs/operations.md), never an error. */
export async function removeFiles(store: MediaStore, keys: readonly string[]) {
  for (const key of keys) {
    await store.delete(key).catch((error: unknown) => processLog().warn({ key, reason: loggableMessage(error) }, "media: could not delete a file"));
  }
}

export type ImageChangeResult = { status: "not_found" } | { status: "refused"; message: string } | { status: "done"; changed: boolean };

/** Moves an image one place up (towards first) or down. Positions are renumbered 0…n-1 in the new order. */
export async function moveProductImage(
  db: Db,
  actorUserId: string,
  productId: number,
  imageId: number,
  direction: "up" | "down",
): Promise<ImageChangeResult> {
  return db.transaction(async (tx): Promise<ImageChangeResult> => {
    if (!(await lockProduct(tx, productId))) return { status: "not_found" };
    const images = await listProductImages(tx, productId);
    const from = images.findIndex((i) => i.id === imageId);
    if (from < 0) return { status: "not_found" };
    const to = direction === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= images.length) return { status: "done", changed: false };
    const before = images.map((i) => i.id);
    const order = [...images];
    [order[from], order[to]] = [order[to]!, order[from]!];
    for (const [position, image] of order.entries()) {
      if (image.sortOrder !== position) await tx.update(productImages).set({ sortOrder: position }).where(eq(productImages.id, image.id));
    }
    await touchProduct(tx, productId);
    await recordAudit(tx, {
      actorUserId,
      action: "product.image_moved",
      entityType: "product",
      entityId: String(productId),
      details: { imageId, direction, before: { order: before }, after: { order: order.map((i) => i.id) } },
    });
    return { status: "done", changed: true };
  });
}

/** Sets an image's alt text (trimmed; empty means "the product's name" in the shop). */
export async function setProductImageAlt(db: Db, actorUserId: string, productId: number, imageId: number, rawAlt: string): Promise<ImageChangeResult> {
  const alt = rawAlt.replace(/\s+/g, " ").trim();
  if (alt.length > PRODUCT_IMAGE_LIMITS.maxAltLength) return { status: "refused", message: IMAGE_TEXT.altTooLong };
  return db.transaction(async (tx): Promise<ImageChangeResult> => {
    const [current] = await tx
      .select({ alt: productImages.alt })
      .from(productImages)
      .where(and(eq(productImages.id, imageId), eq(productImages.productId, productId)))
      .for("update");
    if (!current) return { status: "not_found" };
    if (current.alt === alt) return { status: "done", changed: false };
    await tx.update(productImages).set({ alt }).where(eq(productImages.id, imageId));
    await touchProduct(tx, productId);
    await recordAudit(tx, {
      actorUserId,
      action: "product.image_alt_changed",
      entityType: "product",
      entityId: String(productId),
      details: { imageId, before: { alt: current.alt }, after: { alt } },
    });
    return { status: "done", changed: true };
  });
}

/** Deletes an image: the row and its audit entry in one transaction, then its files. */
export async function deleteProductImage(db: Db, store: MediaStore, actorUserId: string, productId: number, imageId: number): Promise<ImageChangeResult> {
  const deleted = await db.transaction(async (tx) => {
    if (!(await lockProduct(tx, productId))) return null;
    const [image] = await tx
      .delete(productImages)
      .where(and(eq(productImages.id, imageId), eq(productImages.productId, productId)))
      .returning(imageColumns);
    if (!image) return null;
    await touchProduct(tx, productId);
    await recordAudit(tx, {
      actorUserId,
      action: "product.image_deleted",
      entityType: "product",
      entityId: String(productId),
      details: {
        imageId,
        before: { storageKey: image.storageKey, widths: image.widths, width: image.width, height: image.height, alt: image.alt, sortOrder: image.sortOrder },
        after: null,
      },
    });
    return image;
  });
  if (!deleted) return { status: "not_found" };
  await removeFiles(store, renditionKeys(deleted));
  return { status: "done", changed: true };
}

/** Every store key of a product's images (for tests and a storage sweep). */
export async function productImageKeys(db: Db | Tx, productId: number): Promise<string[]> {
  return (await listProductImages(db, productId)).flatMap(renditionKeys);
}

/**
 * The bytes of one rendition by its public file name (`<key>-<width>.<format>`), or null for a
 * name that is not one or names nothing stored. The name is parsed, never used as a path.
 */
export async function readProductMedia(store: MediaStore, fileName: string) {
  const parsed = parseRenditionName(fileName);
  if (!parsed) return null;
  return store.get(renditionKey(parsed.storageKey, parsed.width, parsed.format));
}
