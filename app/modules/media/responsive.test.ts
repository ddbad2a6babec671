import { describe, expect, it } from "vitest";
import { fallbackUrl, parseRenditionName, pickWidths, renditionName, renditionUrl, srcSet, widthUpTo } from "./responsive";

describe("pickWidths", () => {
  it("takes every standard width a large image covers, and never one above it", () => {
    expect(pickWidths(4000)).toEqual([320, 640, 960, 1600]);
    expect(pickWidths(1600)).toEqual([320, 640, 960, 1600]);
    expect(pickWidths(1200)).toEqual([320, 640, 960, 1200]);
  });

  it("adds the image's own width when it is clearly wider than the step below, and never upscales", () => {
    expect(pickWidths(800)).toEqual([320, 640, 800]);
    expect(pickWidths(650)).toEqual([320, 640]);
    expect(pickWidths(640)).toEqual([320, 640]);
    expect(pickWidths(200)).toEqual([200]);
    expect(pickWidths(320)).toEqual([320]);
    expect(pickWidths(1)).toEqual([1]);
  });

  it("gives nothing for a width that is not one", () => {
    expect(pickWidths(0)).toEqual([]);
    expect(pickWidths(Number.NaN)).toEqual([]);
  });
});

const KEY = "0123456789abcdef0123456789abcdef";

describe("rendition names and URLs", () => {
  it("names a rendition by key, width and format, and reads the name back", () => {
    expect(renditionName(KEY, 640, "avif")).toBe(`${KEY}-640.avif`);
    expect(renditionUrl(KEY, 640, "webp")).toBe(`/media/products/${KEY}-640.webp`);
    expect(parseRenditionName(`${KEY}-640.avif`)).toEqual({ storageKey: KEY, width: 640, format: "avif" });
  });

  it.each([
    `${KEY}-640.jpg`,
    `${KEY}-0640.webp`,
    `${KEY.toUpperCase()}-640.webp`,
    `${KEY}-640.webp/..`,
    `../${KEY}-640.webp`,
    `..%2f${KEY}-640.webp`,
    `${KEY.slice(1)}-640.webp`,
    `${KEY}-640.webp.webp`,
    `${KEY}-123456.webp`,
    "",
  ])("refuses %j", (name) => {
    expect(parseRenditionName(name)).toBeNull();
  });
});

describe("srcSet and sizes", () => {
  it("lists every stored width with its w descriptor, narrowest first", () => {
    expect(srcSet({ storageKey: KEY, widths: [960, 320, 640] }, "avif")).toBe(
      `/media/products/${KEY}-320.avif 320w, /media/products/${KEY}-640.avif 640w, /media/products/${KEY}-960.avif 960w`,
    );
  });

  it("picks the largest width up to a limit for single-URL uses (WebP)", () => {
    expect(widthUpTo([320, 640, 960, 1600], 1000)).toBe(960);
    expect(widthUpTo([320, 640], 100)).toBe(320);
    expect(fallbackUrl({ storageKey: KEY, widths: [320, 640, 960, 1600] })).toBe(`/media/products/${KEY}-960.webp`);
    expect(fallbackUrl({ storageKey: KEY, widths: [320, 640, 960, 1600] }, Infinity)).toBe(`/media/products/${KEY}-1600.webp`);
  });
});
