import { expect, test, type Page } from "@playwright/test";
import { signIn, signInAsAdmin, uniqueEmail } from "./admin";
import { query } from "./db";
import { waitForEmail } from "./mail";

const TRACKING_INVALID = "Enter a Royal Mail tracking number: 8 to 40 letters and digits, e.g. AB123456789GB.";

/**
 * A paid order for `email`'s account, arranged in SQL (the sandbox payment journey has its own
 * spec). An hour in the future so it tops the newest-first list whatever other specs add, and
 * a pending one's reservation outlives the test (the expiry job would otherwise expire it).
 */
async function paidOrder(email: string, status = "completed", tracking: string | null = null) {
  const [user] = await query<{ id: string }>("SELECT id FROM users WHERE email = $1", [email]);
  const [order] = await query<{ id: number }>(
    `INSERT INTO orders (user_id, status, subtotal_amount, shipping_amount, total_amount, normal_subtotal_amount, payment_provider,
       reservation_expires_at, paid_at, email, tracking_number, shipping_name, shipping_address, created_at)
     VALUES ($1, $2, 11998, 529, 12527, 11998, 'sandbox', now() + interval '1 hour', now(), $3, $4, 'Brock Harrison',
       '{"line1": "2 Pewter Road", "city": "Sheffield", "postalCode": "S1 2HE", "country": "United Kingdom"}', now() + interval '1 hour')
     RETURNING id`,
    [user!.id, status, email, tracking],
  );
  await query(
    `INSERT INTO order_items (order_id, product_name, quantity, unit_price, normal_unit_price)
     VALUES ($1, 'Prismatic Evolutions Elite Trainer Box', 2, 5999, 5999)`,
    [order!.id],
  );
  return order!.id;
}

function orderCard(page: Page, id: number) {
  return page.getByTestId("admin-order").filter({ has: page.getByRole("heading", { name: `Order #${id}`, exact: true }) });
}

