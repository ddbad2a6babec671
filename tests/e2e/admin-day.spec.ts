import { expect, test, type Page } from "@playwright/test";
import { ADMIN_EMAIL, signIn, signInAsAdmin, uniqueEmail } from "./admin";
import { insertSealedProduct, query, removeProducts } from "./db";
import { waitForEmail } from "./mail";

/**
 * The back office's day-to-day (issue 14): the dashboard's sales chart with real data, resending
 * an email that was given up, and the back-office menu on a phone, without JavaScript too.
 */

/** A paid order placed now for a fresh customer: today's sales in the shop's calendar. */
async function paidOrderToday(page: Page, total: number) {
  const buyer = uniqueEmail("day-buyer");
  await signIn(page, buyer, "Dawn Berlitz", "/account");
  await page.context().clearCookies();
  const [order] = await query<{ id: number }>(
    `INSERT INTO orders (user_id, status, subtotal_amount, shipping_amount, total_amount, normal_subtotal_amount, payment_provider,
       reservation_expires_at, paid_at, email, shipping_name, created_at)
     SELECT id, 'completed', $2::int - 529, 529, $2::int, $2::int - 529, 'sandbox', now() + interval '1 hour', now(), email, 'Dawn Berlitz', now()
       FROM users WHERE email = $1
     RETURNING id`,
    [buyer, total],
  );
  return order!.id;
}

/** Today as the shop counts days (UK). */
function ukToday() {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
}

const pounds = (text: string | null) => Number((text ?? "").replace(/[£,]/g, ""));

