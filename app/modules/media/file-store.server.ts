import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { InvalidMediaKeyError, isMediaKey, type MediaStore, type StoredMedia } from "./storage";

/** Content types by extension: the file system keeps no metadata, and keys end in their format. */
const CONTENT_TYPES: Record<string, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
};

/**
 * Media on the local disk: key "products/ab/x-640.webp" is the file `<root>/products/ab/x-640.webp`.
 * A write goes to a temporary file in the same folder and is renamed into place, so a reader never
 * sees half a file and a crash leaves no truncated image behind. Fine for one machine (or a shared
 * volume); several app servers without a shared disk need an object-storage MediaStore instead.
 */
export class FileMediaStore implements MediaStore {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  /** The file of a key; throws for a key that is not one (see isMediaKey). */
  pathOf(key: string): string {
    if (!isMediaKey(key)) throw new InvalidMediaKeyError(key);
    const path = resolve(this.root, ...key.split("/"));
    // isMediaKey already rules out "..": this is the belt to its braces.
    if (!path.startsWith(this.root + sep)) throw new InvalidMediaKeyError(key);
    return path;
  }

  /** The content type is not kept: the key's extension says it (see CONTENT_TYPES). */
  async put(key: string, bytes: Uint8Array, _contentType?: string): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const temporary = join(dirname(path), `.${randomBytes(8).toString("hex")}.tmp`);
    try {
      await writeFile(temporary, bytes);
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredMedia | null> {
    if (!isMediaKey(key)) return null;
    try {
      const bytes = await readFile(this.pathOf(key));
      const extension = key.slice(key.lastIndexOf(".") + 1);
      return { bytes, size: bytes.length, contentType: CONTENT_TYPES[extension] ?? "application/octet-stream" };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR") return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
