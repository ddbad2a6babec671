import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { expectNoViolations } from "./a11y";
import { signInAsAdmin } from "./admin";
import { query } from "./db";

/**
 * Pricing singles from the market, as the owner does it: set the rules, read the preview, apply,
 * and the product page shows the new price. The card, its single (two variants) and a price
 * guide are this file's own: the guide's date is far in the future so it is the newest, and it
 * holds only this card's Cardmarket id (an id no real card has), so applying touches nothing
 * another spec arranged. All of it is removed afterwards.
 */
const tag = randomBytes(3).toString("hex");
const cardmarketId = 2_000_000_000 + Math.floor(Math.random() * 100_000_000);
const product = { id: 0, slug: `e2e-pricing-charizard-${tag}`, name: `E2E Pricing Charizard ${tag}` };
let setId = 0;
let cardId = 0;
let guideId = 0;

test.use({ reducedMotion: "reduce" });

test.beforeAll(async () => {
  // Arranged by SQL: no helper in tests/e2e/db.ts makes singles, cards or guides (yet).
  const [set] = await query<{ id: number }>(
    "INSERT INTO card_sets (code, name, tcgdex_id) VALUES ($1, $2, $1) RETURNING id",
    [`e2e-pricing-${tag}`, `E2E Pricing Set ${tag}`],
  );
  setId = set!.id;
  const [card] = await query<{ id: number }>(
    `INSERT INTO cards (set_id, local_number, number_sort, name, tcgdex_id, cardmarket_product_id, printings)
     VALUES ($1, '4', '0000000004', 'Charizard', $2, $3, ARRAY['normal']) RETURNING id`,
    [setId, `e2e-pricing-${tag}-4`, cardmarketId],
  );
  cardId = card!.id;
  const [row] = await query<{ id: number }>(
    `INSERT INTO products (name, slug, category_id, kind, card_id, description)
     SELECT $1, $2, c.id, 'single', $3, 'Arranged by the pricing browser test.'
     FROM categories c ORDER BY (c.slug = 'english-singles') DESC, c.id LIMIT 1
     RETURNING id`,
    [product.name, product.slug, cardId],
  );
  product.id = row!.id;
  await query(
    `INSERT INTO product_variants (product_id, condition, printing, language, price, stock)
     VALUES ($1, 'nm', 'normal', 'en', 100, 3), ($1, 'lp', 'normal', 'en', 100, 3)`,
    [product.id],
  );
  const [guide] = await query<{ id: number }>(
    `INSERT INTO market_price_guides (source, published_at, file_name, row_count, matched_count)
     VALUES ('cardmarket', timestamptz '2999-01-01' + $1 * interval '1 second', $2, 1, 1) RETURNING id`,
    [Math.floor(Math.random() * 1_000_000), `e2e-pricing-${tag}.json`],
  );
  guideId = guide!.id;
  // Trend €10.00 (cents).
  await query("INSERT INTO market_prices (guide_id, cardmarket_product_id, avg, low, trend) VALUES ($1, $2, 950, 800, 1000)", [guideId, cardmarketId]);
});

test.afterAll(async () => {
  await query("DELETE FROM market_price_guides WHERE id = $1", [guideId]);
  await query("DELETE FROM stock_reservations WHERE variant_id IN (SELECT id FROM product_variants WHERE product_id = $1)", [product.id]);
  await query("DELETE FROM cart_items WHERE variant_id IN (SELECT id FROM product_variants WHERE product_id = $1)", [product.id]);
  await query("DELETE FROM products WHERE id = $1", [product.id]);
  await query("DELETE FROM cards WHERE id = $1", [cardId]);
  await query("DELETE FROM card_sets WHERE id = $1", [setId]);
});