test.describe("admin orders", () => {
  test("a guest is asked to log in (401) on /admin and /admin/orders, and cannot post a dispatch", async ({ page, request }) => {
    for (const path of ["/admin", "/admin/orders"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(401);
      await expect(page.getByText("Please log in to view this page.")).toBeVisible();
      await expect(page.getByRole("link", { name: "Log in" })).toHaveAttribute("href", `/login?redirectTo=${encodeURIComponent(path)}`);
    }
    const [someOrder] = await query<{ id: number }>("SELECT id FROM orders ORDER BY id LIMIT 1");
    const post = await request.post("/admin/orders.data", {
      form: { intent: "dispatch", orderId: String(someOrder?.id ?? 100001), trackingNumber: "AB123456789GB" },
    });
    expect(post.status()).toBe(401);
  });

  test("an admin dispatches a paid order: a bad number is refused and kept, then one email goes out and the customer sees the tracking", async ({
    page,
    browser,
  }, testInfo) => {
    // The customer has a real account, so they can look at their order history afterwards.
    const customerContext = await browser.newContext();
    const customerPage = await customerContext.newPage();
    const customerEmail = uniqueEmail("dispatch-buyer");
    await signIn(customerPage, customerEmail, "Brock Harrison", "/account?tab=orders");
    const orderId = await paidOrder(customerEmail);
    const pending = await paidOrder(customerEmail, "pending");

    await signInAsAdmin(page, "/account");
    await page.getByRole("link", { name: "Shop admin" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1, name: "Shop admin" })).toBeVisible();
    const toDispatch = page.getByTestId("orders-to-dispatch");
    const before = Number(await toDispatch.getByTestId("count").textContent());
    expect(before).toBeGreaterThanOrEqual(1);
    await expect(page.getByTestId("pending-wholesale")).toBeVisible();
    await expect(page.getByTestId("unsent-emails")).toBeVisible();

    await toDispatch.click();
    await expect(page).toHaveURL(/\/admin\/orders$/);
    await expect(page.getByRole("link", { name: /^To dispatch/ })).toHaveAttribute("aria-current", "page");
    const card = orderCard(page, orderId);
    await expect(card).toContainText("Brock Harrison");
    await expect(card).toContainText(customerEmail);
    await expect(card).toContainText("Prismatic Evolutions Elite Trainer Box × 2");
    await expect(card).toContainText("£125.27");
    await expect(card).toContainText("2 Pewter Road, Sheffield, S1 2HE");
    await expect(card.getByTestId("order-status")).toHaveText("Completed");
    // Only paid orders are in the queue; the unpaid one is under Pending, without a form.
    await expect(orderCard(page, pending)).toHaveCount(0);

    // A bad number: refused with the field's message, the typed text stays, focus goes back to it.
    const field = card.getByLabel("Tracking number");
    await field.fill("AB-12 oops");
    await card.getByRole("button", { name: "Mark dispatched" }).click();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription(TRACKING_INVALID);
    await expect(field).toHaveValue("AB-12 oops");
    await expect(field).toBeFocused();
    await card.screenshot({ path: testInfo.outputPath("refused-number.png") });
    expect(await query("SELECT status, tracking_number FROM orders WHERE id = $1", [orderId])).toEqual([
      { status: "completed", tracking_number: null },
    ]);

    // A good one, typed the way Royal Mail prints it.
    await field.fill("ab 1234 5678 9gb");
    await card.getByRole("button", { name: "Mark dispatched" }).click();
    await expect(page.getByTestId("dispatch-toast")).toContainText(
      `Order #${orderId} is marked as dispatched with tracking number AB123456789GB. The customer's dispatch email is queued.`,
    );
    await expect(card).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath("dispatched-toast.png") });
    expect(await query("SELECT status, tracking_number FROM orders WHERE id = $1", [orderId])).toEqual([
      { status: "dispatched", tracking_number: "AB123456789GB" },
    ]);
    const rows = await query<{ kind: string; to_address: string; dedupe_key: string }>(
      "SELECT kind, to_address, dedupe_key FROM outbox WHERE dedupe_key LIKE $1",
      [`order-dispatched:${orderId}:%`],
    );
    expect(rows).toEqual([{ kind: "order-dispatched", to_address: customerEmail, dedupe_key: `order-dispatched:${orderId}:AB123456789GB` }]);

    // Under Dispatched it shows with its tracking link, and the number can be corrected from there.
    await page.getByRole("link", { name: /^Dispatched/ }).click();
    await expect(page).toHaveURL(/status=dispatched/);
    const shipped = orderCard(page, orderId);
    await expect(shipped.getByTestId("order-status")).toHaveText("Dispatched");
    await expect(shipped.getByRole("link", { name: /AB123456789GB/ })).toHaveAttribute(
      "href",
      "https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB",
    );
    await expect(shipped.getByText("Correct tracking number")).toBeVisible();

    // The same number sent again (another tab, a resubmitted form) changes nothing.
    const resend = await page.request.post("/admin/orders.data", {
      form: { intent: "dispatch", orderId: String(orderId), trackingNumber: "AB123456789GB", currentTracking: "" },
    });
    expect(resend.status()).toBe(200);
    // A crafted dispatch of the unpaid order is refused.
    const refused = await page.request.post("/admin/orders.data", {
      form: { intent: "dispatch", orderId: String(pending), trackingNumber: "AB123456789GB" },
    });
    expect(refused.status()).toBe(409);
    expect(await refused.text()).toContain(`Order #${pending} has not been paid yet, so it cannot be dispatched.`);
    expect(await query("SELECT 1 FROM outbox WHERE dedupe_key LIKE $1", [`order-dispatched:${orderId}:%`])).toHaveLength(1);
    expect(await query("SELECT status, tracking_number FROM orders WHERE id = $1", [pending])).toEqual([
      { status: "pending", tracking_number: null },
    ]);

    // The email really leaves through SMTP, and the customer sees the tracking number.
    const email = await waitForEmail(customerEmail, (e) => e.subject.includes(`#${orderId} has been dispatched`));
    expect(email.text).toContain("AB123456789GB");
    await customerPage.goto("/account?tab=orders");
    const mine = customerPage.getByTestId("order").filter({ hasText: `Order #${orderId}` });
    await expect(mine.getByTestId("order-status")).toHaveText("Dispatched");
    await expect(mine.getByRole("link", { name: /AB123456789GB/ })).toBeVisible();
    await customerContext.close();
  });

  test("without JavaScript the dispatch form still works and keeps a refused number", async ({ page, browser }) => {
    const customerEmail = uniqueEmail("nojs-buyer");
    await signIn(page, customerEmail, "Brock Harrison", "/account");
    const orderId = await paidOrder(customerEmail);
    await page.context().clearCookies();
    await signInAsAdmin(page, "/admin/orders");
    const noJs = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
    const plain = await noJs.newPage();
    await plain.goto("/admin/orders");
    const card = orderCard(plain, orderId);
    await card.getByLabel("Tracking number").fill("short");
    await card.getByRole("button", { name: "Mark dispatched" }).click();
    await expect(card.getByLabel("Tracking number")).toHaveValue("short");
    await expect(card.getByRole("alert")).toHaveText(TRACKING_INVALID);
    await card.getByLabel("Tracking number").fill("CD987654321GB");
    await card.getByRole("button", { name: "Mark dispatched" }).click();
    await expect(plain.getByTestId("dispatch-toast")).toContainText(`Order #${orderId} is marked as dispatched`);
    expect(await query("SELECT tracking_number FROM orders WHERE id = $1", [orderId])).toEqual([{ tracking_number: "CD987654321GB" }]);
    await noJs.close();
  });

  test("fits a 360 px phone; screenshots of /admin, /admin/orders and the admin link on /account at desktop and phone widths", async ({ page }, testInfo) => {
    const customerEmail = uniqueEmail("screens-buyer");
    await signIn(page, customerEmail, "Brock Harrison", "/account");
    await paidOrder(customerEmail);
    await paidOrder(customerEmail, "dispatched", "EF555555555GB");
    await page.context().clearCookies();
    await signInAsAdmin(page, "/admin");
    for (const [name, width, height] of [
      ["desktop", 1280, 900],
      ["phone", 390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto("/admin");
      await expect(page.getByRole("heading", { level: 1, name: "Shop admin" })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`admin-${name}.png`), fullPage: true });
      await page.goto("/admin/orders?status=all");
      await expect(page.getByTestId("admin-order").first()).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`admin-orders-${name}.png`) });
      await page.goto("/account");
      await expect(page.getByRole("link", { name: "Shop admin" })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`account-${name}.png`) });
    }
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of ["/admin", "/admin/orders?status=all"]) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});
