import { test } from "@playwright/test";
import { signInAsAdmin, signIn, uniqueEmail } from "./admin";
import { query } from "./db";
test("shots", async ({ page }) => {
  test.setTimeout(180_000);
  const buyer = uniqueEmail("shot");
  await signIn(page, buyer, "Dawn Berlitz", "/account");
  await page.context().clearCookies();
  for (let d = 0; d < 30; d++) {
    const n = (d * 7) % 4;
    for (let i = 0; i < n; i++) {
      await query(`INSERT INTO orders (user_id, status, subtotal_amount, shipping_amount, total_amount, normal_subtotal_amount, payment_provider, reservation_expires_at, paid_at, email, shipping_name, created_at)
        SELECT id, $3, 2000, 529, $2::int, 2000, 'sandbox', now() + interval '1 hour', now() - ($1::int * interval '1 day'), email, 'Dawn Berlitz', now() - ($1::int * interval '1 day') FROM users WHERE email = $4`, [d, 1500 + ((d * 3571) % 9000), d < 3 ? "completed" : "dispatched", buyer]);
    }
  }
  await query(`INSERT INTO outbox (kind, to_address, subject, text_body, attempts, last_error) VALUES ('order-dispatched', 'x@example.com', 'Your order #100010 is on its way', 'Tracking', 3, 'connect ECONNREFUSED 127.0.0.1:2525')`);
  await query(`INSERT INTO outbox (kind, to_address, subject, text_body, attempts, last_error, redacted_at) VALUES ('password-reset', 'y@example.com', 'Reset your password', 'Reset: [secret link removed]', 8, 'timeout', now())`);
  await query(`UPDATE product_variants SET stock = 0 WHERE id IN (SELECT id FROM product_variants ORDER BY id LIMIT 3)`);
  await query(`UPDATE product_variants SET stock = 2 WHERE id IN (SELECT id FROM product_variants ORDER BY id OFFSET 3 LIMIT 2)`);
  await signInAsAdmin(page, "/admin");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/admin");
  await page.screenshot({ path: "/tmp/shots/dash-desktop.png", fullPage: true });
  await page.goto("/admin/outbox");
  await page.screenshot({ path: "/tmp/shots/outbox-desktop.png", fullPage: true });
  await page.goto("/admin/audit");
  await page.screenshot({ path: "/tmp/shots/audit-desktop.png", fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/admin");
  await page.screenshot({ path: "/tmp/shots/dash-phone.png" });
  await page.locator("section[aria-labelledby=sales-heading]").screenshot({ path: "/tmp/shots/sales-phone.png" });
  await page.locator("#stock").screenshot({ path: "/tmp/shots/stock-phone.png" });
  await page.getByText("Back office menu").click();
  await page.screenshot({ path: "/tmp/shots/nav-phone.png" });
  await page.goto("/admin?days=7");
  await page.locator("section[aria-labelledby=sales-heading]").screenshot({ path: "/tmp/shots/sales7-phone.png" });
  await page.goto("/admin/outbox");
  await page.screenshot({ path: "/tmp/shots/outbox-phone.png" });
  await page.goto("/admin/audit");
  await page.screenshot({ path: "/tmp/shots/audit-phone.png", fullPage: true });
  await page.goto("/admin/audit?from=2026-02-30");
  await page.screenshot({ path: "/tmp/shots/audit-error-phone.png" });
});
