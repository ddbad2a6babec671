import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, categories, productImages } from "~/db/schema";
import {
  addProductImages,
  deleteProductImage,
  listProductImages,
  moveProductImage,
  productImageKeys,
  renditionKey,
  setProductImageAlt,
} from "~/modules/catalog/product-images.server";
import { PRODUCT_IMAGE_LIMITS } from "~/modules/catalog/product-images";
import { findProducts } from "~/modules/catalog/card-search.server";
import { parseSearchParams } from "~/modules/catalog/find-filters";
import { categoryPage, productBySlug, searchProducts } from "~/modules/catalog/queries.server";
import { FileMediaStore } from "~/modules/media/file-store.server";
import { OUTPUT_FORMATS } from "~/modules/media/responsive";
import { createTestDatabase, type TestDatabase } from "../setup/database";
import { createUser } from "../support/accounts";
import { checkoutFixtures } from "../support/checkout-fixtures";
import { hasBuild, startApp, type RunningApp } from "../support/http-app";
import { cookieFor } from "../support/shop-world";

/**
 * Product images end to end below the browser: real JPEG/PNG files made with sharp go through
 * the catalogue's upload (type by content, EXIF rotation, renditions in every width and format in
 * a real file store), order, alt text and delete with their audit rows; the shop's listings and
 * product page read the first image in their own queries; and, through the real HTTP stack, the
 * upload page and endpoint (admin only), and the media route's headers and refusals.
 */
let database: TestDatabase;
let dataDir: string;
let store: FileMediaStore;
let adminId: string;
let fixtures: ReturnType<typeof checkoutFixtures>;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), "nearmint-images-"));
  store = new FileMediaStore(join(dataDir, "media"));
  fixtures = checkoutFixtures(database.db);
  const admin = await createUser(database.db, { email: "images.admin@example.test", adminEmails: new Set(["images.admin@example.test"]) });
  adminId = admin.id;
});
afterAll(async () => {
  await database?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 180, g: 40, b: 60 } } }).composite([
    // A white block in the top-left corner, to see where the top ends up after rotation.
    { input: { create: { width: Math.round(width / 4), height: Math.round(height / 4), channels: 3, background: "#ffffff" } }, top: 0, left: 0 },
  ]);

/** A 1000×600 JPEG whose EXIF says "rotate 90° clockwise to view", with a camera make in it. */
async function rotatedJpeg(): Promise<Buffer> {
  return photo(1000, 600).jpeg({ quality: 85 }).withMetadata({ orientation: 6 }).withExif({ IFD0: { Make: "TestCam", Copyright: "secret" } }).toBuffer();
}

const file = (bytes: Uint8Array, name: string) => new File([bytes as Uint8Array<ArrayBuffer>], name);

function filesOnDisk(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)]));
  try {
    return walk(join(dataDir, "media"));
  } catch {
    return [];
  }
}

async function fakeImages(productId: number, count: number) {
  for (let i = 0; i < count; i++) {
    await database.db.insert(productImages).values({
      productId,
      storageKey: `${productId.toString(16).padStart(8, "0")}${i.toString(16).padStart(24, "0")}`,
      widths: [320],
      width: 320,
      height: 320,
      sortOrder: i,
    });
  }
}

