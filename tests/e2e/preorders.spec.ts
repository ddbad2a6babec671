import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { expectNoViolations } from "./a11y";
import { signInAsAdmin, uniqueEmail } from "./admin";
import { insertSealedProduct, query, removeProducts } from "./db";

/**
 * Pre-orders in a real browser (issue 16): the admin puts a product on pre-order, two customers
 * pre-order and pay on the sandbox page, the delivery comes in short, the admin refunds the one
 * it does not cover and releases the rest; and a customer asks to be emailed when a sold-out
 * product is available.
 */

const PASSWORD = "Preorder-e2e-Passw0rd!";
const tag = randomBytes(3).toString("hex");
const productIds: number[] = [];
let preorder: { productId: number; variantId: number; slug: string; name: string };
let soldOut: { productId: number; slug: string; name: string };
let categorySlug: string;
let categoryId: number;

test.beforeAll(async () => {
  // A category of its own, so its page lists just these tiles.
  const [category] = await query<{ id: number; slug: string }>(
    "INSERT INTO categories (name, slug, language_id) SELECT $1, $2, id FROM languages ORDER BY id LIMIT 1 RETURNING id, slug",
    [`E2E Pre-orders ${tag}`, `e2e-preorders-${tag}`],
  );
  categorySlug = category!.slug;
  categoryId = category!.id;
  const name = `E2E Pre-order Box ${tag}`;
  const slug = `e2e-preorder-${tag}`;
  const ids = await insertSealedProduct({ name, slug, price: 1500, stock: 0, category: category!.id, createdAt: new Date("2015-01-01") });
  await query("UPDATE products SET release_date = '2099-03-14' WHERE id = $1", [ids.productId]);
  preorder = { ...ids, slug, name };
  const outName = `E2E Sold Out Tin ${tag}`;
  const out = await insertSealedProduct({ name: outName, slug: `e2e-sold-out-${tag}`, price: 900, stock: 0, category: category!.id, createdAt: new Date("2015-01-01") });
  soldOut = { productId: out.productId, slug: `e2e-sold-out-${tag}`, name: outName };
  productIds.push(ids.productId, out.productId);
});

test.afterAll(async () => {
  await removeProducts(productIds);
  await query("DELETE FROM categories WHERE id = $1", [categoryId]);
});

async function customer(page: Page) {
  const email = uniqueEmail("preorder");
  await page.goto("/register");
  await page.getByLabel("Full name").fill("Brock Harrison");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/login\?registered=true/);
  await query("UPDATE profiles SET address_line1 = '3 Pewter Road', city = 'York', postal_code = 'YO1 7HH', country = 'United Kingdom' WHERE email = $1", [email]);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/account/);
  return email;
}

async function preorderAndPay(page: Page, quantity: number) {
  await page.goto(`/products/${preorder.slug}`);
  await expect(page.getByTestId("preorder-badge")).toHaveText("Pre-order — ships 14 March 2099");
  if (quantity !== 1) await page.getByLabel("Quantity").selectOption(String(quantity));
  await page.getByRole("button", { name: /Add(ed)? to Cart/ }).click();
  await expect(page.getByRole("button", { name: "Added to Cart" })).toBeVisible();
  await page.goto("/cart");
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_sbx_/);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: /^Pay £/ }).click();
  await expect(page.getByRole("heading", { name: "Order Successful!" })).toBeVisible();
  return Number((await page.getByTestId("order-number").textContent())!.replace("#", ""));
}

