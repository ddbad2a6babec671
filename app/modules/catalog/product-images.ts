/**
 * A product's uploaded images: the limits and every message the upload page shows, shared by
 * the page (which checks files before sending them, when JavaScript runs) and the server (which
 * checks everything again). Client-safe.
 */
import { parseDbId } from "~/utils/db-id";
import { IMAGE_TYPES, type ImageType } from "~/modules/media/image-type";
import type { ResponsiveImage } from "~/modules/media/responsive";

export const PRODUCT_IMAGE_LIMITS = {
  /** Bytes per file: a phone's or camera's full-size JPEG. */
  maxFileBytes: 15 * 1024 * 1024,
  /** Files in one form post (the page without JavaScript; with it, each file is a request of its own). */
  maxFilesPerRequest: 4,
  /** Images one product may have. */
  maxPerProduct: 12,
  /** Characters of alt text. */
  maxAltLength: 250,
} as const;

/**
 * The request guard's cap for the upload paths: the most files a post may carry, each at the
 * largest size, plus a megabyte for the multipart framing and the other fields.
 */
export const IMAGE_UPLOAD_BODY_LIMIT = PRODUCT_IMAGE_LIMITS.maxFilesPerRequest * PRODUCT_IMAGE_LIMITS.maxFileBytes + 1024 * 1024;

/** What the file input offers (the browser's hint; the server decides by content). */
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp,image/avif,.jpg,.jpeg,.png,.webp,.avif";

export const IMAGE_TYPE_LABELS: Record<ImageType, string> = { jpeg: "JPEG", png: "PNG", webp: "WebP", avif: "AVIF" };
export const ACCEPTED_TYPES_TEXT = `${IMAGE_TYPES.slice(0, -1).map((t) => IMAGE_TYPE_LABELS[t]).join(", ")} or ${IMAGE_TYPE_LABELS.avif}`;

/** One image of a product as the back office lists it. */
export interface ProductImageView extends ResponsiveImage {
  id: number;
  sortOrder: number;
  createdAt: Date;
}

/** Why one file was refused. */
export type ImageRefusal = "type" | "size" | "corrupt" | "pixels" | "empty" | "limit";

/** Megabytes with one decimal, as people read file sizes ("15 MB", "16.2 MB"). */
export function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${mb >= 10 || Number.isInteger(mb) ? Math.round(mb * 10) / 10 : mb.toFixed(1)} MB`;
}

const MAX_MB = megabytes(PRODUCT_IMAGE_LIMITS.maxFileBytes);

/** The name a message shows for a file: trimmed to something readable; never used for storage. */
export function displayName(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are removed from what is shown
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, "").trim() || "The file";
  return clean.length > 80 ? `${clean.slice(0, 60)}…${clean.slice(-15)}` : clean;
}

export const IMAGE_TEXT = {
  hint: `${ACCEPTED_TYPES_TEXT}, up to ${MAX_MB} each, ${PRODUCT_IMAGE_LIMITS.maxFilesPerRequest} at a time. A product can have ${PRODUCT_IMAGE_LIMITS.maxPerProduct} images; the first one is shown on its tile and page.`,
  noFiles: "Choose at least one image to upload.",
  tooManyFiles: (count: number) =>
    `You chose ${count} files: please upload at most ${PRODUCT_IMAGE_LIMITS.maxFilesPerRequest} at a time.`,
  tooManyImages: (existing: number, adding: number) => {
    const room = Math.max(0, PRODUCT_IMAGE_LIMITS.maxPerProduct - existing);
    return room === 0
      ? `This product already has ${existing} images, the most it can have. Delete one to add another.`
      : `This product has ${existing} images and can have ${PRODUCT_IMAGE_LIMITS.maxPerProduct}: choose at most ${room} more (you chose ${adding}).`;
  },
  refused: (name: string, reason: ImageRefusal, size = 0): string => {
    const shown = `"${displayName(name)}"`;
    switch (reason) {
      case "type":
        return `${shown} is not a ${ACCEPTED_TYPES_TEXT} image. Please save it in one of those formats and try again.`;
      case "size":
        return `${shown} is ${megabytes(size)}: each image can be at most ${MAX_MB}. Please make it smaller and try again.`;
      case "corrupt":
        return `${shown} could not be read as an image: it may be damaged or incomplete. Please save it again and retry.`;
      case "pixels":
        return `${shown} has too many pixels (over 50 megapixels). Please scale it down and try again.`;
      case "empty":
        return `${shown} is empty.`;
      case "limit":
        return `${shown} was not added: this product already has ${PRODUCT_IMAGE_LIMITS.maxPerProduct} images.`;
    }
  },
  added: (count: number) => (count === 1 ? "1 image added." : `${count} images added.`),
  deleted: "Image deleted.",
  moved: "Order saved.",
  altSaved: "Alt text saved.",
  altTooLong: `Alt text can be at most ${PRODUCT_IMAGE_LIMITS.maxAltLength} characters.`,
  imageNotFound: "That image no longer exists: it may have been deleted in another window.",
  productNotFound: "Product not found.",
  resend: "Sorry, that request was not understood. Please try again.",
  uploadFailed: "The upload did not finish. Please check your connection and try again.",
} as const;

/** What a url-encoded post to the images page asks for. */
export type ImageIntent =
  | { intent: "move"; imageId: number; direction: "up" | "down" }
  | { intent: "alt"; imageId: number; alt: string }
  | { intent: "delete"; imageId: number };

/** Reads the images page's small forms (move, alt text, delete); null for anything else. */
export function parseImageIntent(get: (name: string) => string | null): ImageIntent | null {
  const imageId = parseDbId(get("imageId"));
  if (imageId === null) return null;
  switch (get("intent")) {
    case "move-up":
      return { intent: "move", imageId, direction: "up" };
    case "move-down":
      return { intent: "move", imageId, direction: "down" };
    case "alt": {
      const alt = get("alt");
      return alt === null ? null : { intent: "alt", imageId, alt };
    }
    case "delete":
      return { intent: "delete", imageId };
    default:
      return null;
  }
}

/** What `?done=` says after a redirect back to the images page (Post/Redirect/Get). */
export const IMAGE_NOTICES = { moved: IMAGE_TEXT.moved, alt: IMAGE_TEXT.altSaved, deleted: IMAGE_TEXT.deleted } as const;

/** The answer to an upload (the page without JavaScript renders it; the upload endpoint sends it as JSON). */
export interface UploadAnswer {
  ok: boolean;
  /** The whole request's refusal, or what was added. */
  message: string;
  /** One message per refused file. */
  refusals: string[];
  addedCount: number;
}

/** The answer to a refused alt-text edit: the text typed comes back with the message. */
export interface AltRefusal {
  imageId: number;
  alt: string;
  message: string;
}
