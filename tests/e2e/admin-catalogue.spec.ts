import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { expectNoViolations } from "./a11y";
import { signInAsAdmin } from "./admin";
import { insertSealedProduct, query, removeProducts } from "./db";

/**
 * Languages and categories in the back office (issue 14): the owner adds a category to a
 * language, it stays out of the shop until shown, a product in it appears once it is shown,
 * moves in the language's order, and hiding it takes it (and its product) out of the shop again.
 * The same buttons work without JavaScript; the page passes the accessibility checks.
 */
test.describe("languages and categories", () => {
  const productIds: number[] = [];
  test.afterAll(async () => {
    await removeProducts(productIds);
    await query("DELETE FROM categories WHERE slug LIKE 'e2e-cat-%' AND NOT EXISTS (SELECT 1 FROM products p WHERE p.category_id = categories.id)");
  });

  test("add a category, show it, move it, hide it: the shop follows", async ({ page }) => {
    const tag = randomUUID().slice(0, 6);
    const name = `E2E Cat ${tag}`;
    const [english] = await query<{ id: number; slug: string }>("SELECT id, slug FROM languages WHERE code = 'en'");
    await signInAsAdmin(page, `/admin/languages/${english!.id}`);
    await expect(page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Languages & categories" }).first()).toHaveAttribute("aria-current", "page");

    // A bad address is refused with the typed values kept.
    await page.locator("#new-category-name").fill(name);
    await page.locator("#new-category-slug").fill("Not A Slug");
    await page.getByRole("button", { name: "Add category" }).click();
    await expect(page.getByText("Please correct the fields marked below.")).toBeVisible();
    await expect(page.locator("#new-category-name")).toHaveValue(name);
    await expect(page.locator("#new-category-slug")).toHaveAttribute("aria-invalid", "true");

    await page.locator("#new-category-slug").fill("");
    await page.getByRole("button", { name: "Add category" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Category ${name} created. It is hidden until you show it.` })).toBeVisible();
    const slug = `e2e-cat-${tag}`;
    const [category] = await query<{ id: number }>("SELECT id FROM categories WHERE slug = $1", [slug]);
    expect(category).toBeTruthy();
    const { productId } = await insertSealedProduct({ name: `E2E Cat Product ${tag}`, slug: `e2e-cat-product-${tag}`, price: 1234, stock: 4, category: category!.id });
    productIds.push(productId);

    // Hidden: neither the category page nor the product page is there.
    expect((await page.request.get(`/category/${slug}`)).status()).toBe(404);
    expect((await page.request.get(`/products/e2e-cat-product-${tag}`)).status()).toBe(404);

    await page.getByRole("button", { name: `Show ${name}` }).click();
    await expect(page.getByRole("status").filter({ hasText: `${name} is shown in the shop.` })).toBeVisible();
    const row = page.getByRole("listitem").filter({ hasText: name });
    await expect(row.getByText("Shown", { exact: true })).toBeVisible();

    // Moved up one place in the language's order.
    const order = async () => (await page.getByRole("list", { name: "Categories of English" }).getByRole("listitem").allInnerTexts()).map((t) => t.split("\n")[0]);
    const before = await order();
    await page.getByRole("button", { name: `Move ${name} up` }).click();
    await expect(page.getByRole("status").filter({ hasText: `${name} moved.` })).toBeVisible();
    const after = await order();
    expect(after.indexOf(name)).toBe(before.indexOf(name) - 1);

    await page.screenshot({ path: "test-results/language-desktop.png", fullPage: true });
    await page.goto(`/category/${slug}`);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByText(`E2E Cat Product ${tag}`)).toBeVisible();
    await page.goto(`/language/${english!.slug}`);
    await expect(page.getByRole("link", { name: new RegExp(name) }).first()).toBeVisible();

    // Rename through its own page, then hide it there.
    await page.goto(`/admin/categories/${category!.id}`);
    await page.getByLabel("Name").fill(`${name} Tins`);
    await page.getByRole("button", { name: "Save category" }).click();
    await expect(page.getByRole("status").filter({ hasText: `${name} Tins saved.` })).toBeVisible();
    await page.getByRole("button", { name: `Hide ${name} Tins` }).click();
    await expect(page.getByRole("status").filter({ hasText: "is hidden: the shop no longer lists it or its products. Nothing was deleted." })).toBeVisible();
    expect((await page.request.get(`/category/${slug}`)).status()).toBe(404);
    expect((await page.request.get(`/products/e2e-cat-product-${tag}`)).status()).toBe(404);

    const audit = await query<{ action: string }>("SELECT action FROM audit_log WHERE entity_type = 'category' AND entity_id = $1 ORDER BY id", [String(category!.id)]);
    expect(audit.map((a) => a.action)).toEqual(["category.created", "category.shown", "category.moved", "category.updated", "category.hidden"]);
  });

  test("the languages page works on a phone without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 780 } });
    const page = await context.newPage();
    await signInAsAdmin(page, "/admin/languages");
    await expect(page.getByRole("heading", { level: 1, name: "Languages & categories" })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    // A refused form without JavaScript comes back with the message.
    await page.getByRole("button", { name: "Add language" }).click();
    await expect(page.getByText("Please correct the fields marked below.")).toBeVisible();
    await expect(page.locator("#new-language-code")).toHaveAttribute("aria-invalid", "true");
    await context.close();
  });

  test("the languages page passes the accessibility checks on a phone", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const page = await context.newPage();
    await signInAsAdmin(page, "/admin/languages");
    await page.getByRole("button", { name: "Add language" }).click();
    await expect(page.getByText("Please correct the fields marked below.")).toBeVisible();
    await expectNoViolations(page, "languages page with a refused form");
    await page.screenshot({ path: "test-results/languages-phone.png", fullPage: true });
    await context.close();
  });
});