describe("uploading", () => {
  it("turns a rotated JPEG and a PNG into upright renditions of every width in AVIF and WebP, without metadata", async () => {
    const product = await fixtures.product();
    const png = await photo(200, 100).png().toBuffer();
    const result = await addProductImages(database.db, store, adminId, product.id, [file(await rotatedJpeg(), "IMG_0001.JPG"), file(png, "scan.png")]);
    expect(result.status).toBe("done");
    if (result.status !== "done") return;
    expect(result.refusals).toEqual([]);
    const [jpeg, small] = result.added;
    // Upright: the 1000×600 landscape was a portrait photo; 600 wide gives 320 and its own 600.
    expect(jpeg).toMatchObject({ width: 600, height: 1000, widths: [320, 600], sortOrder: 0, alt: "" });
    expect(small).toMatchObject({ width: 200, height: 100, widths: [200], sortOrder: 1 });
    expect(jpeg!.storageKey).toMatch(/^[0-9a-f]{32}$/);

    for (const image of [jpeg!, small!]) {
      for (const width of image.widths) {
        for (const format of OUTPUT_FORMATS) {
          const stored = await store.get(renditionKey(image.storageKey, width, format));
          expect(stored, `${width}.${format}`).not.toBeNull();
          const meta = await sharp(stored!.bytes).metadata();
          expect(meta.format).toBe(format === "avif" ? "heif" : "webp");
          expect(meta.width).toBe(width);
          expect(meta.exif).toBeUndefined();
          expect(meta.orientation).toBeUndefined();
          expect(stored!.contentType).toBe(`image/${format}`);
        }
      }
    }
    // The white corner was top-left before rotation; after a quarter turn clockwise it is top-right.
    const upright = await store.get(renditionKey(jpeg!.storageKey, 320, "webp"));
    const { data, info } = await sharp(upright!.bytes).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => data[(y * info.width + x) * info.channels]!;
    expect(at(info.width - 5, 5)).toBeGreaterThan(230);
    expect(at(5, 5)).toBeLessThan(220);
    // Never the user's file name in a path.
    expect(filesOnDisk().some((path) => /IMG_0001|scan/i.test(path))).toBe(false);

    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "product"), eq(auditLog.entityId, String(product.id)), eq(auditLog.action, "product.image_added")));
    expect(audit).toHaveLength(2);
    expect(audit[0]!.actorUserId).toBe(adminId);
    expect(audit[0]!.details).toMatchObject({ before: null, after: { storageKey: jpeg!.storageKey, widths: [320, 600] } });
  });

  it("refuses, each with its reason, a .jpg that is text, a GIF, a damaged JPEG and a file over 15 MB, keeping the good one", async () => {
    const product = await fixtures.product();
    const before = filesOnDisk().length;
    const good = await photo(400, 400).webp().toBuffer();
    const jpeg = await photo(800, 800).jpeg().toBuffer();
    const result = await addProductImages(database.db, store, adminId, product.id, [
      file(Buffer.from("I am a text file, not a photo"), "holiday.jpg"),
      file(await photo(50, 50).gif().toBuffer(), "anim.gif"),
      file(jpeg.subarray(0, Math.floor(jpeg.length * 0.6)), "cut-off.jpg"),
      file(good, "fine.webp"),
    ]);
    expect(result.status).toBe("done");
    if (result.status !== "done") return;
    expect(result.added).toHaveLength(1);
    expect(result.refusals).toEqual([
      '"holiday.jpg" is not a JPEG, PNG, WebP or AVIF image. Please save it in one of those formats and try again.',
      '"anim.gif" is not a JPEG, PNG, WebP or AVIF image. Please save it in one of those formats and try again.',
      '"cut-off.jpg" could not be read as an image: it may be damaged or incomplete. Please save it again and retry.',
    ]);
    // Only the good image's renditions were written (400 px: 320 and 400, two formats each).
    expect(filesOnDisk().length - before).toBe(4);

    const big = await addProductImages(database.db, store, adminId, product.id, [file(Buffer.alloc(PRODUCT_IMAGE_LIMITS.maxFileBytes + 1, 0xff), "huge.jpg")]);
    expect(big).toEqual({ status: "done", added: [], refusals: ['"huge.jpg" is 15 MB: each image can be at most 15 MB. Please make it smaller and try again.'] });
  });

  it("refuses a post with no file, too many files, or more images than a product may have", async () => {
    const product = await fixtures.product();
    expect(await addProductImages(database.db, store, adminId, product.id, [])).toEqual({ status: "refused", message: "Choose at least one image to upload." });
    const five = Array.from({ length: 5 }, (_, i) => file(Buffer.from("x"), `${i}.jpg`));
    expect(await addProductImages(database.db, store, adminId, product.id, five)).toMatchObject({ status: "refused", message: expect.stringMatching(/at most 4 at a time/) });
    await fakeImages(product.id, PRODUCT_IMAGE_LIMITS.maxPerProduct - 1);
    const png = await photo(100, 100).png().toBuffer();
    expect(await addProductImages(database.db, store, adminId, product.id, [file(png, "a.png"), file(png, "b.png")])).toEqual({
      status: "refused",
      message: "This product has 11 images and can have 12: choose at most 1 more (you chose 2).",
    });
    expect(await addProductImages(database.db, store, adminId, 2_000_000_000, [file(png, "a.png")])).toEqual({ status: "not_found" });
  });

  it("lets only one of two uploads at once take a product's last place", async () => {
    const product = await fixtures.product();
    await fakeImages(product.id, PRODUCT_IMAGE_LIMITS.maxPerProduct - 1);
    const before = filesOnDisk().length;
    const png = await photo(100, 100).png().toBuffer();
    const results = await Promise.all([1, 2].map((n) => addProductImages(database.db, store, adminId, product.id, [file(png, `${n}.png`)])));
    const added = results.flatMap((r) => (r.status === "done" ? r.added : []));
    // The loser is refused either under the lock (its file refused: "not added") or, when it starts
    // after the winner committed, by the count read first (the whole upload refused): both say why.
    const refusals = results.flatMap((r) => (r.status === "done" ? r.refusals : r.status === "refused" ? [r.message] : []));
    expect(added).toHaveLength(1);
    expect(refusals).toEqual([expect.stringMatching(/already has 12 images/)]);
    expect(await listProductImages(database.db, product.id)).toHaveLength(PRODUCT_IMAGE_LIMITS.maxPerProduct);
    // The loser's files were removed again: only the winner's two renditions remain.
    expect(filesOnDisk().length - before).toBe(2);
  });
});

