import { expect, test, type Page } from "@playwright/test";
import { signIn, signInAsAdmin, uniqueEmail } from "./admin";
import { insertSealedProduct, query, removeProducts } from "./db";
import { waitForEmail } from "./mail";

/**
 * Issue 14, "Orders and money": dispatch one order, cancel another and refund it (first less the
 * 5% cancellation fee, then the rest) → stock, the stock ledger, the emails and the customer's
 * order history agree. Then the order page, packing slip and label at desktop and phone widths.
 */
const productIds: number[] = [];
test.afterAll(async () => {
  await removeProducts(productIds);
});

async function arrange(customerEmail: string) {
  const [category] = await query<{ id: number }>("SELECT id FROM categories ORDER BY id LIMIT 1");
  const slug = `money-box-${Date.now().toString(36)}`;
  const { productId, variantId } = await insertSealedProduct({ name: "Money Test Booster Box", slug, price: 5000, stock: 5, category: category!.id, createdAt: new Date("2015-01-01") });
  productIds.push(productId);
  const [user] = await query<{ id: string }>("SELECT id FROM users WHERE email = $1", [customerEmail]);
  const order = async () => {
    const [row] = await query<{ id: number }>(
      `INSERT INTO orders (user_id, status, subtotal_amount, shipping_amount, total_amount, normal_subtotal_amount, payment_provider, payment_session_id,
         reservation_expires_at, paid_at, email, shipping_name, shipping_address, created_at)
       VALUES ($1, 'completed', 10000, 529, 10529, 10000, 'sandbox', 'cs_sbx_e2e_' || md5(random()::text), now() + interval '1 hour', now(), $2, 'Brock Harrison',
         '{"line1": "2 Pewter Road", "city": "Sheffield", "postalCode": "S1 2HE", "country": "United Kingdom"}', now() + interval '1 hour')
       RETURNING id`,
      [user!.id, customerEmail],
    );
    await query(
      `INSERT INTO order_items (order_id, product_id, variant_id, product_name, variant_label, quantity, unit_price, normal_unit_price)
       VALUES ($1, $2, $3, 'Money Test Booster Box', NULL, 2, 5000, 5000)`,
      [row!.id, productId, variantId],
    );
    return row!.id;
  };
  return { productId, variantId, toDispatch: await order(), toCancel: await order() };
}

async function stockAndLedger(variantId: number) {
  const [row] = await query<{ stock: number; ledger: number }>(
    "SELECT v.stock, (SELECT coalesce(sum(delta), 0)::int FROM stock_movements WHERE variant_id = v.id) AS ledger FROM product_variants v WHERE v.id = $1",
    [variantId],
  );
  return row!;
}

async function noOverflow(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, what).toBeLessThanOrEqual(0);
}

