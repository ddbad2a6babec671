import { describe, expect, it } from "vitest";
import { IMAGE_TEXT, IMAGE_UPLOAD_BODY_LIMIT, PRODUCT_IMAGE_LIMITS, displayName, megabytes, parseImageIntent } from "./product-images";

const form = (fields: Record<string, string>) => (name: string) => fields[name] ?? null;

describe("product image forms", () => {
  it("reads move, alt and delete intents, and nothing else", () => {
    expect(parseImageIntent(form({ intent: "move-up", imageId: "7" }))).toEqual({ intent: "move", imageId: 7, direction: "up" });
    expect(parseImageIntent(form({ intent: "move-down", imageId: "7" }))).toEqual({ intent: "move", imageId: 7, direction: "down" });
    expect(parseImageIntent(form({ intent: "alt", imageId: "7", alt: "Front" }))).toEqual({ intent: "alt", imageId: 7, alt: "Front" });
    expect(parseImageIntent(form({ intent: "delete", imageId: "7" }))).toEqual({ intent: "delete", imageId: 7 });
    expect(parseImageIntent(form({ intent: "alt", imageId: "7" }))).toBeNull();
    expect(parseImageIntent(form({ intent: "delete", imageId: "-1" }))).toBeNull();
    expect(parseImageIntent(form({ intent: "delete", imageId: "2147483648" }))).toBeNull();
    expect(parseImageIntent(form({ intent: "upload", imageId: "1" }))).toBeNull();
  });
});

describe("product image messages", () => {
  it("say what is wrong with a file, by its name", () => {
    expect(IMAGE_TEXT.refused("cat.gif", "type")).toBe('"cat.gif" is not a JPEG, PNG, WebP or AVIF image. Please save it in one of those formats and try again.');
    expect(IMAGE_TEXT.refused("big.jpg", "size", 17 * 1024 * 1024)).toMatch(/^"big\.jpg" is 17 MB: each image can be at most 15 MB\./);
    expect(IMAGE_TEXT.refused("half.jpg", "corrupt")).toMatch(/could not be read as an image/);
    expect(IMAGE_TEXT.tooManyImages(11, 3)).toBe("This product has 11 images and can have 12: choose at most 1 more (you chose 3).");
    expect(IMAGE_TEXT.tooManyImages(12, 1)).toMatch(/already has 12 images/);
  });

  it("shows file names without control characters and not endlessly long", () => {
    expect(displayName("a\u0000b.jpg")).toBe("ab.jpg");
    expect(displayName("")).toBe("The file");
    expect(displayName(`${"x".repeat(200)}.jpg`).length).toBeLessThanOrEqual(80);
  });

  it("rounds sizes as people read them", () => {
    expect(megabytes(15 * 1024 * 1024)).toBe("15 MB");
    expect(megabytes(1.25 * 1024 * 1024)).toBe("1.3 MB");
    expect(megabytes(16.24 * 1024 * 1024)).toBe("16.2 MB");
  });

  it("caps an upload post at the files it may carry plus framing", () => {
    expect(IMAGE_UPLOAD_BODY_LIMIT).toBe(PRODUCT_IMAGE_LIMITS.maxFilesPerRequest * PRODUCT_IMAGE_LIMITS.maxFileBytes + 1024 * 1024);
  });
});