test("the owner sets rules, previews, applies, and the product page shows the new price", async ({ page, browser }) => {
  await signInAsAdmin(page, "/admin/pricing");
  await expect(page.getByRole("heading", { level: 1, name: "Pricing" })).toBeVisible();

  // Rules: £1 per €1, Lightly Played at half, prices ending in 99, members 10 % off.
  await page.getByLabel("Market figure").selectOption("trend");
  await page.getByLabel("Pounds per euro").fill("1");
  await page.getByLabel("Near Mint (%)").fill("100");
  await page.getByLabel("Lightly Played (%)").fill("50");
  await page.getByLabel("Lowest price (£)").fill("0.25");
  await page.getByLabel("Price endings (pence)").fill("99");
  await page.getByLabel("Member discount (%)").fill("10");
  await page.getByRole("button", { name: "Save rules" }).click();
  await expect(page.getByTestId("pricing-result")).toContainText("Pricing rules saved");

  // The preview: €10.00 → £10.00 → £10.99 (NM, member £9.89); LP at 50 % → £5.00 → £5.99 (member £5.39).
  const rows = page.getByTestId("preview-row").filter({ hasText: product.name });
  await expect(rows).toHaveCount(2);
  // Each move reads "£1.00 → £10.99" on screen and "£1.00 to £10.99" to a screen reader.
  const moves = (from: string, to: string) => new RegExp(`${from.replace(/[.$]/g, "\\$&")}\\s*→\\s*to\\s*${to.replace(/[.$]/g, "\\$&")}`);
  await expect(rows.filter({ hasText: "Near Mint" })).toContainText(moves("£1.00", "£10.99"));
  await expect(rows.filter({ hasText: "Near Mint" })).toContainText(moves("none", "£9.89"));
  await expect(rows.filter({ hasText: "Lightly Played" })).toContainText(moves("£1.00", "£5.99"));
  await expect(rows.filter({ hasText: "Near Mint" })).toContainText("€10.00");
  await expectNoViolations(page, "admin pricing with a preview");

  // The rules form works without JavaScript too: a refused value comes back with its message.
  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const plain = await noScript.newPage();
  await plain.goto("/admin/pricing");
  await plain.getByLabel("Price endings (pence)").fill("49, 150");
  await plain.getByRole("button", { name: "Save rules" }).click();
  await expect(plain.getByText("Enter up to 20 pence endings from 0 to 99")).toBeVisible();
  await expect(plain.getByLabel("Price endings (pence)")).toHaveValue("49, 150");
  await noScript.close();

  // Apply: exactly the previewed changes.
  await page.getByRole("button", { name: /^Apply \d+ price changes?$/ }).click();
  await expect(page.getByTestId("pricing-result")).toContainText(/Applied: \d+ prices? changed/);
  await expect(rows).toHaveCount(0);
  const prices = await query<{ condition: string; price: number; premium_price: number | null }>(
    "SELECT condition, price, premium_price FROM product_variants WHERE product_id = $1 ORDER BY condition DESC",
    [product.id],
  );
  expect(prices).toEqual([
    { condition: "nm", price: 1099, premium_price: 989 },
    { condition: "lp", price: 599, premium_price: 539 },
  ]);

  // The product page shows the new price of the variant asked for.
  await page.goto(`/products/${product.slug}?condition=nm&printing=normal&language=en`);
  await expect(page.getByText("£10.99").first()).toBeVisible();
  await page.goto(`/products/${product.slug}?condition=lp&printing=normal&language=en`);
  await expect(page.getByText("£5.99").first()).toBeVisible();
});

test("a pinned variant keeps its price when the market moves", async ({ page }) => {
  await signInAsAdmin(page, "/admin/pricing");
  await query("UPDATE market_prices SET trend = 2000 WHERE guide_id = $1", [guideId]);
  await page.reload();
  const nearMint = page.getByTestId("preview-row").filter({ hasText: product.name }).filter({ hasText: "Near Mint" });
  await expect(nearMint).toHaveCount(1);
  await nearMint.getByRole("button", { name: /^Pin / }).click();
  await expect(page.getByTestId("pricing-result")).toContainText("Price pinned");
  await expect(nearMint).toContainText("Pinned");
  const [before] = await query<{ price: number }>("SELECT price FROM product_variants WHERE product_id = $1 AND condition = 'nm'", [product.id]);
  await page.getByRole("button", { name: /^Apply \d+ price changes?$/ }).click();
  await expect(page.getByTestId("pricing-result")).toContainText(/Applied: \d+ prices? changed/);
  const [after] = await query<{ price: number }>("SELECT price FROM product_variants WHERE product_id = $1 AND condition = 'nm'", [product.id]);
  expect(after!.price).toBe(before!.price);
  await nearMint.getByRole("button", { name: /^Unpin / }).click();
  await expect(page.getByTestId("pricing-result")).toContainText("Price unpinned");
});