test("dispatch one order, cancel another and refund it with and without the fee: stock, ledger, emails and history agree", async ({ page, browser }, testInfo) => {
  const customerContext = await browser.newContext();
  const customerPage = await customerContext.newPage();
  const customerEmail = uniqueEmail("money-buyer");
  await signIn(customerPage, customerEmail, "Brock Harrison", "/account?tab=orders");
  const { variantId, toDispatch, toCancel } = await arrange(customerEmail);

  await signInAsAdmin(page, "/admin/orders");

  // Find the first order by its number and dispatch it from the list.
  const search = page.getByRole("search", { name: "Search orders" });
  await search.getByLabel("Order number or email").fill(`#${toDispatch}`);
  await search.getByRole("button", { name: "Search orders" }).click();
  await expect(page).toHaveURL(new RegExp(`q=%23${toDispatch}`));
  const card = page.getByTestId("admin-order");
  await expect(card).toHaveCount(1);
  await card.getByLabel("Tracking number").fill("AB123456789GB");
  await card.getByRole("button", { name: "Mark dispatched" }).click();
  await expect(page.getByTestId("dispatch-toast")).toContainText(`Order #${toDispatch} is marked as dispatched`);
  const [dispatched] = await query<{ status: string; dispatched: boolean }>("SELECT status, dispatched_at IS NOT NULL AS dispatched FROM orders WHERE id = $1", [toDispatch]);
  expect(dispatched).toEqual({ status: "dispatched", dispatched: true });

  // A dispatched order cannot be cancelled: its page offers no cancel form, and a crafted post is refused.
  await page.goto(`/admin/orders/${toDispatch}`);
  await expect(page.getByRole("heading", { name: "Cancel this order" })).toHaveCount(0);
  await expect(page.getByText(/less the 5% cancellation fee/)).toHaveCount(0);
  const crafted = await page.request.post(`/admin/orders/${toDispatch}.data`, {
    form: { intent: "cancel", requestKey: "e2e-crafted-cancel-0001", reason: "Try", refund: "none" },
  });
  expect(crafted.status()).toBe(409);

  // Cancel the second one, refunding less the 5% fee in the same step: £105.29 − £5.26 = £100.03.
  await page.goto(`/admin/orders/${toCancel}`);
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(`Order #${toCancel}`) })).toBeVisible();
  const cancel = page.getByRole("form", { name: `Cancel order #${toCancel}` });
  await cancel.getByRole("button", { name: "Cancel order" }).click();
  await expect(cancel.getByRole("alert")).toHaveText("Say why the order is cancelled (the customer is not shown this).");
  await expect(cancel.getByRole("alert")).toBeFocused();
  await page.screenshot({ path: testInfo.outputPath("cancel-form-refused.png"), fullPage: true });
  await cancel.getByLabel("Reason").fill("Box damaged in the warehouse");
  await cancel.getByLabel(/Refund less the 5% cancellation fee: £100.03/).check();
  await cancel.getByRole("button", { name: "Cancel order" }).click();
  await expect(page.getByTestId("order-notice")).toHaveText(
    `Order #${toCancel} is cancelled, its items are back in stock, and £100.03 was refunded. The customer's emails are queued.`,
  );
  await expect(page.getByTestId("refund-summary")).toHaveText("· Partly refunded £100.03");
  expect(await stockAndLedger(variantId)).toEqual({ stock: 7, ledger: 7 });
  expect(await query("SELECT delta, reason FROM stock_movements WHERE order_id = $1", [toCancel])).toEqual([{ delta: 2, reason: "cancel_restock" }]);

  // The customer is told, and sees it in their history.
  await waitForEmail(customerEmail, (e) => e.subject.includes(`#${toCancel} was cancelled`));
  const feeEmail = await waitForEmail(customerEmail, (e) => e.subject.startsWith("Refund of £100.03"));
  expect(feeEmail.text).toContain("cancellation fee of £5.26");
  await customerPage.goto("/account?tab=orders");
  const mine = customerPage.getByTestId("order").filter({ hasText: `Order #${toCancel}` });
  await expect(mine.getByTestId("order-status")).toHaveText("Cancelled");
  await expect(mine.getByTestId("order-refund")).toHaveText("Partly refunded £100.03");

  // The rest, without the fee: a replay of the same form afterwards pays nothing more.
  const refund = page.getByRole("form", { name: `Refund order #${toCancel}` });
  await expect(refund.getByLabel(/Refund everything left: £5.26/)).toBeVisible();
  const requestKey = await refund.locator('input[name="requestKey"]').inputValue();
  await refund.getByLabel(/Refund everything left/).check();
  await refund.getByRole("button", { name: "Refund" }).click();
  await expect(page.getByTestId("order-notice")).toHaveText(`Refunded £5.26 for order #${toCancel}. The customer's email is queued.`);
  const replay = await page.request.post(`/admin/orders/${toCancel}.data`, { form: { intent: "refund", requestKey, mode: "full" } });
  expect(replay.status()).toBe(200);
  expect(await replay.text()).toContain("already made");
  expect(await query("SELECT status, refunded_amount FROM orders WHERE id = $1", [toCancel])).toEqual([{ status: "refunded", refunded_amount: 10529 }]);
  expect(await query("SELECT amount FROM refunds WHERE order_id = $1 ORDER BY created_at", [toCancel])).toEqual([{ amount: 10003 }, { amount: 526 }]);
  expect(await stockAndLedger(variantId)).toEqual({ stock: 7, ledger: 7 });
  await waitForEmail(customerEmail, (e) => e.subject.startsWith("Refund of £5.26"));
  await customerPage.reload();
  await expect(mine.getByTestId("order-status")).toHaveText("Refunded");
  await expect(mine.getByTestId("order-refund")).toHaveText("Refunded £105.29");
  await customerPage.screenshot({ path: testInfo.outputPath("customer-history.png"), fullPage: true });
  await customerContext.close();

  // The timeline has it all, the outbox's emails included.
  const timeline = page.getByTestId("timeline");
  await expect(timeline).toContainText("Cancelled: Box damaged in the warehouse");
  await expect(timeline).toContainText("Refunded £100.03");
  await expect(timeline).toContainText("Refunded £5.26");
  await expect(timeline).toContainText(`Email “Your Nearmint order #${toCancel} was cancelled”`);

  // Look at the pages: order, packing slip, label, at desktop and phone widths, and in print.
  for (const [name, width, height] of [
    ["desktop", 1280, 900],
    ["phone", 360, 740],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const [label, path] of [
      ["order", `/admin/orders/${toDispatch}`],
      ["order-refunded", `/admin/orders/${toCancel}`],
      ["packing-slip", `/admin/orders/${toDispatch}/packing-slip`],
      ["label", `/admin/orders/${toDispatch}/label`],
      ["list", `/admin/orders?status=all&customer=${encodeURIComponent(customerEmail)}`],
    ] as const) {
      await page.goto(path);
      await page.screenshot({ path: testInfo.outputPath(`${label}-${name}.png`), fullPage: true });
      await noOverflow(page, `${path} at ${width}px`);
    }
  }
  await page.setViewportSize({ width: 794, height: 1123 });
  await page.emulateMedia({ media: "print" });
  for (const sheet of ["packing-slip", "label"]) {
    await page.goto(`/admin/orders/${toDispatch}/${sheet}`);
    await expect(page.getByTestId("admin-nav")).toBeHidden();
    await expect(page.locator("body > header")).toBeHidden();
    await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
    await expect(page.getByText("2 Pewter Road").first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`${sheet}-print.png`), fullPage: true });
  }
  await page.goto(`/admin/orders/${toDispatch}/packing-slip`);
  await page.pdf({ path: testInfo.outputPath("packing-slip.pdf"), format: "A4", printBackground: true });
});

