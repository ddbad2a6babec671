import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { signIn, signInAsAdmin, uniqueEmail } from "./admin";
import { query } from "./db";

/**
 * Issue 13's must-show: list a single in three conditions from the admin → buy the LP copy →
 * the stock of only that variant drops. The card is this file's own (a set of its own, so the
 * demo's cards and other specs are not touched) and is removed afterwards with its product.
 */
const tag = randomBytes(3).toString("hex");
const set = { id: 0, code: `e2e${tag}`, name: `E2E Base ${tag}` };
const card = { id: 0, name: "Alakazam", title: `Alakazam 1/102 · E2E Base ${tag}` };

test.beforeAll(async () => {
  const [setRow] = await query<{ id: number }>(
    `INSERT INTO card_sets (code, name, series_name, release_date, official_card_count, total_card_count, tcgdex_id)
     VALUES ($1, $2, 'Base', '1999-01-09', 102, 102, $1) RETURNING id`,
    [set.code, set.name],
  );
  set.id = setRow!.id;
  // number_sort as app/modules/cards/tcgdex.ts's numberSortKey("1") gives it.
  const [cardRow] = await query<{ id: number }>(
    `INSERT INTO cards (set_id, local_number, number_sort, name, rarity, category, stage, hp, types, printings, tcgdex_id)
     VALUES ($1, '1', '000000000000001000', 'Alakazam', 'Rare Holo', 'Pokémon', 'Stage2', 80, '{Psychic}', '{holo}', $2) RETURNING id`,
    [set.id, `${set.code}-1`],
  );
  card.id = cardRow!.id;
});

test.afterAll(async () => {
  if (!card.id) return;
  const products = await query<{ id: number }>("SELECT id FROM products WHERE card_id = $1", [card.id]);
  const ids = products.map((p) => p.id);
  if (ids.length > 0) {
    // Orders keep their snapshot (their lines' product and variant become null); held stock goes first.
    await query("DELETE FROM stock_reservations WHERE variant_id IN (SELECT id FROM product_variants WHERE product_id = ANY($1::int[]))", [ids]);
    await query("DELETE FROM products WHERE id = ANY($1::int[])", [ids]);
  }
  await query("DELETE FROM cards WHERE id = $1", [card.id]);
  await query("DELETE FROM card_sets WHERE id = $1", [set.id]);
});

async function variantStock(productId: number) {
  const rows = await query<{ condition: string; stock: number }>(
    "SELECT condition, stock FROM product_variants WHERE product_id = $1 ORDER BY condition",
    [productId],
  );
  return Object.fromEntries(rows.map((r) => [r.condition, r.stock]));
}