describe("order, alt text and delete", () => {
  it("moves an image up and down, renumbering the order, and records each move", async () => {
    const product = await fixtures.product();
    await fakeImages(product.id, 3);
    const [a, b, c] = (await listProductImages(database.db, product.id)).map((i) => i.id);
    expect(await moveProductImage(database.db, adminId, product.id, c!, "up")).toEqual({ status: "done", changed: true });
    expect((await listProductImages(database.db, product.id)).map((i) => i.id)).toEqual([a, c, b]);
    expect(await moveProductImage(database.db, adminId, product.id, a!, "down")).toEqual({ status: "done", changed: true });
    expect((await listProductImages(database.db, product.id)).map((i) => [i.id, i.sortOrder])).toEqual([
      [c, 0],
      [a, 1],
      [b, 2],
    ]);
    expect(await moveProductImage(database.db, adminId, product.id, c!, "up")).toEqual({ status: "done", changed: false });
    expect(await moveProductImage(database.db, adminId, product.id, b!, "down")).toEqual({ status: "done", changed: false });
    const other = await fixtures.product();
    expect(await moveProductImage(database.db, adminId, other.id, a!, "up")).toEqual({ status: "not_found" });
    const moves = await database.db.select().from(auditLog).where(and(eq(auditLog.entityId, String(product.id)), eq(auditLog.action, "product.image_moved")));
    expect(moves).toHaveLength(2);
    expect(moves[0]!.details).toMatchObject({ before: { order: [a, b, c] }, after: { order: [a, c, b] } });
  });

  it("sets alt text (trimmed), refuses one too long, and records before and after", async () => {
    const product = await fixtures.product();
    await fakeImages(product.id, 1);
    const [image] = await listProductImages(database.db, product.id);
    expect(await setProductImageAlt(database.db, adminId, product.id, image!.id, "  Booster box,   front  ")).toEqual({ status: "done", changed: true });
    expect((await listProductImages(database.db, product.id))[0]!.alt).toBe("Booster box, front");
    expect(await setProductImageAlt(database.db, adminId, product.id, image!.id, "Booster box, front")).toEqual({ status: "done", changed: false });
    expect(await setProductImageAlt(database.db, adminId, product.id, image!.id, "x".repeat(251))).toMatchObject({ status: "refused" });
    const [entry] = await database.db.select().from(auditLog).where(and(eq(auditLog.entityId, String(product.id)), eq(auditLog.action, "product.image_alt_changed")));
    expect(entry!.details).toMatchObject({ before: { alt: "" }, after: { alt: "Booster box, front" } });
  });

  it("deletes an image: its row, then every file, with an audit row", async () => {
    const product = await fixtures.product();
    const png = await photo(800, 800).png().toBuffer();
    const upload = await addProductImages(database.db, store, adminId, product.id, [file(png, "a.png")]);
    if (upload.status !== "done") throw new Error("upload failed");
    const keys = await productImageKeys(database.db, product.id);
    expect(keys).toHaveLength(6); // 320, 640, 800 × AVIF, WebP
    for (const key of keys) expect(await store.get(key)).not.toBeNull();
    expect(await deleteProductImage(database.db, store, adminId, product.id, upload.added[0]!.id)).toEqual({ status: "done", changed: true });
    for (const key of keys) expect(await store.get(key)).toBeNull();
    expect(await listProductImages(database.db, product.id)).toEqual([]);
    expect(await deleteProductImage(database.db, store, adminId, product.id, upload.added[0]!.id)).toEqual({ status: "not_found" });
    const [entry] = await database.db.select().from(auditLog).where(and(eq(auditLog.entityId, String(product.id)), eq(auditLog.action, "product.image_deleted")));
    expect(entry!.details).toMatchObject({ after: null, before: { storageKey: upload.added[0]!.storageKey } });
  });
});

