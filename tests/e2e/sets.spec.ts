import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { query } from "./db";

/**
 * Finding singles in a real browser (issue 13, "Find"): "charizard 4/102" finds the Base Set
 * Charizard first, and the Base Set page filters by condition, with and without JavaScript. The
 * demo catalogue lists the Base Set Charizard ("charizard-base1-4", "Charizard 4/102 · Base Set").
 * This file adds two more Charizards of its own, in sets of its own (a 4/130 and a 151-style
 * ex), so the search has several to choose from; they are removed afterwards.
 */
const tag = randomBytes(3).toString("hex");
const arranged = { setIds: [] as number[], productIds: [] as number[] };

async function arrangeCharizard(set: { code: string; name: string; official: number; released: string }, card: { number: string; name: string; rarity: string }) {
  const [setRow] = await query<{ id: number }>(
    `INSERT INTO card_sets (code, name, series_name, release_date, official_card_count, total_card_count, tcgdex_id)
     VALUES ($1, $2, 'E2E', $3, $4, $4, $1) RETURNING id`,
    [set.code, set.name, set.released, set.official],
  );
  // number_sort as numberSortKey (app/modules/cards/tcgdex.ts) writes it for a plain number.
  const numberSort = `0000000${card.number.padStart(8, "0")}000`;
  const [cardRow] = await query<{ id: number }>(
    `INSERT INTO cards (set_id, local_number, number_sort, name, rarity, category, tcgdex_id)
     VALUES ($1, $2, $3, $4, $5, 'Pokémon', $6) RETURNING id`,
    [setRow!.id, card.number, numberSort, card.name, card.rarity, `${set.code}-${card.number}`],
  );
  const [product] = await query<{ id: number }>(
    `WITH p AS (
       INSERT INTO products (name, slug, kind, card_id, category_id, description, created_at)
       SELECT $1, $2, 'single', $3, c.id, 'Arranged by the set page browser tests.', '2001-01-01' FROM categories c WHERE c.slug = 'english-singles'
       RETURNING id
     )
     INSERT INTO product_variants (product_id, condition, printing, language, price, stock)
     SELECT id, 'nm', 'holo', 'en', 9000, 2 FROM p RETURNING product_id AS id`,
    [`${card.name} ${card.number}/${set.official} · ${set.name}`, `e2e-${card.name.toLowerCase().replace(/\W+/g, "-")}-${set.code}`, cardRow!.id],
  );
  arranged.setIds.push(setRow!.id);
  arranged.productIds.push(product!.id);
}

test.beforeAll(async () => {
  await arrangeCharizard({ code: `e2eb2${tag}`, name: `E2E Base Set 2 ${tag}`, official: 130, released: "2000-02-24" }, { number: "4", name: "Charizard", rarity: "Rare Holo" });
  await arrangeCharizard({ code: `e2esv${tag}`, name: `E2E 151 ${tag}`, official: 165, released: "2023-09-22" }, { number: "6", name: "Charizard ex", rarity: "Double rare" });
});

test.afterAll(async () => {
  await query("DELETE FROM products WHERE id = ANY($1::int[])", [arranged.productIds]);
  await query("DELETE FROM cards WHERE set_id = ANY($1::int[])", [arranged.setIds]);
  await query("DELETE FROM card_sets WHERE id = ANY($1::int[])", [arranged.setIds]);
});

/** Base Set's listed cards as the database has them: all of them, and those with a copy in each condition. */
async function baseSetCounts() {
  const [row] = await query<{ listed: string; lp: string; mp: string; hp: string; dmg: string }>(
    `SELECT count(*) AS listed, ${["lp", "mp", "hp", "dmg"]
      .map((c) => `count(*) FILTER (WHERE EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id AND v.condition = '${c}')) AS ${c}`)
      .join(", ")}
     FROM products p JOIN cards c ON c.id = p.card_id JOIN card_sets s ON s.id = c.set_id
     WHERE s.code = 'base1' AND p.is_visible AND p.kind = 'single'
       AND EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id)`,
  );
  return { listed: Number(row!.listed), lp: Number(row!.lp), mp: Number(row!.mp), hp: Number(row!.hp), dmg: Number(row!.dmg) };
}

