import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { expectNoViolations } from "./a11y";
import { signIn, signInAsAdmin, uniqueEmail } from "./admin";
import { insertSealedProduct, query, removeProducts } from "./db";

/**
 * Coupons in the back office (issue 14, "Must show"): the admin creates a coupon in the UI with
 * a per-customer limit, a customer uses it once through the sandbox checkout, and the second
 * checkout with it is refused with the message. The product is this file's own (created long
 * ago so it never becomes a "New Release") and removed afterwards.
 */
const tag = randomBytes(3).toString("hex");
const product = { id: 0, slug: `e2e-coupon-box-${tag}`, name: `E2E Coupon Box ${tag}`, price: 2000 };

test.beforeAll(async () => {
  const [category] = await query<{ id: number }>("SELECT id FROM categories ORDER BY id LIMIT 1");
  ({ productId: product.id } = await insertSealedProduct({
    name: product.name,
    slug: product.slug,
    price: product.price,
    stock: 20,
    category: category!.id,
    description: "Arranged by the admin coupon browser tests.",
    createdAt: new Date("2015-01-01"),
  }));
});

test.afterAll(async () => {
  await removeProducts([product.id]);
});

async function checkOutWithCode(page: Page, code: string) {
  await page.goto(`/products/${product.slug}`);
  await page.getByRole("button", { name: /Add(ed)? to Cart/ }).click();
  await expect(page.getByRole("button", { name: "Added to Cart" })).toBeVisible();
  await page.goto("/cart");
  await page.getByText("Have a coupon code?").click();
  await page.getByLabel("Coupon code").fill(code.toLowerCase());
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
}

test("a coupon with a per-customer limit refuses the second use", async ({ page, browser }) => {
  const code = `ONCE${tag.toUpperCase()}`;

  // The admin creates the coupon in the UI: 10 % off, once per customer.
  await signInAsAdmin(page, "/admin/coupons/new");
  await expect(page.getByRole("heading", { name: "New coupon" })).toBeVisible();
  await page.getByLabel("Code").fill(code);
  await page.getByRole("radio", { name: "Percentage off" }).check();
  await page.getByLabel("Percentage off (1 to 100)").fill("10");
  await page.getByLabel("Uses per customer (optional)").fill("1");
  await page.getByLabel("Note (optional, never shown to customers)").fill("Browser test: once per customer");
  await page.getByRole("button", { name: "Create coupon" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/coupons/${code}\\?done=created$`));
  await expect(page.getByRole("status")).toContainText(`Coupon ${code} created.`);
  await expect(page.getByTestId("coupon-usage")).toContainText("0 uses");
  await expect(page.getByText("Limit: 1 use per customer")).toBeVisible();

  // A customer uses it once through the sandbox checkout.
  const shopper = await browser.newPage();
  const email = uniqueEmail("coupon-shopper");
  await signIn(shopper, email, "Misty Waterflower", "/account");
  await query("UPDATE profiles SET address_line1 = '2 Cerulean Way', city = 'Bristol', postal_code = 'BS1 4DJ', country = 'United Kingdom' WHERE email = $1", [email]);
  await checkOutWithCode(shopper, code);
  await expect(shopper).toHaveURL(/\/sandbox\/checkout\/cs_sbx_[a-f0-9]{24}$/);
  // £20.00 less 10 %, plus £5.29 delivery.
  await expect(shopper.getByTestId("sandbox-amount")).toHaveText("£23.29");
  await shopper.getByLabel("Card number").fill("4242 4242 4242 4242");
  await shopper.getByRole("button", { name: "Pay £23.29" }).click();
  await expect(shopper.getByRole("heading", { name: "Order Successful!" })).toBeVisible();
  const [order] = await query<{ coupon_code: string; discount_amount: number; status: string }>(
    "SELECT o.coupon_code, o.discount_amount, o.status FROM orders o JOIN users u ON u.id = o.user_id WHERE u.email = $1",
    [email],
  );
  expect(order).toEqual({ coupon_code: code, discount_amount: 200, status: "completed" });

  // The second checkout with the code is refused, with the message, and nothing is reserved.
  await checkOutWithCode(shopper, code);
  await expect(shopper).toHaveURL(/\/cart\?checkoutError=coupon_used/);
  await expect(shopper.getByRole("alert")).toHaveText("You have already used that coupon code as many times as it allows.");
  const orders = await query("SELECT o.id FROM orders o JOIN users u ON u.id = o.user_id WHERE u.email = $1", [email]);
  expect(orders).toHaveLength(1);
  await shopper.close();

  // The admin sees the use, counted as checkout counts it.
  await page.goto("/admin/coupons");
  const row = page.getByTestId("coupon-row").filter({ has: page.getByRole("heading", { name: code }) });
  await expect(row.getByTestId("coupon-usage")).toContainText("1 use · 1 customer · £2.00 given");
  await expect(row.getByTestId("coupon-state")).toHaveText("live");
});

test("the coupon form keeps what was typed when it refuses, on a 360 px phone too", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await signInAsAdmin(page, "/admin/coupons/new");
  await page.getByLabel("Code").fill("x");
  await page.getByRole("radio", { name: "Fixed amount off" }).check();
  await page.getByLabel("Amount off in pounds").fill("0");
  await page.getByLabel("Minimum spend in £ (optional)").fill("25.00");
  await page.getByLabel("Note (optional, never shown to customers)").fill("Keep this note");
  await page.getByRole("button", { name: "Create coupon" }).click();
  await expect(page.getByRole("alert")).toContainText("Please correct the fields marked below.");
  await expect(page.getByText("Use 3 to 32 letters, digits, hyphens or underscores")).toBeVisible();
  await expect(page.getByText("Enter an amount in pounds above £0")).toBeVisible();
  await expect(page.getByLabel("Code")).toHaveValue("x");
  await expect(page.getByLabel("Minimum spend in £ (optional)")).toHaveValue("25.00");
  await expect(page.getByLabel("Note (optional, never shown to customers)")).toHaveValue("Keep this note");
  await expect(page.getByRole("radio", { name: "Fixed amount off" })).toBeChecked();
  await expectNoViolations(page, "coupon form refused on a phone");
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
