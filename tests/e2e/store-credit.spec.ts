import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { expectNoViolations } from "./a11y";
import { signIn, signInAsAdmin, uniqueEmail } from "./admin";
import { insertSealedProduct, query, removeProducts, sealedStock } from "./db";
import { waitForEmail } from "./mail";

/**
 * Store credit in a real browser: the admin gives a customer credit with a reason, the customer
 * spends it at checkout (all of an order, with no payment page; or part, the rest by card), sees
 * the history on their account, and a refund puts it back.
 */
const tag = randomBytes(3).toString("hex");
const products: { id: number; slug: string; name: string; price: number }[] = [];

test.beforeAll(async () => {
  const [category] = await query<{ id: number }>("SELECT id FROM categories ORDER BY id LIMIT 1");
  for (const [i, price] of [1234, 4000].entries()) {
    const name = `E2E Credit Box ${i + 1} ${tag}`;
    const slug = `e2e-credit-${i + 1}-${tag}`;
    const { productId } = await insertSealedProduct({
      name,
      slug,
      price,
      stock: 5,
      category: category!.id,
      description: "Arranged by the store credit browser tests.",
      createdAt: new Date("2015-01-01"),
    });
    products.push({ id: productId, slug, name, price });
  }
});

test.afterAll(async () => {
  await removeProducts(products.map((p) => p.id));
});

async function customer(page: import("@playwright/test").Page, label: string) {
  const email = uniqueEmail(label);
  await signIn(page, email, "Brock Harrison", "/account");
  await query("UPDATE profiles SET address_line1 = '3 Pewter Road', city = 'York', postal_code = 'YO1 7HH', country = 'United Kingdom' WHERE email = $1", [email]);
  const [row] = await query<{ id: string }>("SELECT id FROM users WHERE email = $1", [email]);
  return { email, id: row!.id };
}

async function addToCart(page: import("@playwright/test").Page, slug: string) {
  await page.goto(`/products/${slug}`);
  await page.getByRole("button", { name: /Add(ed)? to Cart/ }).click();
  await expect(page.getByRole("button", { name: "Added to Cart" })).toBeVisible();
}