describe("the shop reads the first image in its own queries", () => {
  it("gives tiles (category, search) the first image, null without one, and the product page every image in order", async () => {
    const withImages = await fixtures.product({ name: "Glimmering Tidepool Booster Box" });
    const without = await fixtures.product({ name: "Glimmering Tidepool Tin" });
    await fakeImages(withImages.id, 2);
    const [first, second] = await listProductImages(database.db, withImages.id);
    await moveProductImage(database.db, adminId, withImages.id, second!.id, "up");

    const [category] = await database.db.select().from(categories).where(eq(categories.id, withImages.categoryId));
    const page = await categoryPage(database.db, category!.slug);
    const tile = page!.products.items.find((p) => p.id === withImages.id)!;
    expect(tile.image).toEqual({ storageKey: second!.storageKey, widths: [320], width: 320, height: 320, alt: "" });
    expect(page!.products.items.find((p) => p.id === without.id)!.image).toBeNull();

    const found = await searchProducts(database.db, "glimmering tidepool");
    expect(found.items.find((p) => p.id === withImages.id)!.image?.storageKey).toBe(second!.storageKey);
    expect(found.items.find((p) => p.id === without.id)!.image).toBeNull();

    // The shop's search page and set pages (one listing statement, a probe per row).
    const listing = await findProducts(database.db, parseSearchParams(new URLSearchParams({ q: "glimmering tidepool" })));
    const items = listing!.results.items;
    expect(items.find((i) => i.productId === withImages.id)!.image).toEqual({ storageKey: second!.storageKey, widths: [320], width: 320, height: 320, alt: "" });
    expect(items.find((i) => i.productId === without.id)!.image).toBeNull();

    const detail = await productBySlug(database.db, withImages.slug);
    expect(detail!.images!.map((i) => i.storageKey)).toEqual([second!.storageKey, first!.storageKey]);
    expect((await productBySlug(database.db, without.slug))!.images).toEqual([]);
  });
});

// ---- Through the real HTTP stack ------------------------------------------------------------

