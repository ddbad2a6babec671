/**
 * Photos of a submission (`buylist_photos`, owned here): uploaded by the submission's owner,
 * checked by content and resized by modules/media (the same pipeline as product images: type
 * sniffed from the bytes, decoded in full, metadata such as GPS position dropped, AVIF and WebP
 * renditions), stored in the MediaStore under `buylist/`, and read back only for the owner or an
 * admin. The renditions are written before the row and removed when the row cannot be written.
 */
import { randomBytes } from "node:crypto";
import { count, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { buylistPhotos, buylistSubmissions } from "~/db/schema";
import { consumeRateLimit } from "~/modules/accounts/rate-limit.server";
import { HOUR_MS, type RateLimitRule } from "~/modules/accounts/policy";
import { removeFiles, type UploadedFile } from "~/modules/catalog/product-images.server";
import { processImage } from "~/modules/media/process-image.server";
import { OUTPUT_CONTENT_TYPES, OUTPUT_FORMATS, parseRenditionName, renditionName, type OutputFormat } from "~/modules/media/responsive";
import type { MediaStore, StoredMedia } from "~/modules/media/storage";
import { BUYLIST_PHOTO_LIMITS, canAddPhotos, PHOTO_TEXT, type PhotoRefusal } from "./photos";
import type { BuylistStatus } from "./status";

/** The store key of one rendition, sharded like product images. */
export function photoKey(storageKey: string, width: number, format: OutputFormat): string {
  return `buylist/${storageKey.slice(0, 2)}/${renditionName(storageKey, width, format)}`;
}

export type AddPhotosResult =
  | { status: "not_found" }
  | { status: "refused"; message: string }
  | { status: "rate_limited"; message: string; retryAfterSeconds: number }
  | { status: "done"; added: number; refusals: string[] };

/** Upload posts per customer per hour. */
export const PHOTO_UPLOAD_RATE_LIMIT: RateLimitRule = { limit: BUYLIST_PHOTO_LIMITS.uploadsPerHour, windowMs: HOUR_MS };

async function ownedSubmission(db: Db, userId: string, submissionId: number) {
  const [row] = await db.select({ userId: buylistSubmissions.userId, status: buylistSubmissions.status }).from(buylistSubmissions).where(eq(buylistSubmissions.id, submissionId));
  return row && row.userId === userId ? { status: row.status as BuylistStatus } : null;
}

async function photoCount(db: Db, submissionId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(buylistPhotos).where(eq(buylistPhotos.submissionId, submissionId));
  return Number(row?.n ?? 0);
}

/**
 * Whether the customer may upload photos to this submission now, asked before the upload's body
 * is read (up to 60 MB): someone else's submission (as not found), one past the photo statuses,
 * one with no room left, and a customer past the hourly upload limit are refused without
 * touching the files. Counts the upload against that limit when it is allowed.
 */
export async function startPhotoUpload(db: Db, userId: string, submissionId: number): Promise<Exclude<AddPhotosResult, { status: "done" }> | { status: "ok" }> {
  const submission = await ownedSubmission(db, userId, submissionId);
  if (!submission) return { status: "not_found" };
  if (!canAddPhotos(submission.status)) return { status: "refused", message: PHOTO_TEXT.closed };
  const existing = await photoCount(db, submissionId);
  if (existing >= BUYLIST_PHOTO_LIMITS.maxPerSubmission) return { status: "refused", message: PHOTO_TEXT.tooManyPhotos(existing) };
  const limited = await consumeRateLimit(db, `buylist-photos:${userId}`, PHOTO_UPLOAD_RATE_LIMIT);
  if (!limited.allowed) return { status: "rate_limited", message: PHOTO_TEXT.rateLimited(limited.retryAfterSeconds), retryAfterSeconds: limited.retryAfterSeconds };
  return { status: "ok" };
}

/**
 * Adds the owner's photos to a submission (after `startPhotoUpload` let the upload in). Refused
 * as a whole: someone else's submission (as not found), one past the photo statuses, no files,
 * too many at once or in all. Then each file on its own: the good ones are added, each bad one
 * gets its reason.
 */
export async function addSubmissionPhotos(db: Db, store: MediaStore, userId: string, submissionId: number, files: readonly UploadedFile[]): Promise<AddPhotosResult> {
  const submission = await ownedSubmission(db, userId, submissionId);
  if (!submission) return { status: "not_found" };
  if (!canAddPhotos(submission.status)) return { status: "refused", message: PHOTO_TEXT.closed };
  if (files.length === 0) return { status: "refused", message: PHOTO_TEXT.noFiles };
  if (files.length > BUYLIST_PHOTO_LIMITS.maxFilesPerRequest) return { status: "refused", message: PHOTO_TEXT.tooManyFiles(files.length) };
  const existing = await photoCount(db, submissionId);
  if (existing + files.length > BUYLIST_PHOTO_LIMITS.maxPerSubmission) return { status: "refused", message: PHOTO_TEXT.tooManyPhotos(existing) };

  let added = 0;
  const refusals: string[] = [];
  for (const file of files) {
    const outcome = await addOne(db, store, submissionId, file);
    if (outcome === "added") added += 1;
    else refusals.push(PHOTO_TEXT.refused(file.name, outcome, file.size));
  }
  return { status: "done", added, refusals };
}

async function addOne(db: Db, store: MediaStore, submissionId: number, file: UploadedFile): Promise<"added" | PhotoRefusal> {
  if (file.size === 0) return "empty";
  if (file.size > BUYLIST_PHOTO_LIMITS.maxFileBytes) return "size";
  const bytes = new Uint8Array(await file.arrayBuffer());
  // The declared size is the client's word; the bytes are what counts.
  if (bytes.byteLength > BUYLIST_PHOTO_LIMITS.maxFileBytes) return "size";
  const processed = await processImage(bytes);
  if (!processed.ok) return processed.reason;

  const storageKey = randomBytes(16).toString("hex");
  const keys: string[] = [];
  try {
    for (const rendition of processed.renditions) {
      const key = photoKey(storageKey, rendition.width, rendition.format);
      keys.push(key);
      await store.put(key, rendition.bytes, OUTPUT_CONTENT_TYPES[rendition.format]);
    }
    const outcome = await db.transaction(async (tx): Promise<"added" | PhotoRefusal> => {
      // Counted again under the submission's lock: two uploads at once cannot both take the last place.
      const [locked] = await tx.select({ status: buylistSubmissions.status }).from(buylistSubmissions).where(eq(buylistSubmissions.id, submissionId)).for("update");
      if (!locked || !canAddPhotos(locked.status as BuylistStatus)) return "closed";
      const [row] = await tx.select({ n: count() }).from(buylistPhotos).where(eq(buylistPhotos.submissionId, submissionId));
      if (Number(row?.n ?? 0) >= BUYLIST_PHOTO_LIMITS.maxPerSubmission) return "limit";
      await tx.insert(buylistPhotos).values({ submissionId, storageKey, widths: processed.widths, width: processed.width, height: processed.height });
      return "added";
    });
    if (outcome !== "added") await removeFiles(store, keys);
    return outcome;
  } catch (error) {
    await removeFiles(store, keys);
    throw error;
  }
}

/**
 * One rendition of a submission photo for a viewer: the submission's owner or an admin; null
 * (not found) for anyone else, a malformed name, or a photo that does not exist.
 */
export async function readSubmissionPhoto(db: Db, store: MediaStore, fileName: string, viewer: { id: string; isAdmin: boolean }): Promise<StoredMedia | null> {
  const parsed = parseRenditionName(fileName);
  if (!parsed || !OUTPUT_FORMATS.includes(parsed.format)) return null;
  const [row] = await db
    .select({ widths: buylistPhotos.widths, userId: buylistSubmissions.userId })
    .from(buylistPhotos)
    .innerJoin(buylistSubmissions, eq(buylistSubmissions.id, buylistPhotos.submissionId))
    .where(eq(buylistPhotos.storageKey, parsed.storageKey));
  if (!row || !row.widths.includes(parsed.width)) return null;
  if (row.userId !== viewer.id && !viewer.isAdmin) return null;
  return store.get(photoKey(parsed.storageKey, parsed.width, parsed.format));
}

/** The owner may download the prepaid label only while it is of use: the quote accepted, the cards not yet arrived. */
export const LABEL_STATUSES: readonly BuylistStatus[] = ["accepted", "shipped"];

/**
 * The prepaid label the shop attached, for an admin at any time and for the submission's owner
 * while it is accepted or shipped; null otherwise (no submission, someone else's, another
 * status, or no label).
 */
export async function readSubmissionLabel(db: Db, store: MediaStore, submissionId: number, viewer: { id: string; isAdmin: boolean }) {
  const [row] = await db
    .select({ userId: buylistSubmissions.userId, status: buylistSubmissions.status, key: buylistSubmissions.labelKey, contentType: buylistSubmissions.labelContentType, fileName: buylistSubmissions.labelFileName })
    .from(buylistSubmissions)
    .where(eq(buylistSubmissions.id, submissionId));
  if (!row || row.key === null) return null;
  const ownerMayHaveIt = row.userId === viewer.id && LABEL_STATUSES.includes(row.status as BuylistStatus);
  if (!viewer.isAdmin && !ownerMayHaveIt) return null;
  const media = await store.get(row.key);
  return media ? { media, contentType: row.contentType ?? media.contentType, fileName: row.fileName } : null;
}
