/**
 * Which MediaStore the shop's uploads go to: the composition root for storage. Today the local
 * disk under `DATA_DIR/media` (one per directory, made once); an object-storage store would be
 * chosen here (from its own env settings) and nowhere else (docs/operations.md, "Uploaded images").
 */
import { resolve } from "node:path";
import type { AppLoadContext } from "react-router";
import { addProductImages } from "~/modules/catalog/product-images.server";
import { IMAGE_TEXT, type UploadAnswer } from "~/modules/catalog/product-images";
import { FileMediaStore } from "~/modules/media/file-store.server";
import type { MediaStore } from "~/modules/media/storage";

const stores = new Map<string, MediaStore>();

/** The folder under DATA_DIR that holds uploaded media. */
export function mediaDirectory(dataDir: string): string {
  return resolve(dataDir, "media");
}

export function mediaStoreFor(context: Pick<AppLoadContext, "env">): MediaStore {
  const root = mediaDirectory(context.env.DATA_DIR);
  let store = stores.get(root);
  if (!store) {
    store = new FileMediaStore(root);
    stores.set(root, store);
  }
  return store;
}

/**
 * An upload post (multipart, size-capped by server/request-guard.ts) to a product's images: the
 * files of its `images` fields handed to the catalogue, the outcome as the page and the upload
 * endpoint both answer it. Null when the product does not exist.
 */
export async function receiveProductImages(
  request: Request,
  context: Pick<AppLoadContext, "db" | "env">,
  adminId: string,
  productId: number,
): Promise<{ status: number; answer: UploadAnswer } | null> {
  const form = /^multipart\/form-data\b/i.test(request.headers.get("content-type") ?? "") ? await request.formData().catch(() => null) : null;
  if (!form) return { status: 400, answer: { ok: false, message: IMAGE_TEXT.noFiles, refusals: [], addedCount: 0 } };
  // An empty file input still sends one part, with no name and no bytes: that is "no file".
  const files = form.getAll("images").filter((value): value is File => typeof value !== "string" && !(value.size === 0 && value.name === ""));
  const result = await addProductImages(context.db, mediaStoreFor(context), adminId, productId, files);
  if (result.status === "not_found") return null;
  if (result.status === "refused") return { status: 400, answer: { ok: false, message: result.message, refusals: [], addedCount: 0 } };
  const addedCount = result.added.length;
  return {
    status: addedCount > 0 ? 200 : 400,
    answer: { ok: addedCount > 0, message: addedCount > 0 ? IMAGE_TEXT.added(addedCount) : "", refusals: result.refusals, addedCount },
  };
}
