import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FileMediaStore } from "./file-store.server";
import { isMediaKey } from "./storage";

const parent = mkdtempSync(join(tmpdir(), "nearmint-store-"));
const root = join(parent, "media");
afterAll(() => rmSync(parent, { recursive: true, force: true }));

describe("media keys", () => {
  it.each(["products/ab/ab12-640.webp", "a", "x_y/z.avif"])("accepts %j", (key) => expect(isMediaKey(key)).toBe(true));
  it.each(["", "../secret", "products/../../etc/passwd", "/etc/passwd", "products//x", "Products/x", "a/./b", "a\\b", "a/b\u0000", "a/..b", "products/x y"])(
    "refuses %j",
    (key) => expect(isMediaKey(key)).toBe(false),
  );
});

describe("FileMediaStore", () => {
  const store = new FileMediaStore(root);

  it("puts, gets (with the content type its extension says) and deletes", async () => {
    await store.put("products/ab/ab-320.webp", Buffer.from("webp bytes"), "image/webp");
    const got = await store.get("products/ab/ab-320.webp");
    expect(got && Buffer.from(got.bytes).toString()).toBe("webp bytes");
    expect(got?.contentType).toBe("image/webp");
    expect(got?.size).toBe(10);
    // No temporary file is left beside it.
    expect(readdirSync(join(root, "products/ab"))).toEqual(["ab-320.webp"]);
    await store.delete("products/ab/ab-320.webp");
    expect(await store.get("products/ab/ab-320.webp")).toBeNull();
    await store.delete("products/ab/ab-320.webp"); // gone already: not an error
  });

  it("never reaches outside its folder", async () => {
    writeFileSync(join(parent, "secret.txt"), "secret");
    expect(await store.get("../secret.txt")).toBeNull();
    await expect(store.put("../secret.txt", Buffer.from("x"), "text/plain")).rejects.toThrow(/Not a media key/);
    await expect(store.delete("../secret.txt")).rejects.toThrow(/Not a media key/);
    expect(() => store.pathOf("/etc/passwd")).toThrow();
  });

  it("answers null for a key under a file (not a folder)", async () => {
    await store.put("products/cd/file.webp", Buffer.from("x"), "image/webp");
    expect(await store.get("products/cd/file.webp/inner.webp")).toBeNull();
  });
});
