import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { SNIFF_BYTES, sniffImageType } from "./image-type";

const pixels = () => sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 200, g: 30, b: 30 } } });

describe("sniffImageType", () => {
  it.each([
    ["jpeg", () => pixels().jpeg().toBuffer()],
    ["png", () => pixels().png().toBuffer()],
    ["webp", () => pixels().webp().toBuffer()],
    ["avif", () => pixels().avif().toBuffer()],
  ] as const)("knows a real %s by its first bytes", async (type, make) => {
    const bytes = await make();
    expect(sniffImageType(bytes)).toBe(type);
    expect(sniffImageType(bytes.subarray(0, SNIFF_BYTES))).toBe(type);
  });

  it("refuses other formats and text, whatever they are called", async () => {
    expect(sniffImageType(await pixels().gif().toBuffer())).toBeNull();
    expect(sniffImageType(await pixels().tiff().toBuffer())).toBeNull();
    expect(sniffImageType(Buffer.from("this is a text file pretending to be photo.jpg"))).toBeNull();
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(sniffImageType(Buffer.from("%PDF-1.7"))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });

  it("tells AVIF from HEIC (same box, other brands) and from a truncated header", () => {
    const ftyp = (major: string, ...compatible: string[]) => {
      const size = 16 + 4 * compatible.length;
      const box = Buffer.alloc(size);
      box.writeUInt32BE(size, 0);
      box.write("ftyp", 4, "latin1");
      box.write(major, 8, "latin1");
      compatible.forEach((brand, i) => box.write(brand, 16 + 4 * i, "latin1"));
      return box;
    };
    expect(sniffImageType(ftyp("avif", "mif1", "miaf"))).toBe("avif");
    expect(sniffImageType(ftyp("mif1", "miaf", "avif"))).toBe("avif");
    expect(sniffImageType(ftyp("heic", "mif1", "heic"))).toBeNull();
    expect(sniffImageType(ftyp("mp42", "isom"))).toBeNull();
    expect(sniffImageType(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(sniffImageType(Buffer.from("RIFF\u0000\u0000\u0000\u0000WAVE", "latin1"))).toBeNull();
  });
});
