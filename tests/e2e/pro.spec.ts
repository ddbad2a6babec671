import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { insertSealedProduct, query, removeProducts } from "./db";

/**
 * Pro membership in a real browser with the sandbox provider: sign up → subscribe monthly
 * (a declined card first) → Premium Member, PRO prices and savings in the cart, member prices
 * charged at checkout → cancel in the portal → still Pro until the period end → after it
 * (the stored period moved into the past) normal prices again, and the sandbox's billing job
 * ends the subscription. The product is this file's own and removed afterwards.
 */
const PASSWORD = "Pro-e2e-Passw0rd!";
const tag = randomBytes(3).toString("hex");
const product = { id: 0, slug: `e2e-pro-box-${tag}`, name: `E2E Pro Member Box ${tag}`, price: 2000, premium: 1500 };

test.beforeAll(async () => {
  const [category] = await query<{ id: number }>("SELECT id FROM categories ORDER BY id LIMIT 1");
  const { productId } = await insertSealedProduct({
    name: product.name,
    slug: product.slug,
    price: product.price,
    premiumPrice: product.premium,
    stock: 20,
    category: category!.id,
    description: "Arranged by the Pro browser tests.",
    createdAt: new Date("2015-01-01"),
  });
  product.id = productId;
});

test.afterAll(async () => {
  if (!product.id) return;
  await removeProducts([product.id]);
});

function uniqueEmail() {
  return `pro-${Date.now().toString(36)}-${randomBytes(3).toString("hex")}@e2e.nearmint.test`;
}

async function signUpAndIn(page: Page, email: string) {
  await page.goto("/register");
  await page.getByLabel("Full name").fill("Brock Harrison");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/login\?registered=true/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/account/);
  // Checkout ships to the profile's address.
  await query(
    "UPDATE profiles SET address_line1 = '3 Pewter Street', city = 'Leeds', postal_code = 'LS1 1AA', country = 'United Kingdom' WHERE email = $1",
    [email],
  );
}

async function subscription(email: string) {
  const [row] = await query<{ id: string; status: string; cancel_at_period_end: boolean; plan_type: string; amount: number; premium: boolean }>(
    `SELECT s.id, s.status, s.cancel_at_period_end, s.plan_type, s.amount, p.premium_status AS premium
       FROM subscriptions s JOIN users u ON u.id = s.user_id JOIN profiles p ON p.id = u.id
      WHERE u.email = $1`,
    [email],
  );
  return row;
}

async function expectCartPrices(page: Page, member: boolean) {
  await page.goto("/cart");
  const line = page.getByTestId("cart-line").filter({ hasText: product.name });
  if (member) {
    await expect(line.getByTestId("line-price")).toContainText("PRO");
    await expect(line.getByTestId("line-price")).toContainText("£15.00");
    await expect(line.getByTestId("line-price").locator("s")).toContainText("£20.00");
    await expect(page.getByText("Pro subscription active")).toBeVisible();
    await expect(page.getByTestId("summary-savings")).toHaveText("−£5.00");
    await expect(page.getByTestId("summary-total")).toHaveText("£20.29");
  } else {
    await expect(line.getByTestId("line-price")).not.toContainText("PRO");
    await expect(line.getByTestId("line-price")).toContainText("£20.00");
    await expect(page.getByText("Pro subscription active")).toHaveCount(0);
    await expect(page.getByTestId("summary-savings")).toHaveText("£0.00");
    await expect(page.getByTestId("summary-total")).toHaveText("£25.29");
  }
}