test("list a single in three conditions from the admin → buy the LP copy → only that variant's stock drops", async ({ page, browser }) => {
  // --- the admin lists NM, LP and MP, by keyboard where the screen is built for it
  await signInAsAdmin(page, "/admin/singles/new");
  const search = page.getByLabel("Find a card");
  await expect(search).toBeFocused();
  await search.fill(`alakazam ${set.code}`);
  await search.press("Enter");
  const results = page.getByTestId("card-result");
  await expect(results).toHaveCount(1);
  await expect(results.first()).toContainText(card.title);
  await expect(results.first()).toContainText("Not listed");
  // Enter picks the first card: it has the focus once the results show.
  await expect(results.first()).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: card.title })).toBeVisible();

  // Near Mint is ticked with quantity 1, and the cursor waits in its price.
  const nm = page.getByLabel("Near Mint · Holo", { exact: true });
  await expect(nm).toBeChecked();
  await expect(page.getByLabel("Quantity, Near Mint · Holo")).toHaveValue("1");
  await expect(page.getByLabel("Price (£), Near Mint · Holo")).toBeFocused();
  await page.keyboard.type("45.00");
  await page.getByLabel("Member (£), Near Mint · Holo").fill("42.50");
  await page.getByLabel("Lightly Played · Holo", { exact: true }).check();
  await page.getByLabel("Price (£), Lightly Played · Holo").fill("30.00");
  await page.getByLabel("Moderately Played · Holo", { exact: true }).check();
  await page.getByLabel("Quantity, Moderately Played · Holo").fill("2");
  await page.getByLabel("Price (£), Moderately Played · Holo").fill("20");
  await page.getByRole("button", { name: "List card" }).click();

  // Back at the search, ready for the next card, with a notice naming this one and its link.
  await expect(page).toHaveURL(/\/admin\/singles\/new\?listed=\d+$/);
  const notice = page.getByTestId("listed-notice");
  await expect(notice).toContainText(`Listed ${card.title}`);
  await expect(page.getByLabel("Find a card")).toBeFocused();
  const productLink = notice.getByRole("link", { name: card.title });
  const href = await productLink.getAttribute("href");
  expect(href).toMatch(/^\/products\/alakazam-e2e[0-9a-f]{6}-1$/);

  const [product] = await query<{ id: number; kind: string; is_visible: boolean }>("SELECT id, kind, is_visible FROM products WHERE card_id = $1", [card.id]);
  expect(product).toMatchObject({ kind: "single", is_visible: true });
  const variants = await query<{ id: number; condition: string; printing: string; language: string; price: number; premium_price: number | null; stock: number }>(
    "SELECT id, condition, printing, language, price, premium_price, stock FROM product_variants WHERE product_id = $1 ORDER BY price DESC",
    [product!.id],
  );
  expect(variants.map((v) => [v.condition, v.printing, v.language, v.price, v.premium_price, v.stock])).toEqual([
    ["nm", "holo", "en", 4500, 4250, 1],
    ["lp", "holo", "en", 3000, null, 1],
    ["mp", "holo", "en", 2000, null, 2],
  ]);
  const lp = variants.find((v) => v.condition === "lp")!;

  // The list of singles shows it with each variant's stock.
  await page.goto("/admin/singles");
  const row = page.getByTestId("admin-single").filter({ hasText: card.title });
  await expect(row.getByTestId("variant-stock")).toHaveCount(3);

  // --- a customer buys the Lightly Played copy
  const shopper = await browser.newContext();
  const customer = await shopper.newPage();
  const email = uniqueEmail("singles-buyer");
  await signIn(customer, email, "Misty Waterflower", "/account");
  await query(
    "UPDATE profiles SET address_line1 = '2 Cerulean Way', city = 'Bristol', postal_code = 'BS1 4DJ', country = 'United Kingdom' WHERE email = $1",
    [email],
  );
  // The product page's URL picks the variant (app/modules/catalog/variants.ts, variantQuery).
  await customer.goto(`${href}?condition=lp&printing=holo&language=en`);
  await expect(customer.getByRole("heading", { name: card.title, level: 1 })).toBeVisible();
  await expect(customer.getByTestId("chosen-variant")).toContainText("Lightly Played");
  await customer.getByRole("button", { name: /Add(ed)? to Cart/ }).click();
  await expect(customer.getByRole("button", { name: "Added to Cart" })).toBeVisible();
  const [line] = await query<{ variant_id: number; quantity: number }>(
    "SELECT ci.variant_id, ci.quantity FROM cart_items ci JOIN users u ON u.id = ci.user_id WHERE u.email = $1",
    [email],
  );
  expect(line).toEqual({ variant_id: lp.id, quantity: 1 });

  await customer.goto("/cart");
  await expect(customer.getByTestId("cart-line")).toHaveCount(1);
  await customer.getByRole("button", { name: "Proceed to Checkout" }).click();
  await expect(customer).toHaveURL(/\/sandbox\/checkout\/cs_sbx_/);
  await customer.getByLabel("Card number").fill("4242 4242 4242 4242");
  await customer.getByRole("button", { name: /^Pay £/ }).click();
  await expect(customer).toHaveURL(/\/order\/success\?session_id=cs_sbx_/);
  await expect(customer.getByRole("heading", { name: "Order Successful!" })).toBeVisible();
  await shopper.close();

  // --- only the LP variant's stock dropped, and the order line names it
  expect(await variantStock(product!.id)).toEqual({ lp: 0, mp: 2, nm: 1 });
  const [orderLine] = await query<{ variant_id: number; variant_label: string; unit_price: number; status: string }>(
    `SELECT oi.variant_id, oi.variant_label, oi.unit_price, o.status FROM order_items oi JOIN orders o ON o.id = oi.order_id
      WHERE o.email = $1`,
    [email],
  );
  expect(orderLine).toMatchObject({ variant_id: lp.id, unit_price: 3000, status: "completed" });
  expect(orderLine!.variant_label).toContain("Lightly Played");

  // --- listing the card again adds to the stock of the variant it names, without a second product
  await page.goto(`/admin/singles/new?card=${card.id}`);
  await expect(page.getByText(/Listed already as/)).toBeVisible();
  await page.getByLabel("Near Mint · Holo", { exact: true }).uncheck();
  await page.getByLabel("Lightly Played · Holo", { exact: true }).check();
  await expect(page.getByLabel("Price (£), Lightly Played · Holo")).toHaveValue("30.00");
  await page.getByRole("button", { name: "List card" }).click();
  await expect(page.getByTestId("listed-notice")).toBeVisible();
  expect(await variantStock(product!.id)).toEqual({ lp: 1, mp: 2, nm: 1 });
  expect(await query("SELECT id FROM products WHERE card_id = $1", [card.id])).toHaveLength(1);
});

test("a refused row keeps what was typed and says what to fix; customers cannot reach the screen", async ({ page, browser }) => {
  await signInAsAdmin(page, `/admin/singles/new?card=${card.id}`);
  await expect(page.getByRole("heading", { name: card.title })).toBeVisible();
  await page.getByLabel("Price (£), Near Mint · Holo").fill("12,50");
  await page.getByLabel("Damaged · Holo", { exact: true }).check();
  await page.getByLabel("Quantity, Damaged · Holo").fill("-1");
  await page.getByLabel("Price (£), Damaged · Holo").fill("5");
  await page.getByRole("button", { name: "List card" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "2 rows need attention." });
  await expect(alert).toContainText("Near Mint · Holo: Price must be in pounds, e.g. 12.50.");
  await expect(alert).toContainText("Damaged · Holo: Quantity must be a whole number from 0 to 9999.");
  await expect(page.getByLabel("Price (£), Near Mint · Holo")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Price (£), Near Mint · Holo")).toHaveValue("12,50");
  await expect(page.getByLabel("Quantity, Damaged · Holo")).toHaveValue("-1");
  await expect(page.getByLabel("Price (£), Near Mint · Holo")).toBeFocused();

  const visitor = await browser.newContext();
  const customer = await visitor.newPage();
  await signIn(customer, uniqueEmail("singles-customer"), "Brock Harrison", "/account");
  for (const path of ["/admin/singles", "/admin/singles/new"]) {
    const response = await customer.goto(path);
    expect(response?.status()).toBe(403);
  }
  const post = await customer.request.post("/admin/singles/new.data", { form: { cardId: String(card.id), "nm.holo.on": "on", "nm.holo.qty": "5", "nm.holo.price": "1" } });
  expect(post.status()).toBe(403);
  await visitor.close();
});
