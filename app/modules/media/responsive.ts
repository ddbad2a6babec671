/**
 * Responsive product images: which widths are made from an upload, their URLs, and the
 * `srcset`/`sizes` a page gives the browser to choose from. Client-safe (tiles and the product
 * page build their <picture> from it).
 */

/** Widths made of every upload (CSS pixels × density: a 320 px tile on a 2× phone wants 640). */
export const RESPONSIVE_WIDTHS = [320, 640, 960, 1600] as const;

/** Formats stored for every width, best first: a <picture> offers them in this order. */
export const OUTPUT_FORMATS = ["avif", "webp"] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export const OUTPUT_CONTENT_TYPES: Record<OutputFormat, string> = { avif: "image/avif", webp: "image/webp" };

/** Where the media route serves product images. */
export const PRODUCT_MEDIA_PATH = "/media/products";

/**
 * The widths to make of an image `originalWidth` pixels wide (after EXIF rotation): every
 * standard width below it, never one above (no upscaling), plus the image's own width when it is
 * narrower than the largest standard width and more than 10 % wider than the step below it (so
 * an 800 px upload gives 320, 640, 800; a 650 px one 320, 640; a 200 px one just 200).
 */
export function pickWidths(originalWidth: number): number[] {
  const width = Math.floor(originalWidth);
  if (!Number.isFinite(width) || width < 1) return [];
  const below = RESPONSIVE_WIDTHS.filter((w) => w <= width);
  const largest = RESPONSIVE_WIDTHS[RESPONSIVE_WIDTHS.length - 1]!;
  if (width >= largest) return [...below];
  const last = below[below.length - 1];
  if (last === undefined || width > last * 1.1) return [...below.filter((w) => w !== width), width];
  return [...below];
}

/** An uploaded product image as pages use it. */
export interface ResponsiveImage {
  /** The random key its files are named by (32 hex characters). */
  storageKey: string;
  /** Widths stored, ascending, each in every OUTPUT_FORMATS. */
  widths: number[];
  /** The (rotated) original's size, for the aspect ratio. */
  width: number;
  height: number;
  alt: string;
}

/** A stored key: 32 lower-case hex characters (128 random bits). */
export const STORAGE_KEY_PATTERN = /^[0-9a-f]{32}$/;

/** The file name of one rendition: `<key>-<width>.<format>`. */
export function renditionName(storageKey: string, width: number, format: OutputFormat): string {
  return `${storageKey}-${width}.${format}`;
}

const RENDITION = /^([0-9a-f]{32})-([1-9][0-9]{0,4})\.(avif|webp)$/;

/** The parts of a rendition's file name, or null for anything that is not one. */
export function parseRenditionName(name: string): { storageKey: string; width: number; format: OutputFormat } | null {
  const match = RENDITION.exec(name);
  if (!match) return null;
  return { storageKey: match[1]!, width: Number(match[2]), format: match[3] as OutputFormat };
}

/** The URL of one rendition. */
export function renditionUrl(storageKey: string, width: number, format: OutputFormat): string {
  return `${PRODUCT_MEDIA_PATH}/${renditionName(storageKey, width, format)}`;
}

/** `srcset` for one format: every stored width, "url 640w, …". */
export function srcSet(image: Pick<ResponsiveImage, "storageKey" | "widths">, format: OutputFormat): string {
  return [...image.widths]
    .sort((a, b) => a - b)
    .map((w) => `${renditionUrl(image.storageKey, w, format)} ${w}w`)
    .join(", ");
}

/** The largest stored width at most `max` (the smallest when all are larger). */
export function widthUpTo(widths: readonly number[], max: number): number {
  const sorted = [...widths].sort((a, b) => a - b);
  return [...sorted].reverse().find((w) => w <= max) ?? sorted[0]!;
}

/** A single URL for places that take one (the <img> fallback, JSON-LD, og:image): WebP, up to `max` px. */
export function fallbackUrl(image: Pick<ResponsiveImage, "storageKey" | "widths">, max = 960): string {
  return renditionUrl(image.storageKey, widthUpTo(image.widths, max), "webp");
}

/**
 * `sizes` for the shop's layouts (Tailwind breakpoints, content at most 1280 px less padding): a
 * tile is half the phone's width in the two-column grid, a third from sm, a quarter from lg (about
 * 300 px at the widest); the product page's image is the full width on a phone and half the
 * content (about 590 px at the widest) from md up.
 */
export const TILE_SIZES = "(min-width: 1280px) 300px, (min-width: 1024px) 24vw, (min-width: 640px) 32vw, 50vw";
export const PRODUCT_PAGE_SIZES = "(min-width: 1280px) 590px, (min-width: 768px) 50vw, 100vw";