test("the admin grants credit; the customer pays a whole order with it, sees the history, and a refund puts it back", async ({ browser }) => {
  const shopper = await browser.newPage();
  const { email, id } = await customer(shopper, "credit-whole");

  const admin = await browser.newPage();
  await signInAsAdmin(admin, `/admin/customers/${id}`);
  const credit = admin.getByRole("form", { name: "Add or correct store credit" });
  // Bad input is refused with a message, and what was typed stays.
  await credit.getByLabel("Amount (£)").fill("12,50");
  await credit.getByLabel("Reason (the customer sees it)").fill("Sorry for the late parcel");
  await credit.getByRole("button", { name: "Change store credit" }).click();
  await expect(admin.getByRole("alert").filter({ hasText: "Enter an amount in pounds" })).toBeVisible();
  await expect(credit.getByLabel("Reason (the customer sees it)")).toHaveValue("Sorry for the late parcel");
  await credit.getByLabel("Amount (£)").fill("20");
  await credit.getByRole("button", { name: "Change store credit" }).click();
  await expect(admin.getByText("Store credit changed by +£20.00. The balance is now £20.00.")).toBeVisible();
  await expect(admin.getByRole("heading", { name: "Store credit: £20.00" })).toBeVisible();

  await shopper.goto("/account");
  await expect(shopper.getByTestId("account-store-credit")).toContainText("£20.00");
  const product = products[0]!;
  await addToCart(shopper, product.slug);
  await shopper.goto("/cart");
  await expect(shopper.getByTestId("credit-balance")).toHaveText("£20.00");
  await expect(shopper.getByText(/It covers this whole order/)).toBeVisible();
  await shopper.screenshot({ path: test.info().outputPath("cart-with-credit.png"), fullPage: true });
  await shopper.getByRole("button", { name: "Proceed to Checkout" }).click();
  // No payment page: straight to the confirmation.
  await expect(shopper).toHaveURL(/\/order\/success\?session_id=credit_/);
  await expect(shopper.getByRole("heading", { name: "Order Successful!" })).toBeVisible();
  const orderNumber = (await shopper.getByTestId("order-number").textContent())!.replace("#", "");
  expect(await sealedStock(product.id)).toBe(4);
  const confirmation = await waitForEmail(email, (m) => m.subject.includes(`#${orderNumber}`));
  expect(confirmation.subject).toContain("is confirmed");

  await shopper.goto("/account/store-credit");
  await expect(shopper.getByTestId("store-credit-balance")).toHaveText("£2.37");
  const rows = shopper.getByTestId("credit-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(`Spent on an order: order #${orderNumber}`);
  await expect(rows.nth(0)).toContainText(`−£17.63`);
  await expect(rows.nth(1)).toContainText("Added by the shop");
  await expect(rows.nth(1)).toContainText("Sorry for the late parcel");
  await expectNoViolations(shopper, "store credit page");

  // The shop refunds the order "to the original payment": the credit it was paid with goes back as credit.
  await admin.goto(`/admin/orders/${orderNumber}`);
  const refund = admin.getByRole("form", { name: `Refund order #${orderNumber}` });
  await expect(refund.getByText(/store credit \(the card has nothing left to get back\)/)).toBeVisible();
  await refund.getByLabel(/Refund everything left/).check();
  await refund.getByRole("button", { name: "Refund" }).click();
  await expect(admin.getByText(`Refunded £17.63 for order #${orderNumber} (£17.63 of it as store credit).`)).toBeVisible();
  const mail = await waitForEmail(email, (m) => m.subject.startsWith("Refund of £17.63"));
  expect(mail.text).toContain("as store credit on your account");

  await shopper.reload();
  await expect(shopper.getByTestId("store-credit-balance")).toHaveText("£20.00");
  await expect(shopper.getByTestId("credit-row").first()).toContainText(`Refund to store credit: order #${orderNumber}`);
});

test("part of an order with a typed amount of credit, the rest by card; more than the balance is refused", async ({ browser }) => {
  const shopper = await browser.newPage({ viewport: { width: 360, height: 780 } });
  const { id } = await customer(shopper, "credit-part");
  await query(
    "WITH e AS (INSERT INTO store_credit_entries (user_id, amount, balance_after, kind, note) VALUES ($1, 1500, 1500, 'grant', 'Browser test') RETURNING user_id) INSERT INTO store_credit_balances (user_id, balance) SELECT user_id, 1500 FROM e",
    [id],
  );
  const product = products[1]!;
  await addToCart(shopper, product.slug);
  await shopper.goto("/cart");
  await expect(shopper.getByText(/the card pays the rest, shown on the payment page/)).toBeVisible();

  await shopper.getByLabel(/Amount to use/).fill("16");
  await shopper.getByRole("button", { name: "Proceed to Checkout" }).click();
  await expect(shopper.getByRole("alert").or(shopper.getByRole("status")).filter({ hasText: "You have £15.00 of store credit" })).toBeVisible();

  await shopper.getByLabel(/Amount to use/).fill("10");
  await shopper.getByRole("button", { name: "Proceed to Checkout" }).click();
  await expect(shopper).toHaveURL(/\/sandbox\/checkout\/cs_sbx_/);
  const total = product.price + 529;
  await expect(shopper.getByTestId("sandbox-amount")).toHaveText("£35.29");
  await expect(shopper.getByTestId("sandbox-line").filter({ hasText: "Store credit" })).toContainText("-£10.00");
  await shopper.getByLabel("Card number").fill("4242 4242 4242 4242");
  await shopper.getByRole("button", { name: "Pay £35.29" }).click();
  await expect(shopper.getByRole("heading", { name: "Order Successful!" })).toBeVisible();
  const orderNumber = (await shopper.getByTestId("order-number").textContent())!.replace("#", "");
  const [order] = await query<{ status: string; total_amount: number; credit_amount: number }>("SELECT status, total_amount, credit_amount FROM orders WHERE id = $1", [orderNumber]);
  expect(order).toEqual({ status: "completed", total_amount: total, credit_amount: 1000 });

  await shopper.goto("/account/store-credit");
  await expect(shopper.getByTestId("store-credit-balance")).toHaveText("£5.00");
  await shopper.screenshot({ path: test.info().outputPath("store-credit-360.png"), fullPage: true });
});
