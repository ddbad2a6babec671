import sharp, { type Metadata, type Sharp, type SharpOptions } from "sharp";
import { loggableMessage, processLog } from "~/utils/log.server";
import { sniffImageType, type ImageType } from "./image-type";
import { OUTPUT_FORMATS, pickWidths, type OutputFormat } from "./responsive";

/**
 * Turning an upload into the shop's renditions with sharp: the file's type read from its bytes,
 * decoded in full (a damaged file is refused here, not half-shown later), turned upright by its
 * EXIF orientation, and encoded at every width of `pickWidths` as AVIF and WebP. Nothing of the
 * original's metadata (EXIF with GPS position and camera serial, XMP, ICC beyond sRGB conversion)
 * is written: sharp keeps none unless asked, and it is not asked.
 */

/** Decompression bombs: a 15 MB PNG can claim 30,000 × 30,000 pixels. 50 megapixels is any camera's photo. */
export const MAX_INPUT_PIXELS = 50_000_000;

/** AVIF at quality 50 looks like WebP at 80 at about half the bytes; effort 2 keeps a 1600 px encode near a second. */
const ENCODERS: Record<OutputFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 80, effort: 4 }),
};

/** sharp's name for each accepted input type (AVIF is HEIF with AV1 inside). */
const SHARP_FORMATS: Record<ImageType, string> = { jpeg: "jpeg", png: "png", webp: "webp", avif: "heif" };

export interface Rendition {
  width: number;
  height: number;
  format: OutputFormat;
  bytes: Buffer;
}

export type ProcessedImage =
  | { ok: true; type: ImageType; width: number; height: number; widths: number[]; renditions: Rendition[] }
  | { ok: false; reason: "type" | "corrupt" | "pixels" };

export async function processImage(bytes: Uint8Array): Promise<ProcessedImage> {
  const type = sniffImageType(bytes);
  if (!type) return { ok: false, reason: "type" };
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // failOn "warning": any decoder complaint (a truncated JPEG, a bad PNG checksum) refuses the file.
  const options: SharpOptions = { failOn: "warning", limitInputPixels: false, animated: false };

  let metadata: Metadata;
  try {
    metadata = await sharp(input, options).metadata();
  } catch {
    return { ok: false, reason: "corrupt" };
  }
  // The bytes must say the same as the header sniffed (an AVIF brand in front of HEIC data is not AVIF).
  if (metadata.format !== SHARP_FORMATS[type] || (type === "avif" && metadata.compression !== "av1")) {
    return { ok: false, reason: metadata.format === undefined ? "corrupt" : "type" };
  }
  if (!metadata.width || !metadata.height) return { ok: false, reason: "corrupt" };
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS) return { ok: false, reason: "pixels" };

  const upright = metadata.autoOrient ?? { width: metadata.width, height: metadata.height };
  const widths = pickWidths(upright.width);
  const largest = widths[widths.length - 1]!;
  try {
    // Decoded once, rotated and brought down to the largest width needed; every rendition is made
    // from those pixels rather than decoding the original again per width.
    const { data, info } = await sharp(input, { ...options, limitInputPixels: MAX_INPUT_PIXELS })
      .autoOrient()
      .resize({ width: largest, withoutEnlargement: true })
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const renditions: Rendition[] = [];
    for (const width of widths) {
      for (const format of OUTPUT_FORMATS) {
        const out = await ENCODERS[format](sharp(data, raw).resize({ width, withoutEnlargement: true })).toBuffer({ resolveWithObject: true });
        renditions.push({ width, height: out.info.height, format, bytes: out.data });
      }
    }
    return { ok: true, type, width: upright.width, height: upright.height, widths, renditions };
  } catch (error) {
    processLog().warn({ reason: loggableMessage(error) }, "media: an upload could not be processed");
    return { ok: false, reason: "corrupt" };
  }
}