const CONDITION_NAMES = { lp: "Lightly Played", mp: "Moderately Played", hp: "Heavily Played", dmg: "Damaged" } as const;

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test("\"charizard 4/102\" finds the Base Set Charizard first", async ({ page }) => {
  // Several Charizards are for sale: the demo's and this file's.
  await page.goto("/search?q=charizard");
  const charizards = page.getByTestId("search-result");
  await expect(charizards.getByRole("link", { name: `Charizard 4/130 · E2E Base Set 2 ${tag}` })).toBeVisible();
  await expect(charizards.getByRole("link", { name: "Charizard 4/102 · Base Set" })).toBeVisible();
  expect(await charizards.count()).toBeGreaterThanOrEqual(3);

  // Typed into the header's search box, as a customer would.
  await page.goto("/");
  const box = page.getByRole("searchbox", { name: "Search products" }).first();
  await box.fill("charizard 4/102");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=charizard(%20|\+)4%2F102$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search results for “charizard 4/102”");
  const first = page.getByTestId("search-result").first();
  await expect(first.getByRole("link")).toHaveText("Charizard 4/102 · Base Set");
  await expect(first.getByTestId("card-details")).toContainText("4/102 · Base Set");
  await expect(first.getByRole("link")).toHaveAttribute("href", /^\/products\/charizard-base1-4(\?|$)/);

  // The same card by set code and number, and by number alone.
  await page.goto("/search?q=base1+4");
  await expect(page.getByTestId("search-result").first().getByRole("link")).toHaveText("Charizard 4/102 · Base Set");
  await page.goto("/search?q=4%2F102");
  await expect(page.getByTestId("search-result").first().getByRole("link")).toHaveText("Charizard 4/102 · Base Set");

  // Its tile leads to its product page.
  await page.getByTestId("search-result").first().getByRole("link").click();
  await expect(page).toHaveURL(/\/products\/charizard-base1-4/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Charizard");
});

test("the Base Set page lists cards in number order and filters by condition", async ({ page }) => {
  const expected = await baseSetCounts();
  // A condition some of the demo's Base Set cards have and some do not, so the filter visibly narrows.
  const code = (["lp", "mp", "hp", "dmg"] as const).find((c) => expected[c] > 0 && expected[c] < expected.listed);
  expect(code, "a condition only some Base Set cards are listed in").toBeDefined();
  const label = CONDITION_NAMES[code!];
  const narrowed = expected[code!];
  const tiles = (n: number) => Math.min(48, n);

  await page.goto("/sets");
  await page.getByRole("link", { name: "Base Set", exact: true }).click();
  await expect(page).toHaveURL(/\/sets\/base1$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Base Set");
  await expect(page.getByTestId("result-count")).toHaveText(`Showing 1–${tiles(expected.listed)} of ${expected.listed} cards.`);
  // Number order: the tiles read 1/102, 2/102, … as printed.
  const details = await page.getByTestId("card-details").allTextContents();
  const printed = details.map((d) => Number(d.split("/")[0]));
  expect(printed).toEqual([...printed].sort((a, b) => a - b));

  await page.getByText("Filter and sort").click();
  await page.getByRole("checkbox", { name: new RegExp(`^${label}`) }).check();
  // With JavaScript the list updates as soon as the box is ticked.
  await expect(page).toHaveURL(new RegExp(`/sets/base1\\?condition=${code}$`));
  await expect(page.getByTestId("result-count")).toHaveText(`Showing 1–${tiles(narrowed)} of ${narrowed} ${narrowed === 1 ? "card" : "cards"}.`);
  await expect(page.getByTestId("set-card")).toHaveCount(tiles(narrowed));
  // Each tile is priced by, and links to, its copy in that condition.
  for (const href of await page.getByTestId("set-card").getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")))) {
    expect(href).toMatch(new RegExp(`^/products/[^?]+\\?condition=${code}&`));
  }
  // Focus stays on the box, for a keyboard or screen reader user; the new count is announced.
  await expect(page.getByRole("checkbox", { name: new RegExp(`^${label}`) })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: new RegExp(`^${label}`) })).toBeFocused();
  await expect(page.getByTestId("result-count")).toHaveAttribute("role", "status");

  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/sets\/base1$/);
  await expect(page.getByTestId("set-card")).toHaveCount(tiles(expected.listed));
});

test("a price that is not a price gets a message, not an error", async ({ page }) => {
  await page.goto("/sets/base1");
  await page.getByText("Filter and sort").click();
  await page.getByLabel("From (pounds)").fill("ten quid");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByRole("alert")).toContainText("Enter the minimum price in pounds, for example 2.50.");
  await expect(page.getByLabel("From (pounds)")).toHaveValue("ten quid");
  await expect(page.getByLabel("From (pounds)")).toHaveAttribute("aria-invalid", "true");
  const answer = await page.request.get("/sets/base1?min=ten+quid");
  expect(answer.status()).toBe(400);
  expect((await page.request.get("/sets/no-such-set")).status()).toBe(404);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the set page's filter form still works", async ({ page }) => {
    const expected = await baseSetCounts();
    await page.goto("/sets/base1");
    await page.getByText("Filter and sort").click();
    await page.getByRole("checkbox", { name: /^Lightly Played/ }).check();
    await page.getByRole("combobox", { name: "Sort by" }).selectOption("price-asc");
    await page.getByRole("button", { name: "Apply filters" }).click();
    // The form as the browser sends it: blank boxes and all.
    await expect(page).toHaveURL(/\/sets\/base1\?(?=.*condition=lp)(?=.*sort=price-asc)/);
    await expect(page.getByTestId("set-card")).toHaveCount(Math.min(48, expected.lp));
    const prices = (await page.getByTestId("from-price").allTextContents()).map((t) => Number(t.replace(/[^0-9.]/g, "")));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  test("search with a filter", async ({ page }) => {
    await page.goto("/search?q=charizard");
    await page.getByText("Filter and sort").click();
    await page.getByRole("checkbox", { name: /^Lightly Played/ }).check();
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/\/search\?q=charizard&condition=lp/);
    await expect(page.getByTestId("search-result").first().getByRole("link")).toHaveAttribute("href", /condition=lp/);
  });
});

test("on a 360 px phone the set page and its filters fit", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto("/sets/base1");
  await expectNoHorizontalScroll(page);
  await page.getByText("Filter and sort").click();
  await expectNoHorizontalScroll(page);
  await page.goto("/search?q=charizard+4%2F102&condition=lp");
  await expectNoHorizontalScroll(page);
});
