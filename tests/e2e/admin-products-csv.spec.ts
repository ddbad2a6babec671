import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { signInAsAdmin } from "./admin";
import { query } from "./db";

/**
 * Issue 14's must-show: import a CSV (dry run, then apply) and export it back identical — with
 * JavaScript (the upload's progress bar) and without (plain form posts). The products are this
 * file's own (a tag in every slug and name) and are removed afterwards.
 */
const tag = randomBytes(3).toString("hex");
const HEADER =
  "slug,name,kind,card,category,language,visible,release_date,description,limit_per_customer,condition,printing,variant_language,grader,grade,price,member_price,stock,variant_limit,price_pinned";

function fileFor(prefix: string, setCode: string): string {
  const rows = [
    `${prefix}-${tag}-box,E2E CSV Box ${prefix} ${tag},sealed,,english-booster-boxes,en,yes,2024-03-22,"36 packs, sealed.",2,,,,,,144.99,139.99,12,,no`,
    `${prefix}-${tag}-etb,'=E2E CSV ETB ${prefix} ${tag},sealed,,english-booster-boxes,en,no,,'-rare,,,,,,,49.50,,0,,no`,
    `${prefix}-${tag}-pikachu,E2E CSV Pikachu ${prefix} ${tag},single,${setCode} 58,english-singles,en,yes,,,,nm,normal,en,,,3.00,2.70,4,,no`,
    `${prefix}-${tag}-pikachu,E2E CSV Pikachu ${prefix} ${tag},single,${setCode} 58,english-singles,en,yes,,,,lp,normal,en,,,2.00,,1,1,yes`,
    `${prefix}-${tag}-pikachu,E2E CSV Pikachu ${prefix} ${tag},single,${setCode} 58,english-singles,en,yes,,,,,,en,psa,9,80.00,,1,,yes`,
  ];
  return `\uFEFF${[HEADER, ...rows].join("\r\n")}\r\n`;
}

const sets: Array<{ id: number; code: string }> = [];

test.beforeAll(async () => {
  for (const prefix of ["js", "nojs"]) {
    const code = `csv${prefix}${tag}`;
    const [set] = await query<{ id: number }>(
      "INSERT INTO card_sets (code, name, official_card_count, tcgdex_id) VALUES ($1, $2, 102, $1) RETURNING id",
      [code, `E2E CSV ${prefix} ${tag}`],
    );
    await query("INSERT INTO cards (set_id, local_number, number_sort, name, tcgdex_id) VALUES ($1, '58', '000000000000058000', 'Pikachu', $2)", [set!.id, `${code}-58`]);
    sets.push({ id: set!.id, code });
  }
});

test.afterAll(async () => {
  await query("DELETE FROM products WHERE slug LIKE $1", [`%-${tag}-%`]);
  for (const set of sets) {
    await query("DELETE FROM cards WHERE set_id = $1", [set.id]);
    await query("DELETE FROM card_sets WHERE id = $1", [set.id]);
  }
});

async function chooseFile(page: Page, name: string, text: string) {
  await page.getByLabel("CSV file").setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(text, "utf8") });
}

async function exported(page: Page, q: string): Promise<{ text: string; disposition: string }> {
  const response = await page.request.get(`/admin/products/export.csv?q=${encodeURIComponent(q)}`);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/csv");
  return { text: (await response.body()).toString("utf8"), disposition: response.headers()["content-disposition"] ?? "" };
}

test("import a CSV with JavaScript (progress, dry run, apply) and export it back identical", async ({ page }) => {
  const file = fileFor("js", `csvjs${tag}`);
  await signInAsAdmin(page, "/admin/products/import");
  await expect(page.getByRole("heading", { level: 1, name: "Import products (CSV)" })).toBeVisible();

  await chooseFile(page, "stock-js.csv", file);
  await page.getByRole("button", { name: "Check file (dry run)" }).click();
  const dryRun = page.getByTestId("dry-run");
  await expect(dryRun.getByRole("heading", { name: "2. Dry run of stock-js.csv" })).toBeVisible();
  await expect(dryRun.getByText("Nothing has been written yet.")).toBeVisible();
  await expect(page.getByTestId("dry-run-changes").locator(":scope > li")).toHaveCount(5);
  await expect(page.getByTestId("dry-run-changes")).toContainText("Lightly Played · Normal · English");
  expect(await query("SELECT 1 FROM products WHERE slug LIKE $1", [`js-${tag}-%`])).toHaveLength(0);

  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    await page.screenshot({ path: `test-results/screenshots/products-import-dry-run-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole("button", { name: /Apply 5 rows of changes/ }).click();
  await expect(page.getByTestId("import-applied")).toContainText("3 products created, 0 products updated, 5 variants created");
  const ledger = await query<{ sum: number; stock: number }>(
    `SELECT coalesce(sum(m.delta), 0)::int AS sum, (SELECT sum(stock)::int FROM product_variants v JOIN products p ON p.id = v.product_id WHERE p.slug LIKE $1) AS stock
     FROM stock_movements m JOIN product_variants v ON v.id = m.variant_id JOIN products p ON p.id = v.product_id WHERE p.slug LIKE $1 AND m.reason = 'import'`,
    [`js-${tag}-%`],
  );
  expect(ledger[0]).toEqual({ sum: 18, stock: 18 });

  const back = await exported(page, `CSV Box js ${tag}`);
  expect(back.disposition).toMatch(/^attachment; filename="nearmint-products-\d{4}-\d{2}-\d{2}\.csv"$/);
  const all = await exported(page, tag);
  expect(all.text).toBe(file); // this file's products only: the nojs ones are not created yet
});

test("without JavaScript: the form posts to the page, the dry run is a page, apply is a button; the export imports as 'no changes'", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const file = fileFor("nojs", `csvnojs${tag}`);
  await signInAsAdmin(page, "/admin/products/import");
  await chooseFile(page, "stock-nojs.csv", file);
  await page.getByRole("button", { name: "Check file (dry run)" }).click();
  await expect(page.getByRole("heading", { name: "2. Dry run of stock-nojs.csv" })).toBeVisible();
  await page.getByRole("button", { name: /Apply 5 rows of changes/ }).click();
  await expect(page.getByTestId("import-applied")).toContainText("3 products created");

  const back = await exported(page, `nojs-${tag}`);
  expect(back.text).toBe(file);

  // The export, imported again: nothing to do.
  await page.goto("/admin/products/import");
  await chooseFile(page, "again.csv", back.text);
  await page.getByRole("button", { name: "Check file (dry run)" }).click();
  await expect(page.getByText("No changes: the shop already matches this file.")).toBeVisible();
  await expect(page.getByRole("button", { name: /Apply/ })).toHaveCount(0);
  await context.close();
});

test("a file with an error shows row, column and message, and offers no apply", async ({ page }) => {
  await signInAsAdmin(page, "/admin/products/import");
  await chooseFile(page, "bad.csv", `${HEADER}\r\nbad-${tag},Bad,sealed,,no-such-category,,,,,,,,,,,1.00,,1,,\r\nbad2-${tag},Bad,sealed,,english-booster-boxes,,,,,,,,,,,1.00,2.00,1,,\r\n`);
  await page.getByRole("button", { name: "Check file (dry run)" }).click();
  const errors = page.getByTestId("dry-run-errors");
  await expect(errors).toContainText('Row 2 · category: There is no category "no-such-category".');
  await expect(errors).toContainText("Row 3 · member_price: The member price must not be more than the price.");
  await expect(page.getByRole("button", { name: /Apply/ })).toHaveCount(0);
});