test("a short delivery: pre-orders filled in paid order, the rest refunded, the filled released", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page, "/admin/preorders");
  await page.getByLabel("Variant", { exact: true }).selectOption({ label: `${preorder.name} — ships 14 March 2099` });
  await page.getByLabel("Allocation (units)").fill("3");
  await page.getByRole("button", { name: "Start pre-order" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/preorders/${preorder.variantId}\\?done=opened`));
  await expect(page.getByTestId("figure-allocation")).toHaveText("3");
  await expectNoViolations(page, "a pre-order's admin page");

  // The tile says so too.
  const shopper = await browser.newPage();
  await shopper.goto(`/category/${categorySlug}`);
  await expect(shopper.getByTestId("tile-preorder")).toHaveText(["Pre-order — ships 14 March 2099"]);

  await customer(shopper);
  const first = await preorderAndPay(shopper, 2);
  await shopper.close();
  const second = await browser.newPage();
  await customer(second);
  const later = await preorderAndPay(second, 1);
  await second.close();

  await page.reload();
  await expect(page.getByTestId("figure-paid")).toHaveText("3");
  await page.getByLabel("Units delivered").fill("2");
  await page.getByRole("button", { name: "Record delivery" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Delivery recorded" })).toBeVisible();
  await expect(page.getByTestId("figure-short")).toHaveText("1");
  // Release is refused while the short pre-order is not settled.
  await page.getByRole("button", { name: "Release for dispatch" }).click();
  await expect(page.getByRole("alert")).toContainText("refund them or keep them waiting");

  await page.getByRole("button", { name: "Refund the short pre-orders" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Short pre-orders refunded" })).toBeVisible();
  await expect(page.getByTestId("preorder-line").filter({ hasText: `#${first}` })).toContainText("Filled");
  await expect(page.getByTestId("preorder-line").filter({ hasText: `#${later}` })).toContainText("Refunded");
  const [refunded] = await query<{ status: string }>("SELECT status FROM orders WHERE id = $1", [later]);
  expect(refunded!.status).toBe("refunded");

  await page.getByRole("button", { name: "Release for dispatch" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Released" })).toBeVisible();
  await expect(page.getByTestId("preorder-state")).toHaveText("Released");
  await page.goto("/admin/preorders");
  await expect(page.getByTestId("preorder-row").filter({ hasText: preorder.name })).toContainText("Released");
  await expectNoViolations(page, "the pre-orders list");
  // A 360 px phone: nothing wider than the screen (the lines table scrolls in its own box).
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ["/admin/preorders", `/admin/preorders/${preorder.variantId}`, `/products/${preorder.slug}`]) {
    await page.goto(path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), path).toBeLessThanOrEqual(0);
  }
});

test("a signed-in customer asks to be emailed when a sold-out product is available", async ({ page }) => {
  const email = await customer(page);
  await page.goto(`/products/${soldOut.slug}`);
  const signup = page.getByTestId("alert-signup");
  // Unverified: told to verify first.
  await signup.getByRole("button", { name: "Email me when it's available" }).click();
  await expect(signup.getByRole("status")).toContainText("Verify your email address first");
  await query("UPDATE users SET email_verified_at = now() WHERE email = $1", [email]);
  await signup.getByRole("button", { name: "Email me when it's available" }).click();
  await expect(signup.getByRole("status")).toHaveText("We will email you when it is available.");
  await expect(signup.getByRole("button", { name: "Stop the email" })).toBeVisible();
  await expectNoViolations(page, "a sold-out product with an alert asked for");
  const rows = await query<{ status: string; token: string }>("SELECT a.status, a.token FROM stock_alerts a JOIN users u ON u.id = a.user_id WHERE u.email = $1", [email]);
  expect(rows.map((r) => r.status)).toEqual(["waiting"]);

  // The email's unsubscribe link: opening it changes nothing, its button stops the alert.
  await page.goto(`/alerts/${rows[0]!.token}`);
  await expectNoViolations(page, "the unsubscribe page");
  expect((await query<{ status: string }>("SELECT status FROM stock_alerts WHERE token = $1", [rows[0]!.token]))[0]!.status).toBe("waiting");
  await page.getByRole("button", { name: "Stop all availability emails" }).click();
  await expect(page.getByRole("status").filter({ hasText: "those" }).or(page.getByRole("status").filter({ hasText: "that alert is stopped" }))).toBeVisible();
  expect((await query<{ status: string }>("SELECT status FROM stock_alerts WHERE token = $1", [rows[0]!.token]))[0]!.status).toBe("cancelled");
});
