/**
 * Where uploaded media live: a small key → bytes store, so the files can move from the local disk
 * (`FileMediaStore`, under DATA_DIR) to object storage (S3, R2, GCS ...) by writing another
 * implementation of these three calls; nothing else knows where the bytes are (docs/operations.md).
 *
 * Keys are names the shop makes itself (never a user's file name): lower-case letters, digits,
 * dots, hyphens and underscores in segments separated by "/", e.g. "products/ab/ab12…-640.webp".
 * A store refuses any other key, so no key can climb out of the store ("..", absolute paths).
 */
export interface MediaStore {
  /** Stores the bytes under the key, replacing what was there. Visible to `get` once it resolves. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes under the key, or null when there is nothing there. */
  get(key: string): Promise<StoredMedia | null>;
  /** Removes the key; nothing there is not an error. */
  delete(key: string): Promise<void>;
}

export interface StoredMedia {
  bytes: Uint8Array;
  contentType: string;
  /** Bytes. */
  size: number;
}

const SEGMENT = /^[a-z0-9_-][a-z0-9._-]{0,127}$/;

/** Whether `key` is a key the stores accept (see MediaStore). */
export function isMediaKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  return key.split("/").every((segment) => SEGMENT.test(segment) && segment !== "." && segment !== ".." && !segment.includes(".."));
}

export class InvalidMediaKeyError extends Error {
  constructor(key: string) {
    super(`Not a media key: ${JSON.stringify(key.slice(0, 100))}`);
  }
}
