/**
 * What an uploaded file really is, read from its first bytes (its "magic number"), never from
 * its name or the Content-Type the browser sent. Client-safe: the upload page runs the same check
 * before sending a file, and the server runs it again (then sharp decodes the file for real).
 */
export type ImageType = "jpeg" | "png" | "webp" | "avif";

export const IMAGE_TYPES: readonly ImageType[] = ["jpeg", "png", "webp", "avif"];

/** How many leading bytes `sniffImageType` needs to decide. */
export const SNIFF_BYTES = 64;

const ascii = (bytes: Uint8Array, start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));

/** AVIF brands in an ISO-BMFF `ftyp` box: still images ("avif") and sequences ("avis"). */
const AVIF_BRANDS = new Set(["avif", "avis"]);

/**
 * The image type of a file from its leading bytes, or null for anything else (text, GIF, HEIC,
 * SVG, PDF ...).
 * - JPEG: FF D8 FF.
 * - PNG: the 8-byte signature 89 "PNG" 0D 0A 1A 0A.
 * - WebP: "RIFF", a 4-byte size, "WEBP".
 * - AVIF: an ISO-BMFF `ftyp` box at the start whose major brand, or one of its compatible
 *   brands, is "avif"/"avis" (HEIC photos use the same box with "heic" brands: not accepted).
 */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return "png";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return "webp";
  if (bytes.length >= 16 && ascii(bytes, 4, 4) === "ftyp") {
    const boxSize = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
    const end = Math.min(boxSize, bytes.length);
    if (boxSize < 16) return null;
    if (AVIF_BRANDS.has(ascii(bytes, 8, 4))) return "avif";
    // After the major brand and minor version: the compatible brands, 4 bytes each.
    for (let at = 16; at + 4 <= end; at += 4) {
      if (AVIF_BRANDS.has(ascii(bytes, at, 4))) return "avif";
    }
  }
  return null;
}
