import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { expectNoViolations } from "./a11y";
import { signInAsAdmin } from "./admin";
import { query, removeProducts } from "./db";

/**
 * Products in the back office (issue 14, "Must show": edit stock with a reason → ledger row):
 * the admin creates a sealed product in the UI, adjusts its stock with a reason and sees the
 * row in the stock history, duplicates it, hides it (gone from the shop), and the pages fit a
 * 360 px phone. Products made here are removed afterwards.
 */
const tag = randomBytes(3).toString("hex");
const name = `E2E Product Box ${tag}`;
const slug = `e2e-product-box-${tag}`;

test.afterAll(async () => {
  const rows = await query<{ id: number }>("SELECT id FROM products WHERE slug LIKE $1", [`${slug}%`]);
  await removeProducts(rows.map((r) => r.id));
});

test("create a product, adjust its stock with a reason, duplicate it and hide it", async ({ page }, testInfo) => {
  await signInAsAdmin(page, "/admin/products/new");
  await expect(page.getByRole("heading", { name: "New product" })).toBeVisible();

  // A refused form keeps what was typed and says what is wrong.
  await page.getByLabel("Name").fill(name);
  await expect(page.getByLabel("Slug (web address)")).toHaveValue(slug);
  await page.getByLabel("Category").selectOption({ index: 1 });
  await page.getByLabel("Release date (optional)").fill("31/02/2027");
  await page.getByLabel("Price (£)").fill("49.99");
  await page.getByLabel("Member price (£, optional)").fill("59.99");
  await page.getByLabel("Opening stock").fill("12");
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(page.getByRole("alert").first()).toContainText("Please correct the highlighted fields.");
  await expect(page.getByText("Enter the release date as day/month/year")).toBeVisible();
  await expect(page.getByText("The member price cannot be more than the price.")).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue(name);
  await expect(page.getByLabel("Opening stock")).toHaveValue("12");

  await page.getByLabel("Release date (optional)").fill("24/12/2026");
  await page.getByLabel("Member price (£, optional)").fill("44.99");
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(page).toHaveURL(/\/admin\/products\/\d+\?done=created$/);
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page.getByRole("status")).toContainText("The product was created.");
  await expect(page.getByLabel("Release date (optional)")).toHaveValue("24/12/2026");
  await expect(page.getByTestId("variant-stock")).toHaveText("12");
  await expect(page.getByTestId("stock-history-row")).toHaveCount(1);
  await expect(page.getByRole("link", { name: "Images" })).toHaveAttribute("href", /\/admin\/products\/\d+\/images$/);
  const productUrl = page.url().replace(/\?.*$/, "");

  // In the shop.
  await page.goto(`/products/${slug}`);
  await expect(page.getByRole("heading", { name })).toBeVisible();

  // Adjust the stock: remove 3, damaged. A reason is required.
  await page.goto(productUrl);
  await page.getByText("Adjust stock").click();
  await page.getByLabel("Add or remove (e.g. 5 or -2)").check();
  await page.getByLabel("Units").fill("-3");
  await page.getByRole("button", { name: "Record stock change" }).click();
  await expect(page.getByText("Choose a reason for the change.")).toBeVisible();
  await expect(page.getByLabel("Units")).toHaveValue("-3");
  await page.getByLabel("Reason").selectOption({ label: "Damaged" });
  await page.getByLabel("Note").fill("Crushed corner");
  await page.getByRole("button", { name: "Record stock change" }).click();
  await expect(page.getByRole("status")).toContainText("Stock was adjusted and recorded in the history.");
  await expect(page.getByTestId("variant-stock")).toHaveText("9");
  const newest = page.getByTestId("stock-history-row").first();
  await expect(newest).toContainText("-3");
  await expect(newest).toContainText("12 → 9");
  await expect(newest).toContainText("Damaged: Crushed corner");
  await expect(newest).toContainText("admin@e2e.nearmint.test");
  const [ledger] = await query<{ sum: number; stock: number }>(
    "SELECT (SELECT sum(delta)::int FROM stock_movements m WHERE m.variant_id = v.id) AS sum, v.stock FROM product_variants v JOIN products p ON p.id = v.product_id WHERE p.slug = $1",
    [slug],
  );
  expect(ledger).toEqual({ sum: 9, stock: 9 });

  await expectNoViolations(page, "admin product page");
  for (const [label, width, height] of [["desktop", 1280, 900], ["phone", 360, 780]] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: testInfo.outputPath(`admin-product-${label}.png`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // Duplicate: a hidden copy with no stock.
  await page.getByRole("button", { name: "Duplicate" }).click();
  await expect(page).toHaveURL(/\?done=duplicated$/);
  await expect(page.getByRole("heading", { name: `${name} (copy)` })).toBeVisible();
  await expect(page.getByTestId("product-hidden")).toBeVisible();
  await expect(page.getByTestId("variant-stock")).toHaveText("0");
  await expect(page.getByLabel("Slug (web address)")).toHaveValue(`${slug}-copy`);

  // Hide the original: gone from the shop.
  await page.goto(productUrl);
  await page.getByRole("button", { name: "Hide from the shop" }).click();
  await expect(page.getByRole("status")).toContainText("The product is hidden from the shop.");
  const shop = await page.goto(`/products/${slug}`);
  expect(shop?.status()).toBe(404);

  // The list finds both, filtered, and links the CSV export with the same filters.
  await page.goto(`/admin/products?q=${tag}&visibility=hidden`);
  await expect(page.getByTestId("products-count")).toHaveText("2 products match");
  await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", `/admin/products/export.csv?q=${tag}&visibility=hidden`);
  await expectNoViolations(page, "admin product list");
  for (const [label, width, height] of [["desktop", 1280, 900], ["phone", 360, 780]] as const) {
    await page.setViewportSize({ width, height });
    if (label === "phone") await expect(page.getByTestId("admin-product-card")).toHaveCount(2);
    else await expect(page.getByTestId("admin-product-row")).toHaveCount(2);
    await page.screenshot({ path: testInfo.outputPath(`admin-products-${label}.png`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
});

test("a single's variants: prices, pins and stock per variant, on a desktop and a phone", async ({ page }, testInfo) => {
  const [single] = await query<{ id: number }>(
    "SELECT p.id FROM products p WHERE p.kind = 'single' AND (SELECT count(*) FROM product_variants v WHERE v.product_id = p.id) > 1 ORDER BY p.id LIMIT 1",
  );
  await signInAsAdmin(page, `/admin/products/${single!.id}`);
  await expect(page.getByRole("heading", { name: "Variants and stock" })).toBeVisible();
  const variants = page.getByTestId("admin-variant");
  expect(await variants.count()).toBeGreaterThan(1);
  await expect(page.getByRole("button", { name: "Duplicate" })).toHaveCount(0);

  // A member price above the price is refused on its row, and what was typed stays.
  const price = variants.first().getByRole("textbox", { name: /^Price \(£\) of / });
  const typedPrice = await price.inputValue();
  await variants.first().getByRole("textbox", { name: /^Member price \(£\) of / }).fill("99999");
  await page.getByRole("button", { name: "Save variant prices" }).click();
  await expect(page.getByText("The member price cannot be more than the price.")).toBeVisible();
  await expect(variants.first().getByRole("textbox", { name: /^Member price \(£\) of / })).toHaveValue("99999");
  await expect(price).toHaveValue(typedPrice);

  await expectNoViolations(page, "admin single's page");
  for (const [label, width, height] of [["desktop", 1280, 900], ["phone", 360, 780]] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: testInfo.outputPath(`admin-single-${label}.png`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
});
