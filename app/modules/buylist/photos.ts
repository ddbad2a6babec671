/**
 * Photos of a submission's cards (fronts and backs): limits, wording and URLs, shared by the
 * submission page and the server. Photos are private: their URLs go to a route that checks the
 * viewer is the submission's owner or an admin (decision 0042), never to the public media path.
 * Client-safe.
 */
import { ACCEPTED_TYPES_TEXT, displayName, IMAGE_TEXT, megabytes, type ImageRefusal } from "~/modules/catalog/product-images";
import { waitPhrase } from "~/utils/wait";
import type { OutputFormat } from "~/modules/media/responsive";
import type { BuylistStatus } from "./status";

export { IMAGE_ACCEPT as PHOTO_ACCEPT } from "~/modules/catalog/product-images";

export const BUYLIST_PHOTO_LIMITS = {
  /** Bytes per file: a phone's full-size photo. */
  maxFileBytes: 15 * 1024 * 1024,
  /** Files in one post (the request guard's multipart cap is sized for this). */
  maxFilesPerRequest: 4,
  /** Photos one submission may have. */
  maxPerSubmission: 12,
  /** Upload posts one customer may make in an hour (each is up to four photos to decode and resize). */
  uploadsPerHour: 20,
} as const;

/** Why one photo was not added: the image checks' reasons, "limit" (the list is full) or "closed" (the cards were sent meanwhile). */
export type PhotoRefusal = ImageRefusal | "closed";

/** The request guard's cap for the photo upload: the most files at the largest size, plus a megabyte of framing. */
export const PHOTO_UPLOAD_BODY_LIMIT = BUYLIST_PHOTO_LIMITS.maxFilesPerRequest * BUYLIST_PHOTO_LIMITS.maxFileBytes + 1024 * 1024;

/** Photos can be added until the cards are on their way. */
export const PHOTO_STATUSES: readonly BuylistStatus[] = ["submitted", "quoted", "accepted"];

export function canAddPhotos(status: BuylistStatus): boolean {
  return PHOTO_STATUSES.includes(status);
}

export const BUYLIST_PHOTO_PATH = "/sell/photos";

/** One rendition's private URL. */
export function photoUrl(storageKey: string, width: number, format: OutputFormat): string {
  return `${BUYLIST_PHOTO_PATH}/${storageKey}-${width}.${format}`;
}

export function photoSrcSet(photo: { storageKey: string; widths: readonly number[] }, format: OutputFormat): string {
  return [...photo.widths]
    .sort((a, b) => a - b)
    .map((w) => `${photoUrl(photo.storageKey, w, format)} ${w}w`)
    .join(", ");
}

const MAX_MB = megabytes(BUYLIST_PHOTO_LIMITS.maxFileBytes);

export const PHOTO_TEXT = {
  hint: `${ACCEPTED_TYPES_TEXT}, up to ${MAX_MB} each, ${BUYLIST_PHOTO_LIMITS.maxFilesPerRequest} at a time, ${BUYLIST_PHOTO_LIMITS.maxPerSubmission} in all. Only you and our staff can see them.`,
  noFiles: "Choose at least one photo to upload.",
  tooManyFiles: (count: number) => `You chose ${count} photos: please upload at most ${BUYLIST_PHOTO_LIMITS.maxFilesPerRequest} at a time.`,
  tooManyPhotos: (existing: number) => {
    const room = Math.max(0, BUYLIST_PHOTO_LIMITS.maxPerSubmission - existing);
    return room === 0
      ? `This sell list already has ${existing} photos, the most it can have.`
      : `This sell list has ${existing} photos and can have ${BUYLIST_PHOTO_LIMITS.maxPerSubmission}: choose at most ${room} more.`;
  },
  closed: "Photos can only be added until you send the cards.",
  added: (count: number) => (count === 1 ? "Your photo was added." : `${count} photos were added.`),
  /** Some photos added, some not: said as a notice, with each refused file listed under it. */
  partlyAdded: (count: number) => `${count === 1 ? "One photo was added" : `${count} photos were added`}; these were not:`,
  rateLimited: (retryAfterSeconds: number) => `You have uploaded a lot of photos in the last hour. Please wait ${waitPhrase(retryAfterSeconds)} and try again.`,
  /** One refused photo, in words about photos and this sell list (the image checks' own words for the file itself). */
  refused: (name: string, reason: PhotoRefusal, size = 0): string => {
    if (reason === "limit") return `"${displayName(name)}" was not added: this sell list already has ${BUYLIST_PHOTO_LIMITS.maxPerSubmission} photos, the most it can have.`;
    if (reason === "closed") return `"${displayName(name)}" was not added: photos can only be added until you send the cards.`;
    return IMAGE_TEXT.refused(name, reason, size);
  },
} as const;