test("without JavaScript: the search form and the cancel form work", async ({ page, browser }) => {
  const customerEmail = uniqueEmail("money-nojs");
  await signIn(page, customerEmail, "Brock Harrison", "/account");
  const { variantId, toCancel } = await arrange(customerEmail);
  await page.context().clearCookies();
  await signInAsAdmin(page, "/admin/orders");
  const noJs = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const plain = await noJs.newPage();
  await plain.goto("/admin/orders?status=all");
  const search = plain.getByRole("search", { name: "Search orders" });
  await search.getByLabel("Customer", { exact: true }).fill(customerEmail);
  await search.getByLabel(/^From/).fill("31/02/2026");
  await search.getByRole("button", { name: "Search orders" }).click();
  await expect(plain.getByText("Enter the first day as a UK date, e.g. 31/01/2026.")).toBeVisible();
  await expect(plain.getByLabel(/^From/)).toHaveValue("31/02/2026");
  await expect(plain.getByTestId("admin-order")).toHaveCount(2);
  await plain.getByRole("link", { name: `Order #${toCancel}` }).click();
  const cancel = plain.getByRole("form", { name: `Cancel order #${toCancel}` });
  await cancel.getByLabel("Reason").fill("Customer changed their mind");
  await cancel.getByLabel("Refund this amount:").check();
  await cancel.getByLabel("Amount to refund in pounds").fill("500");
  await cancel.getByRole("button", { name: "Cancel order" }).click();
  // More than was paid: nothing happens, and what was typed is still there.
  await expect(plain.getByRole("alert")).toHaveText("That is more than is left to refund (£105.29).");
  await expect(cancel.getByLabel("Reason")).toHaveValue("Customer changed their mind");
  await expect(cancel.getByLabel("Amount to refund in pounds")).toHaveValue("500");
  expect(await query("SELECT status FROM orders WHERE id = $1", [toCancel])).toEqual([{ status: "completed" }]);
  await cancel.getByLabel("Amount to refund in pounds").fill("50.00");
  await cancel.getByRole("button", { name: "Cancel order" }).click();
  await expect(plain.getByTestId("order-notice")).toContainText(`Order #${toCancel} is cancelled`);
  expect(await query("SELECT status, refunded_amount FROM orders WHERE id = $1", [toCancel])).toEqual([{ status: "cancelled", refunded_amount: 5000 }]);
  expect(await stockAndLedger(variantId)).toEqual({ stock: 7, ledger: 7 });
  await noJs.close();
});