test.describe("back office day-to-day", () => {
  let soldOutProduct = 0;
  test.afterAll(async () => {
    await removeProducts([soldOutProduct].filter(Boolean));
  });

  test("the dashboard shows today's sales as a chart and a table, switches to 7 days, and lists a sold-out product", async ({ page }) => {
    const orderId = await paidOrderToday(page, 4321);
    const [category] = await query<{ id: number }>("SELECT id FROM categories ORDER BY id LIMIT 1");
    const name = `E2E Sold Out Day ${orderId}`;
    ({ productId: soldOutProduct } = await insertSealedProduct({ name, slug: `e2e-day-sold-out-${orderId}`, price: 1999, stock: 0, category: category!.id }));

    await signInAsAdmin(page, "/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Shop admin" })).toBeVisible();
    const chart = page.getByTestId("sales-chart");
    await expect(chart).toBeVisible();
    await expect(chart.getByTestId("sales-bar")).toHaveCount(30);
    const today = chart.locator(`[data-testid="sales-bar"][data-day="${ukToday()}"]`);
    // Other specs may sell today too: at least this order's £43.21.
    expect(Number(await today.getAttribute("data-value"))).toBeGreaterThanOrEqual(4321);
    expect((await today.boundingBox())!.height).toBeGreaterThan(0);
    expect(pounds(await page.getByTestId("sales-today").getByTestId("revenue").textContent())).toBeGreaterThanOrEqual(43.21);

    await page.getByText("Show the figures as a table").click();
    const table = page.getByTestId("sales-table");
    await expect(table).toBeVisible();
    await expect(table.getByRole("row")).toHaveCount(31);

    await page.getByRole("group", { name: "Chart range" }).getByRole("link", { name: "7 days" }).click();
    await expect(page).toHaveURL(/days=7/);
    await expect(page.getByRole("group", { name: "Chart range" }).getByRole("link", { name: "7 days" })).toHaveAttribute("aria-current", "true");
    await expect(page.getByTestId("sales-chart").getByTestId("sales-bar")).toHaveCount(7);
    await page.getByRole("group", { name: "Chart shows" }).getByRole("link", { name: "Orders" }).click();
    await expect(page).toHaveURL(/metric=orders/);
    expect(Number(await page.locator(`[data-testid="sales-bar"][data-day="${ukToday()}"]`).getAttribute("data-value"))).toBeGreaterThanOrEqual(1);

    const soldOut = page.getByTestId("sold-out-list");
    await expect(soldOut.getByRole("link", { name, exact: true })).toHaveAttribute("href", `/admin/products/${soldOutProduct}`);
    await expect(page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
  });

  test("an admin resends an email that was given up: it goes out, and the audit log shows who did it", async ({ page }) => {
    const to = uniqueEmail("resend");
    const subject = `Your order is on its way ${to}`;
    const [row] = await query<{ id: number }>(
      `INSERT INTO outbox (kind, to_address, subject, text_body, attempts, last_error, next_attempt_at)
       VALUES ('order-dispatched', $1, $2, 'Tracking: AB123456789GB', 8, '550 mailbox unavailable', now()) RETURNING id`,
      [to, subject],
    );
    const [redacted] = await query<{ id: number }>(
      `INSERT INTO outbox (kind, to_address, subject, text_body, attempts, last_error, redacted_at)
       VALUES ('password-reset', $1, $2, 'Reset: [secret link removed]', 8, '550 mailbox unavailable', now()) RETURNING id`,
      [to, `Reset your password ${to}`],
    );

    await signInAsAdmin(page, "/admin/outbox?status=given-up");
    const card = page.getByTestId("outbox-email").filter({ hasText: subject });
    await expect(card.getByTestId("outbox-status")).toHaveText("Given up (8 attempts)");
    await expect(card).toContainText("Last error: 550 mailbox unavailable");
    const refusedCard = page.getByTestId("outbox-email").filter({ hasText: `Reset your password ${to}` });
    await expect(refusedCard.getByTestId("resend-refusal")).toContainText("cannot be sent again");
    await expect(refusedCard.getByRole("button", { name: /Resend/ })).toHaveCount(0);

    await card.getByRole("button", { name: /Resend/ }).click();
    await expect(page.getByTestId("outbox-result")).toHaveText(`Email #${row!.id} is queued to be sent again.`);
    // It has left the given-up list.
    await expect(page.getByTestId("outbox-email").filter({ hasText: subject })).toHaveCount(0);

    const mail = await waitForEmail(to, (m) => m.subject === subject);
    expect(mail.text).toContain("AB123456789GB");
    const [audit] = await query<{ email: string; details: { before: { attempts: number } } }>(
      `SELECT u.email, a.details FROM audit_log a JOIN users u ON u.id = a.actor_user_id WHERE a.action = 'email.resent' AND a.entity_id = $1`,
      [String(row!.id)],
    );
    expect(audit).toMatchObject({ email: ADMIN_EMAIL, details: { before: { attempts: 8 } } });
    const [untouched] = await query<{ attempts: number }>("SELECT attempts FROM outbox WHERE id = $1", [redacted!.id]);
    expect(untouched!.attempts).toBe(8);

    await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Audit log" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
    await page.getByLabel("Action").fill("email.resent");
    await page.getByLabel("Id", { exact: true }).fill(String(row!.id));
    await page.getByRole("button", { name: "Filter" }).click();
    const entry = page.getByTestId("audit-entry");
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText(ADMIN_EMAIL);
    await expect(entry).toContainText("given-up");
  });

  test("on a 360 px phone the back-office menu is a disclosure that works without JavaScript and marks the current page", async ({ page, browser }) => {
    await signInAsAdmin(page, "/admin/outbox");
    const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 }, storageState: await page.context().storageState() });
    const phone = await noScript.newPage();
    await phone.goto("/admin/outbox");
    const nav = phone.getByRole("navigation", { name: "Back office" });
    const menu = nav.getByText("Back office menu");
    await expect(menu).toBeVisible();
    await expect(nav.getByRole("link", { name: "Audit log" })).toBeHidden();
    await menu.click();
    await expect(nav.getByRole("link", { name: "Outbox" })).toHaveAttribute("aria-current", "page");
    await nav.getByRole("link", { name: "Audit log" }).click();
    await expect(phone).toHaveURL(/\/admin\/audit$/);
    await expect(phone.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
    // Closed again on the new page; it names the page it is on.
    await expect(nav.getByRole("link", { name: "Audit log" })).toBeHidden();
    await expect(nav.locator("summary")).toContainText("Audit log");
    // Nothing is wider than the phone.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await noScript.close();
  });
});
