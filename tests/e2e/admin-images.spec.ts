import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { expectNoViolations } from "./a11y";
import { signInAsAdmin } from "./admin";
import { insertSealedProduct, query, removeProducts } from "./db";

/**
 * Product images (issue 14, "Must show": create a product with an uploaded image → it appears in
 * the shop with responsive images). The first test creates the product in the back office's
 * editor, follows its "Images" link, uploads a JPEG with the file picker and gives it alt text;
 * the shop's product page and search tile then show it as a <picture> with AVIF and WebP srcsets
 * that actually load. The page also works without JavaScript (a plain multipart form), and
 * refuses a text file named .jpg.
 */
const tag = randomBytes(3).toString("hex");
const product = { id: 0, slug: `e2e-image-box-${tag}`, name: `E2E Picture Box ${tag}` };
const shots = `test-results/e2e-${process.env.E2E_PORT ?? "3111"}`;

test.afterAll(async () => {
  if (product.id) await removeProducts([product.id]);
});

/** A 1200×900 JPEG photo-like picture: a gradient with a block, so encoders have something to do. */
async function jpeg(): Promise<Buffer> {
  const width = 1200;
  const height = 900;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = x > 400 && x < 800 && y > 300 && y < 600 ? 240 : 90;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
}

async function expectPictureLoads(page: Page, picture: ReturnType<Page["locator"]>) {
  await expect(picture.locator('source[type="image/avif"]')).toHaveAttribute("srcset", /\/media\/products\/[0-9a-f]{32}-320\.avif 320w, .*-960\.avif 960w, .*-1200\.avif 1200w$/);
  await expect(picture.locator('source[type="image/webp"]')).toHaveAttribute("srcset", /\/media\/products\/[0-9a-f]{32}-320\.webp 320w/);
  await expect(picture.locator("source").first()).toHaveAttribute("sizes", /.+/);
  const img = picture.locator("img");
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  // Chromium takes the first source it supports: AVIF.
  expect(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(/\/media\/products\/[0-9a-f]{32}-\d+\.avif$/);
}

/** A product made in the editor, as the owner would: name, category, price, stock; no picture yet. */
async function createInEditor(page: Page) {
  await signInAsAdmin(page, "/admin/products/new");
  await page.getByLabel("Name").fill(product.name);
  await page.getByLabel("Slug (web address)").fill(product.slug);
  await page.getByLabel("Category").selectOption({ index: 1 });
  await page.getByLabel("Description (optional)").fill("Made by the product images browser test.");
  await page.getByLabel("Price (£)").fill("34.99");
  await page.getByLabel("Opening stock").fill("5");
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(page).toHaveURL(/\/admin\/products\/\d+\?done=created$/);
  product.id = Number(/\/admin\/products\/(\d+)/.exec(page.url())![1]);
  // Long ago, so it never becomes one of the home page's New Releases other specs look at.
  await query("UPDATE products SET created_at = '2015-01-01' WHERE id = $1", [product.id]);
  // Until an image is uploaded the shop's tile shows the quiet placeholder.
  await page.goto(`/search?q=${encodeURIComponent(product.name)}`);
  await expect(page.getByRole("article").filter({ hasText: product.name }).getByTestId("no-picture")).toBeVisible();
  await page.goto(`/admin/products/${product.id}`);
  await page.getByRole("link", { name: "Images" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/products/${product.id}/images$`));
}

test("a product created in the editor gets an uploaded image; the shop shows it with responsive sources", async ({ page }) => {
  await createInEditor(page);
  await expect(page.getByRole("heading", { name: product.name })).toBeVisible();
  await expect(page.getByText("No images yet")).toBeVisible();
  await expectNoViolations(page, "the product images page, no images yet");

  // A text file called .jpg is refused by its content, before it is sent.
  const picker = page.getByLabel(/choose them|Choose images/);
  await picker.setInputFiles({ name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("these are my notes, not a photo") });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByTestId("upload-item")).toContainText('"notes.jpg" is not a JPEG, PNG, WebP or AVIF image.');

  await picker.setInputFiles({ name: "box-front.jpg", mimeType: "image/jpeg", buffer: await jpeg() });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByTestId("upload-summary")).toHaveText("1 image added.", { timeout: 30_000 });
  await expect(page.getByTestId("admin-image")).toHaveCount(1);
  await expect(page.getByTestId("admin-image")).toContainText("1200 × 900 px");

  await page.getByLabel(/^Alt text/).fill("Picture Box, front of the packaging");
  await page.getByRole("button", { name: "Save alt text" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Alt text saved." })).toBeVisible();
  await expectNoViolations(page, "the product images page with an image");

  // From the top: the page was scrolled to #images, and a full-page shot keeps the sticky header where it was.
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${shots}/admin-images-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  const [row] = await query<{ widths: number[]; alt: string }>("SELECT widths, alt FROM product_images WHERE product_id = $1", [product.id]);
  expect(row).toEqual({ widths: [320, 640, 960, 1200], alt: "Picture Box, front of the packaging" });

  // Drag and drop: a PNG dropped on the form is uploaded on its own, then deleted again (with the confirm).
  const dropped = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#3366cc" } }).png().toBuffer();
  const transfer = await page.evaluateHandle((bytes) => {
    const data = new DataTransfer();
    data.items.add(new File([new Uint8Array(bytes)], "dropped.png", { type: "image/png" }));
    return data;
  }, [...dropped]);
  await page.getByTestId("image-upload-form").dispatchEvent("drop", { dataTransfer: transfer });
  await expect(page.getByTestId("upload-summary")).toHaveText("1 image added.", { timeout: 30_000 });
  await expect(page.getByTestId("admin-image")).toHaveCount(2);
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByTestId("admin-image").filter({ hasText: "300 × 300 px" }).getByRole("button", { name: /Delete image/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "Image deleted." })).toBeVisible();
  await expect(page.getByTestId("admin-image")).toHaveCount(1);

  // The product page: the uploaded image, not the generated art, with its alt text.
  await page.goto(`/products/${product.slug}`);
  const main = page.locator("picture").filter({ has: page.getByRole("img", { name: "Picture Box, front of the packaging" }) });
  await expectPictureLoads(page, main);
  await page.screenshot({ path: `${shots}/product-with-image-1280.png` });

  // Its tile in the search results.
  await page.goto(`/search?q=${encodeURIComponent(product.name)}`);
  const tile = page.getByTestId("search-result").filter({ hasText: product.name });
  await expectPictureLoads(page, tile.locator("picture"));
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the plain form uploads several files and moves and deletes images", async ({ page }) => {
    // Run on its own (or retried in a fresh worker), the product is arranged through SQL.
    if (product.id === 0) {
      const [category] = await query<{ id: number }>("SELECT id FROM categories ORDER BY id LIMIT 1");
      ({ productId: product.id } = await insertSealedProduct({ name: product.name, slug: product.slug, price: 3499, stock: 5, category: category!.id, createdAt: new Date("2015-01-01") }));
    }
    await signInAsAdmin(page, `/admin/products/${product.id}/images`);
    const before = await page.getByTestId("admin-image").count();
    const square = (size: number) => sharp({ create: { width: size, height: size, channels: 4, background: { r: 20, g: 120, b: 200, alpha: 1 } } }).png().toBuffer();
    await page.getByLabel("Choose images").setInputFiles([
      { name: "side.png", mimeType: "image/png", buffer: await square(500) },
      { name: "fake.webp", mimeType: "image/webp", buffer: Buffer.from("RIFF????WEBPnot really") },
      { name: "back.png", mimeType: "image/png", buffer: await square(400) },
    ]);
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByTestId("upload-problem")).toContainText("2 images added.");
    await expect(page.getByTestId("upload-problem")).toContainText('"fake.webp" could not be read as an image');
    const rows = page.getByTestId("admin-image");
    await expect(rows).toHaveCount(before + 2);
    const order = async () => (await rows.getByTestId("image-size").allTextContents()).map((text) => /(\d+) ×/.exec(text)![1]);
    // Polled: without JavaScript each button is a page load, and the list is read as it settles.
    await expect.poll(async () => (await order()).slice(-2)).toEqual(["500", "400"]);

    // The last (400 px) moves up past the 500 px one.
    await rows.last().getByRole("button", { name: /Move image \d+ up/ }).click();
    await expect(page.getByRole("status").filter({ hasText: "Order saved." })).toBeVisible();
    await expect.poll(async () => (await order()).slice(-2)).toEqual(["400", "500"]);

    await rows.filter({ hasText: "500 × 500 px" }).getByRole("button", { name: /Delete image/ }).click();
    await expect(page.getByRole("status").filter({ hasText: "Image deleted." })).toBeVisible();
    await expect(rows).toHaveCount(before + 1);
    await expect.poll(order).not.toContain("500");
  });
});