test("a guest who subscribes is sent to sign in and back to /pro", async ({ page }) => {
  await page.goto("/pro");
  await expect(page.getByRole("heading", { name: "Choose your plan" })).toBeVisible();
  await expect(page.getByTestId("plan-price-monthly")).toHaveText("£4.99");
  await expect(page.getByTestId("plan-price-quarterly")).toHaveText("£12.99");
  await page.getByRole("button", { name: "Subscribe monthly" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fpro$/);
});

test("subscribe monthly → member prices → checkout at member prices → cancel → Pro until the period end → normal prices after it", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail();
  await signUpAndIn(page, email);
  await expect(page.getByTestId("premium-badge")).toHaveCount(0);

  // Account → Pro page, both plans with prices.
  await page.getByRole("link", { name: "Get Pro prices" }).click();
  await expect(page).toHaveURL(/\/pro$/);
  await expect(page.getByRole("heading", { name: "What members get" })).toBeVisible();

  // The sandbox's subscription page: clearly a test, a declined card first, then one that pays.
  await page.getByRole("button", { name: "Subscribe monthly" }).click();
  await expect(page).toHaveURL(/\/sandbox\/subscription\/cs_sbx_[a-f0-9]{24}$/);
  await expect(page.getByRole("note")).toHaveText(/TEST PAYMENT/);
  await expect(page.getByTestId("sandbox-amount")).toHaveText("£4.99");
  await page.getByLabel("Card number").fill("4000 0000 0000 0002");
  await page.getByRole("button", { name: "Pay £4.99 and subscribe" }).click();
  await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
  expect(await subscription(email)).toBeUndefined();

  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: "Pay £4.99 and subscribe" }).click();
  await expect(page).toHaveURL(/\/pro\?session_id=cs_sbx_/);
  await expect(page.getByText("Welcome to Pro!")).toBeVisible();
  expect(await subscription(email)).toMatchObject({ status: "active", plan_type: "monthly", amount: 499, premium: true });

  // Account: badge and the Subscription tab.
  await page.goto("/account");
  await expect(page.getByTestId("premium-badge")).toHaveText("Premium Member");
  await page.getByRole("tab", { name: "Subscription" }).click();
  await expect(page.getByTestId("subscription-plan")).toHaveText("Pro Monthly");
  await expect(page.getByTestId("subscription-status")).toHaveText("Active");
  await expect(page.getByTestId("subscription-status")).toHaveClass(/bg-green-100/);
  await expect(page.getByTestId("subscription-amount")).toHaveText("£4.99/month");
  await expect(page.getByText("Renews on")).toBeVisible();

  // Member prices in the catalogue and the cart, and charged at checkout.
  await page.goto(`/products/${product.slug}`);
  await expect(page.getByTestId("price")).toContainText("PRO");
  await expect(page.getByTestId("price")).toContainText("£15.00");
  await page.getByRole("button", { name: /Add(ed)? to Cart/ }).click();
  await expect(page.getByRole("button", { name: "Added to Cart" })).toBeVisible();
  await expectCartPrices(page, true);
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_sbx_/);
  await expect(page.getByTestId("sandbox-amount")).toHaveText("£20.29");
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: "Pay £20.29" }).click();
  await expect(page.getByRole("heading", { name: "Order Successful!" })).toBeVisible();
  const orderNumber = (await page.getByTestId("order-number").textContent())!.replace("#", "");
  const [order] = await query<{ status: string; total_amount: number; normal_subtotal_amount: number; unit_price: number }>(
    `SELECT o.status, o.total_amount, o.normal_subtotal_amount, i.unit_price
       FROM orders o JOIN order_items i ON i.order_id = o.id WHERE o.id = $1`,
    [orderNumber],
  );
  expect(order).toEqual({ status: "completed", total_amount: 1500 + 529, normal_subtotal_amount: 2000, unit_price: 1500 });

  // Manage → the sandbox portal → cancel: Pro stays until the period end.
  await page.goto("/account?tab=subscription");
  await page.getByRole("button", { name: "Manage subscription" }).click();
  await expect(page).toHaveURL(/\/sandbox\/portal\/\w+_sbx_[a-f0-9]{24}$/);
  await expect(page.getByRole("note")).toHaveText(/TEST BILLING PORTAL/);
  await expect(page.getByTestId("portal-period")).toContainText("Renews on");
  await page.getByRole("button", { name: "Cancel subscription" }).click();
  await expect(page.getByTestId("portal-period")).toContainText("will be cancelled on");
  await expect.poll(async () => (await subscription(email))?.cancel_at_period_end).toBe(true);
  await page.getByRole("link", { name: /Return to/ }).click();
  await expect(page).toHaveURL(/\/account\?tab=subscription$/);
  await expect(page.getByText("Pro until")).toBeVisible();
  await expect(page.getByTestId("premium-badge")).toHaveText("Premium Member");
  expect(await subscription(email)).toMatchObject({ status: "active", premium: true });

  await page.goto(`/products/${product.slug}`);
  await page.getByRole("button", { name: /Add(ed)? to Cart/ }).click();
  await expect(page.getByRole("button", { name: "Added to Cart" })).toBeVisible();
  await expectCartPrices(page, true);

  // The paid period ends (moved into the past): the request-time check drops member prices at once.
  const sub = (await subscription(email))!;
  await query("UPDATE subscriptions SET current_period_end = now() - interval '1 minute' WHERE id = $1", [sub.id]);
  await expectCartPrices(page, false);
  await page.goto(`/products/${product.slug}`);
  await expect(page.getByTestId("member-price")).toContainText("Pro members pay £15.00");
  await expect(page.getByTestId("price")).not.toContainText("PRO");
  await page.goto("/account");
  await expect(page.getByTestId("premium-badge")).toHaveCount(0);

  // …and the sandbox's billing job, at its own period end, ends the cancelled subscription.
  await query(
    `UPDATE sandbox_sessions SET completed_at = completed_at - interval '1 month 1 day'
      WHERE kind = 'subscription' AND user_id = (SELECT id FROM users WHERE email = $1)`,
    [email],
  );
  await expect.poll(async () => (await subscription(email))?.status, { timeout: 45_000, intervals: [1000] }).toBe("expired");
  expect((await subscription(email))?.premium).toBe(false);
  await page.goto("/account");
  await expect(page.getByRole("tab", { name: "Subscription" })).toHaveCount(0);
  await expectCartPrices(page, false);
});