describe.runIf(hasBuild)("over HTTP", () => {
  let app: RunningApp;
  let adminCookie: string;
  let customerCookie: string;
  let productId: number;
  let productSlug: string;
  let categoryId: number;

  beforeAll(async () => {
    app = await startApp(database.db, { DATA_DIR: dataDir, ADMIN_EMAILS: "images.admin@example.test" });
    adminCookie = await cookieFor(database.db, adminId);
    const customer = await createUser(database.db, { verified: true });
    customerCookie = await cookieFor(database.db, customer.id);
    const product = await fixtures.product({ name: "Media Route Elite Trainer Box" });
    productId = product.id;
    productSlug = product.slug;
    categoryId = product.categoryId;
  });
  afterAll(async () => {
    await app?.close();
  });

  const post = (path: string, body: FormData, cookie: string | null) =>
    fetch(new URL(path, app.base), { method: "POST", body, headers: { Origin: app.base, ...(cookie ? { Cookie: cookie } : {}) }, redirect: "manual" });

  const upload = async (name: string, bytes: Buffer) => {
    const form = new FormData();
    form.append("images", new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
    return form;
  };

  it("uploads through the page without JavaScript (multipart, several files) and shows what happened", async () => {
    const form = new FormData();
    form.append("intent", "upload");
    form.append("images", new Blob([(await photo(900, 900).jpeg().toBuffer()) as Uint8Array<ArrayBuffer>]), "box.jpg");
    form.append("images", new Blob([Buffer.from("not really a picture")]), "notes.png");
    const answer = await post(`/admin/products/${productId}/images`, form, adminCookie);
    expect(answer.status).toBe(200);
    const html = await answer.text();
    expect(html).toContain("1 image added.");
    expect(html).toContain("&quot;notes.png&quot; is not a JPEG, PNG, WebP or AVIF image.");
    expect(await listProductImages(database.db, productId)).toHaveLength(1);
  });

  it("uploads one file through the endpoint the page's script uses, answering JSON", async () => {
    const answer = await post(`/admin/products/${productId}/images/upload`, await upload("second.webp", await photo(500, 300).webp().toBuffer()), adminCookie);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await answer.json()).toEqual({ ok: true, message: "1 image added.", refusals: [], addedCount: 1 });
    const refused = await post(`/admin/products/${productId}/images/upload`, await upload("x.jpg", Buffer.from("text")), adminCookie);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ ok: false, addedCount: 0, refusals: [expect.stringMatching(/^"x\.jpg" is not a JPEG/)] });
    const missing = await post(`/admin/products/2000000000/images/upload`, await upload("x.jpg", Buffer.from("text")), adminCookie);
    expect(missing.status).toBe(404);
  });

  it("refuses uploads from a guest (401, before the body is read) and a customer (403), writing nothing", async () => {
    const before = (await listProductImages(database.db, productId)).length;
    const png = await photo(100, 100).png().toBuffer();
    for (const path of [`/admin/products/${productId}/images`, `/admin/products/${productId}/images/upload`]) {
      expect((await post(path, await upload("a.png", png), null)).status).toBe(401);
      expect((await post(path, await upload("a.png", png), customerCookie)).status).toBe(403);
    }
    expect(await listProductImages(database.db, productId)).toHaveLength(before);
  });

  it("reorders, sets alt text and deletes through the page's small forms, each ending back on the page", async () => {
    const images = await listProductImages(database.db, productId);
    const form = (fields: Record<string, string>) => {
      const body = new URLSearchParams(fields);
      return fetch(new URL(`/admin/products/${productId}/images`, app.base), {
        method: "POST",
        body,
        headers: { Origin: app.base, Cookie: adminCookie },
        redirect: "manual",
      });
    };
    const moved = await form({ intent: "move-down", imageId: String(images[0]!.id) });
    expect(moved.status).toBe(302);
    expect(moved.headers.get("location")).toBe(`/admin/products/${productId}/images?done=moved#images`);
    expect((await listProductImages(database.db, productId)).map((i) => i.id)).toEqual([images[1]!.id, images[0]!.id]);
    expect((await form({ intent: "alt", imageId: String(images[0]!.id), alt: "The box, front" })).status).toBe(302);
    const tooLong = await form({ intent: "alt", imageId: String(images[0]!.id), alt: "y".repeat(300) });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toContain("y".repeat(300)); // what was typed comes back
    expect((await form({ intent: "delete", imageId: "2000000000" })).status).toBe(404);
    expect((await form({ intent: "nonsense", imageId: "1" })).status).toBe(400);
    // Customer: refused whatever the form.
    const customer = await fetch(new URL(`/admin/products/${productId}/images`, app.base), {
      method: "POST",
      body: new URLSearchParams({ intent: "delete", imageId: String(images[0]!.id) }),
      headers: { Origin: app.base, Cookie: customerCookie },
      redirect: "manual",
    });
    expect(customer.status).toBe(403);
    expect(await listProductImages(database.db, productId)).toHaveLength(2);
  });

  it("serves renditions with a year's immutable public cache, their type and an ETag, to anyone", async () => {
    const [first] = await listProductImages(database.db, productId);
    const url = new URL(`/media/products/${first!.storageKey}-320.avif`, app.base);
    for (const cookie of [null, customerCookie]) {
      const answer = await fetch(url, { headers: cookie ? { Cookie: cookie } : {} });
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe("image/avif");
      expect(answer.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(answer.headers.get("etag")).toBe(`"${first!.storageKey}-320.avif"`);
      expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
      const bytes = Buffer.from(await answer.arrayBuffer());
      expect(answer.headers.get("content-length")).toBe(String(bytes.length));
      expect((await sharp(bytes).metadata()).width).toBe(320);
    }
    const again = await fetch(url, { headers: { "If-None-Match": `"${first!.storageKey}-320.avif"` } });
    expect(again.status).toBe(304);
    expect((await fetch(url, { method: "HEAD" })).status).toBe(200);
    const webp = await fetch(new URL(`/media/products/${first!.storageKey}-320.webp`, app.base));
    expect(webp.headers.get("content-type")).toBe("image/webp");
  });

  it("answers 404 for unknown names and never reads outside the store", async () => {
    const [first] = await listProductImages(database.db, productId);
    const raw = (path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const url = new URL(app.base);
        const req = httpRequest({ host: url.hostname, port: url.port, path, method: "GET" }, (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk) => (body += chunk));
          res.on("end", () => resolve({ status: res.statusCode!, body }));
        });
        req.on("error", reject);
        req.end();
      });
    const paths = [
      `/media/products/${"0".repeat(32)}-320.webp`,
      `/media/products/${first!.storageKey}-321.webp`,
      `/media/products/${first!.storageKey}-320.jpg`,
      "/media/products/..%2F..%2F..%2Fpackage.json",
      "/media/products/%2e%2e%2f%2e%2e%2fpackage.json",
      `/media/products/..%2f${first!.storageKey.slice(0, 2)}%2f${first!.storageKey}-320.webp`,
      `/media/products/${first!.storageKey.slice(0, 2)}%2f${first!.storageKey}-320.webp`,
      "/media/products/..%5C..%5Cpackage.json",
      `/media/products/${first!.storageKey}-320.webp%00`,
    ];
    for (const path of paths) {
      const answer = await raw(path);
      expect(answer.status, path).toBe(404);
      expect(answer.body, path).not.toContain('"name": "nearmint"');
    }
    const climbing = await raw("/media/products/../../package.json");
    expect(climbing.body).not.toContain('"name": "nearmint"');
  });

  it("shows the first image on the product page and its tile with AVIF and WebP srcsets, and in the JSON-LD", async () => {
    const [first] = await listProductImages(database.db, productId);
    const html = await (await fetch(new URL(`/products/${productSlug}`, app.base))).text();
    expect(html).toContain(`<source type="image/avif" srcSet="/media/products/${first!.storageKey}-320.avif 320w`);
    expect(html).toContain(`<source type="image/webp" srcSet="/media/products/${first!.storageKey}-320.webp 320w`);
    expect(html).toMatch(/sizes="\(min-width: 1280px\) 590px/);
    expect(html).toContain('alt="The box, front"');
    expect(html).toContain(`"image":["https://shop.test/media/products/${first!.storageKey}-`);
    const [category] = await database.db.select().from(categories).where(eq(categories.id, categoryId));
    const listing = await (await fetch(new URL(`/category/${category!.slug}`, app.base))).text();
    expect(listing).toContain(`srcSet="/media/products/${first!.storageKey}-320.avif 320w`);
    expect(listing).toMatch(/sizes="\(min-width: 1280px\) 300px/);
  });
});
