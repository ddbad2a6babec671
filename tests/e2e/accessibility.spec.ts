import { createHash, randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { expectNoViolations, skipBrowserValidation } from "./a11y";
import { signIn, signInAsAdmin, uniqueEmail } from "./admin";
import { insertSealedProduct, query, removeProducts, setSealedStock } from "./db";
import { insertSingle, removeSingles, type InsertedSingle } from "./single-fixture";

/**
 * axe-core (WCAG 2.1 A and AA) on every page of the shop in each state a customer or the admin
 * can see it in: empty and full cart, form errors, payment declined, every account tab, the
 * application modal open. Zero violations. The products are this file's own (created long ago so
 * they never become "New Releases") and removed afterwards.
 */
const tag = randomBytes(3).toString("hex");
const inStock = { id: 0, slug: `e2e-a11y-in-${tag}`, name: `E2E Accessible Box ${tag}` };
const soldOut = { id: 0, slug: `e2e-a11y-out-${tag}`, name: `E2E Sold Out Box ${tag}` };
/** A single in several conditions and grades, its Near Mint copy sold out. */
const single = { slug: `e2e-a11y-single-${tag}`, name: `E2E Accessible Zapdos ${tag}`, inserted: null as InsertedSingle | null };

test.use({ reducedMotion: "reduce" });
// Independent journeys: spread them over both workers.
test.describe.configure({ mode: "parallel" });

test.beforeAll(async () => {
  const [category] = await query<{ id: number }>("SELECT id FROM categories ORDER BY id LIMIT 1");
  for (const [product, stock] of [
    [inStock, 10],
    [soldOut, 0],
  ] as const) {
    const { productId } = await insertSealedProduct({
      name: product.name,
      slug: product.slug,
      price: 2000,
      premiumPrice: 1500,
      stock,
      category: category!.id,
      description: "Arranged by the accessibility browser tests.",
      createdAt: new Date("2015-01-01"),
    });
    product.id = productId;
  }
  single.inserted = await insertSingle({
    name: single.name,
    slug: single.slug,
    category: category!.id,
    setCode: `e2ea11y${tag}`,
    setName: `E2E Accessible Set ${tag}`,
    officialCardCount: 62,
    cardName: "Zapdos",
    localNumber: "15",
    rarity: "Rare Holo",
    artist: "Ken Sugimori",
    description: "Arranged by the accessibility browser tests.",
    createdAt: new Date("2015-01-01"),
    variants: [
      { condition: "nm", printing: "holo", language: "en", price: 9000, premiumPrice: 8500, stock: 0 },
      { condition: "lp", printing: "holo", language: "en", price: 7000, premiumPrice: 6500, stock: 8 },
      { condition: "mp", printing: "holo", language: "en", price: 5000, stock: 3 },
      { condition: "dmg", printing: "holo", language: "en", price: 1000, stock: 0 },
      { grader: "psa", grade: "10", price: 60000, stock: 2, limitPerCustomer: 1 },
      { grader: "psa", grade: "9", price: 20000, stock: 0 },
    ],
  });
});

test.afterAll(async () => {
  const ids = [inStock.id, soldOut.id].filter(Boolean);
  await removeProducts(ids);
  await removeSingles([single.inserted]);
});

async function visit(page: Page, path: string, state = path) {
  await page.goto(path);
  await expectNoViolations(page, state);
}

test("catalogue, cart and not-found pages as a guest", async ({ page }) => {
  const [category] = await query<{ slug: string }>("SELECT slug FROM categories ORDER BY id LIMIT 1");
  await visit(page, "/", "home");
  await visit(page, "/language/english", "language page");
  await visit(page, `/category/${category!.slug}`, "category page");
  await visit(page, "/search?q=box", "search results");
  await visit(page, "/search?q=zzqxnothingmatches", "search with no results");
  await visit(page, `/products/${inStock.slug}`, "product in stock");
  await visit(page, `/products/${soldOut.slug}`, "product out of stock");
  await visit(page, `/products/${single.slug}`, "single with several variants");
  await visit(page, `/products/${single.slug}?condition=nm&printing=holo&language=en`, "single, a sold-out variant chosen");
  await page.getByTestId("variant-picker").getByRole("link", { name: /PSA 10/ }).click();
  await expect(page.getByTestId("variant-picker").locator('[aria-current="true"]')).toContainText("PSA 10");
  await expectNoViolations(page, "single, a graded variant chosen in the picker");
  await visit(page, "/cart", "empty cart");
  await visit(page, "/no-such-page", "404");
  await visit(page, "/admin", "401 for a guest on an admin page");
});

test("at a 360 px phone width: home, product page, cart and the wholesale form", async ({ page }) => {
  // The header folds into two rows and some labels become screen-reader only at this width.
  await page.setViewportSize({ width: 360, height: 780 });
  await visit(page, "/", "home on a phone");
  await visit(page, `/products/${inStock.slug}`, "product page on a phone");
  await visit(page, `/products/${single.slug}`, "single with several variants on a phone");
  await visit(page, `/products/${single.slug}?condition=nm&printing=holo&language=en`, "single, a sold-out variant chosen, on a phone");
  await visit(page, "/cart", "empty cart on a phone");
  await visit(page, "/wholesale", "wholesale form on a phone");
});

test("content pages and the Pro page as a guest", async ({ page }) => {
  for (const path of ["/sell-cards", "/terms", "/privacy", "/delivery", "/refund", "/cookies", "/pro"]) await visit(page, path);
});

test("sign-in, sign-up and password forms with their errors shown", async ({ page }) => {
  await visit(page, "/login?registered=true", "login after signing up");
  await page.getByLabel("Email").fill(uniqueEmail("nobody"));
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expectNoViolations(page, "login with an error");

  await visit(page, "/register", "register");
  await skipBrowserValidation(page);
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.getByLabel("Confirm password").fill("different");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.locator("[aria-invalid=true]").first()).toBeVisible();
  await expectNoViolations(page, "register with errors");

  await visit(page, "/forgot-password", "forgot password");
  await skipBrowserValidation(page);
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.locator("[aria-invalid=true]").first()).toBeVisible();
  await expectNoViolations(page, "forgot password with an error");
  await page.getByLabel("Email").fill(uniqueEmail("a11y-forgot"));
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expectNoViolations(page, "forgot password, link sent");

  await visit(page, `/reset-password/${"x".repeat(43)}`, "reset link no longer valid");
  const email = uniqueEmail("a11y-reset");
  await signIn(page, email, "Misty Waterflower", "/account");
  await page.context().clearCookies();
  const token = randomBytes(32).toString("base64url");
  await query(
    `INSERT INTO password_reset_tokens (token_hash, user_id, expires_at)
     SELECT $1, id, now() + interval '1 hour' FROM users WHERE email = $2`,
    [createHash("sha256").update(token).digest("hex"), email],
  );
  await visit(page, `/reset-password/${token}`, "reset password");
  await skipBrowserValidation(page);
  await page.getByLabel("New password", { exact: true }).fill("short");
  await page.getByLabel("Confirm new password").fill("other");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.locator("[aria-invalid=true]").first()).toBeVisible();
  await expectNoViolations(page, "reset password with errors");
});

test("the wholesale form with its errors shown", async ({ page }) => {
  await query("DELETE FROM rate_limits WHERE key LIKE 'wholesale-ip:%'");
  await visit(page, "/wholesale", "wholesale form");
  await page.getByLabel("Company Type").selectOption({ label: "Limited Company" });
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await expectNoViolations(page, "wholesale form with errors");
});

/** A signed-in customer; `giveAddress` adds the delivery address checkout needs. */
async function customer(page: Page, label: string) {
  const email = uniqueEmail(label);
  await signIn(page, email, "Misty Waterflower", "/account");
  const giveAddress = () =>
    query(
      "UPDATE profiles SET address_line1 = '2 Cerulean Way', city = 'Bristol', postal_code = 'BS1 4DJ', country = 'United Kingdom' WHERE email = $1",
      [email],
    );
  return { giveAddress };
}

test("a customer's account tabs, cart, sandbox checkout and order success", async ({ page }) => {
  const { giveAddress } = await customer(page, "a11y-buyer");
  await visit(page, "/account", "account, profile tab with no address yet");
  await giveAddress();
  await visit(page, "/account", "account, profile tab");
  await visit(page, "/account?tab=orders", "account, orders tab with no orders");
  await page.goto("/account?tab=profile&edit=1");
  await page.getByLabel("Postal code").fill("not a postcode");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Please enter a valid UK postcode")).toBeVisible();
  await expectNoViolations(page, "account, profile form with an error");

  // A full cart whose quantity the shop had to lower: the notice shows.
  await page.goto(`/products/${inStock.slug}`);
  await page.getByLabel("Quantity").selectOption("3");
  await page.getByRole("button", { name: /Add(ed)? to Cart/ }).click();
  await expect(page.getByRole("button", { name: "Added to Cart" })).toBeVisible();
  await expectNoViolations(page, "product page, added to cart");
  await setSealedStock(inStock.id, 2);
  await page.goto("/cart");
  await expect(page.getByText("quantity reduced")).toBeVisible();
  await expectNoViolations(page, "cart with a notice");
  await setSealedStock(inStock.id, 10);
  await visit(page, `/cart?checkoutError=out_of_stock&item=${encodeURIComponent(inStock.name)}`, "cart with a checkout error");
  await visit(page, "/cart?checkoutError=cancelled", "cart after a cancelled checkout");

  // The sandbox payment page: as it opens, with a card number refused, then declined.
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await expectNoViolations(page, "sandbox checkout");
  await page.getByLabel("Card number").fill("1234");
  await page.getByRole("button", { name: /^Pay £/ }).click();
  await expect(page.getByText("Your card number is incorrect.")).toBeVisible();
  await expectNoViolations(page, "sandbox checkout, card number refused");
  await page.getByLabel("Card number").fill("4000 0000 0000 0002");
  await page.getByRole("button", { name: /^Pay £/ }).click();
  await expect(page.getByText("Your card was declined.")).toBeVisible();
  await expectNoViolations(page, "sandbox checkout, declined");

  await page.goto("/cart");
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: /^Pay £/ }).click();
  await expect(page.getByRole("heading", { name: "Order Successful!" })).toBeVisible();
  await expectNoViolations(page, "order success");
  await visit(page, "/account?tab=orders", "account, orders tab with orders");
});

test("the Pro page, the sandbox subscription and portal, and the subscription tab", async ({ page }) => {
  await (await customer(page, "a11y-member")).giveAddress();
  // Pro: the page, the sandbox sign-up (declined, then paid), the subscription tab, the portal.
  await visit(page, "/pro", "Pro page signed in");
  await page.getByRole("button", { name: "Subscribe monthly" }).click();
  await expect(page).toHaveURL(/\/sandbox\/subscription\//);
  await expectNoViolations(page, "sandbox subscription");
  await page.getByLabel("Card number").fill("4000 0000 0000 0002");
  await page.getByRole("button", { name: /and subscribe$/ }).click();
  await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
  await expectNoViolations(page, "sandbox subscription, declined");
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: /and subscribe$/ }).click();
  await expect(page.getByText("Welcome to Pro!")).toBeVisible();
  await expectNoViolations(page, "Pro page after subscribing");
  await visit(page, "/account", "account, profile tab as a member");
  await page.goto(`/products/${inStock.slug}`);
  await expectNoViolations(page, "product page for a member");
  await page.getByRole("button", { name: /Add(ed)? to Cart/ }).click();
  await expect(page.getByRole("button", { name: "Added to Cart" })).toBeVisible();
  await visit(page, "/cart", "cart at member prices");
  await visit(page, "/account?tab=subscription", "account, subscription tab");
  await page.getByRole("button", { name: "Manage subscription" }).click();
  await expect(page).toHaveURL(/\/sandbox\/portal\//);
  await expectNoViolations(page, "sandbox billing portal");
  await page.getByRole("button", { name: "Cancel subscription" }).click();
  await expect(page.getByTestId("portal-period")).toContainText("will be cancelled on");
  await expectNoViolations(page, "sandbox billing portal, cancelled");
  await visit(page, "/account?tab=subscription", "account, subscription tab, cancelled");
});

test("admin pages: dashboard, orders with a refused tracking number, applications with the details open, outbox", async ({ page }) => {
  const buyer = uniqueEmail("a11y-admin-buyer");
  await signIn(page, buyer, "Brock Harrison", "/account");
  await page.context().clearCookies();
  const [order] = await query<{ id: number }>(
    `INSERT INTO orders (user_id, status, subtotal_amount, shipping_amount, total_amount, normal_subtotal_amount, payment_provider,
       reservation_expires_at, paid_at, email, shipping_name, shipping_address, created_at)
     SELECT id, 'completed', 5999, 529, 6528, 5999, 'sandbox', now() + interval '1 hour', now(), email, 'Brock Harrison',
       '{"line1": "2 Pewter Road", "city": "Sheffield", "postalCode": "S1 2HE", "country": "United Kingdom"}', now() + interval '1 hour'
       FROM users WHERE email = $1
     RETURNING id`,
    [buyer],
  );
  await query(
    `INSERT INTO order_items (order_id, product_name, quantity, unit_price, normal_unit_price)
     VALUES ($1, 'Prismatic Evolutions Elite Trainer Box', 1, 5999, 5999)`,
    [order!.id],
  );
  const [application] = await query<{ id: string }>(
    `INSERT INTO wholesale_applications (email, contact_name, platform_username, contact_number, billing_address,
       company_type, company_name, company_number, subscribe_newsletter)
     VALUES ($1, 'Nina Access', 'ebay: nina_a', '07700 900333', E'3 New Street\\nBath BA1 1AA', 'limited_company',
       'Nina Cards Ltd', 'SC654321', true)
     RETURNING id`,
    [uniqueEmail("a11y-wholesale")],
  );

  await signInAsAdmin(page, "/admin");
  await expectNoViolations(page, "admin dashboard");
  await page.goto("/admin/orders");
  const card = page.getByTestId("admin-order").filter({ has: page.getByRole("heading", { name: `Order #${order!.id}`, exact: true }) });
  await expectNoViolations(page, "admin orders");
  await card.getByLabel("Tracking number").fill("oops");
  await card.getByRole("button", { name: "Mark dispatched" }).click();
  await expect(card.getByLabel("Tracking number")).toHaveAttribute("aria-invalid", "true");
  await expectNoViolations(page, "admin orders, tracking number refused");
  await visit(page, "/admin/orders?status=all", "admin orders, all");
  await visit(page, "/admin/orders?status=all&q=nobody&from=31/02/2026", "admin orders, searched, a bad date");
  await visit(page, `/admin/orders/${order!.id}`, "admin order page with cancel and refund forms");
  await page.getByRole("form", { name: `Cancel order #${order!.id}` }).getByRole("button", { name: "Cancel order" }).click();
  await expect(page.getByRole("form", { name: `Cancel order #${order!.id}` }).getByRole("alert")).toBeVisible();
  await expectNoViolations(page, "admin order page, cancel refused");
  await visit(page, `/admin/orders/${order!.id}/packing-slip`, "packing slip");
  await visit(page, `/admin/orders/${order!.id}/label`, "address label");
  await visit(page, "/admin/wholesale-applications", "admin applications");
  await page.goto(`/admin/wholesale-applications?application=${application!.id}`);
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoViolations(page, "admin applications, details open");
  await visit(page, "/admin/outbox", "admin outbox");
});

test("back office day-to-day: dashboard with sales and the table open, outbox filters and a refused resend, audit log and a refused filter, the menu open on a phone", async ({ page }) => {
  const buyer = uniqueEmail("a11y-day-buyer");
  await signIn(page, buyer, "Dawn Berlitz", "/account");
  await page.context().clearCookies();
  await query(
    `INSERT INTO orders (user_id, status, subtotal_amount, shipping_amount, total_amount, normal_subtotal_amount, payment_provider,
       reservation_expires_at, paid_at, email, created_at)
     SELECT id, 'completed', 2000, 529, 2529, 2000, 'sandbox', now() + interval '1 hour', now(), email, now() FROM users WHERE email = $1`,
    [buyer],
  );
  await query(
    `INSERT INTO outbox (kind, to_address, subject, text_body, attempts, last_error, redacted_at)
     VALUES ('password-reset', $1, 'Reset your password', 'Reset: [secret link removed]', 8, 'timeout', now())`,
    [buyer],
  );
  await signInAsAdmin(page, "/admin");
  await page.getByText("Show the figures as a table").click();
  await expectNoViolations(page, "admin dashboard, figures table open");
  await visit(page, "/admin?days=7&metric=orders", "admin dashboard, 7 days of orders");
  await visit(page, "/admin/outbox?status=given-up", "admin outbox, given up (resend refused for a removed link)");
  await visit(page, "/admin/audit", "admin audit log");
  await visit(page, "/admin/audit?from=2026-02-30&actor=nobody", "admin audit log, filter refused");
  await page.setViewportSize({ width: 360, height: 740 });
  await visit(page, "/admin", "admin dashboard on a phone");
  await page.getByRole("navigation", { name: "Back office" }).getByText("Back office menu").click();
  await expect(page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Audit log" })).toBeVisible();
  await expectNoViolations(page, "back-office menu open on a phone");
});

// The catalogue screens of the back office, apart from the others: one test stays well inside the
// time limit on a busy machine (axe takes seconds a page).
test("admin catalogue pages: singles, listing a single with a row refused, on a phone", async ({ page }) => {
  await signInAsAdmin(page, "/admin");
  await visit(page, "/admin/singles", "admin singles");
  await visit(page, "/admin/singles/new", "admin list a single, the search");
  await visit(page, "/admin/singles/new?q=charizard", "admin list a single, cards found");
  await page.getByTestId("card-result").first().click();
  await expect(page.locator("#listing-form")).toBeVisible();
  await expectNoViolations(page, "admin list a single, the grid");
  await page.getByLabel(/^Price \(£\), Near Mint · /).first().fill("abc");
  await page.getByRole("button", { name: "List card" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Price must be in pounds" })).toBeVisible();
  await expectNoViolations(page, "admin list a single, a row refused");
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoViolations(page, "admin list a single, a row refused, on a phone");
});

test("admin pricing: guides, rules with a refused value, on a phone too", async ({ page }) => {
  // The preview with rows (and its pin buttons) is checked by pricing.spec.ts, which arranges a guide.
  await signInAsAdmin(page, "/admin/pricing");
  await expectNoViolations(page, "admin pricing");
  await page.getByLabel("Pounds per euro").fill("lots");
  await page.getByRole("button", { name: "Save rules" }).click();
  await expect(page.getByLabel("Pounds per euro")).toHaveAttribute("aria-invalid", "true");
  await expectNoViolations(page, "admin pricing, a rule refused");
  await page.setViewportSize({ width: 360, height: 780 });
  await visit(page, "/admin/pricing", "admin pricing on a phone");
});

test("admin coupons and customers: lists, forms with errors, a coupon, a customer, on a desktop and a 360 px phone", async ({ page }) => {
  // Fifteen pages checked: more than the default minute.
  test.setTimeout(150_000);
  const code = `A11Y${tag.toUpperCase()}`;
  const [category] = await query<{ id: number }>("SELECT id FROM categories ORDER BY id LIMIT 1");
  await query(
    `INSERT INTO coupons (code, percent_off, valid_from, valid_until, min_spend, max_redemptions, max_redemptions_per_customer, note)
     VALUES ($1, 15, now() - interval '1 day', now() + interval '30 days', 2500, 100, 1, 'Accessibility check')`,
    [code],
  );
  await query("INSERT INTO coupon_categories (coupon_code, category_id) VALUES ($1, $2)", [code, category!.id]);
  const customerEmail = uniqueEmail("a11y-customer-page");
  await signIn(page, customerEmail, "Erika Celadon", "/account");
  await page.context().clearCookies();
  const [shopper] = await query<{ id: string }>("SELECT id FROM users WHERE email = $1", [customerEmail]);

  await signInAsAdmin(page, "/admin/coupons");
  await expectNoViolations(page, "admin coupons");
  await visit(page, "/admin/coupons/new", "new coupon form");
  await page.getByLabel("Code").fill("x");
  await page.getByRole("button", { name: "Create coupon" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expectNoViolations(page, "new coupon form, refused");
  await visit(page, `/admin/coupons/${code}?done=saved`, "a coupon with a notice");
  await visit(page, "/admin/customers", "admin customers");
  await visit(page, `/admin/customers?q=${encodeURIComponent(customerEmail)}`, "admin customers, searched");
  await visit(page, "/admin/customers?q=zzqxnobodymatches", "admin customers, no match");
  await visit(page, `/admin/customers/${shopper!.id}`, "a customer's page");
  const [admin] = await query<{ id: string }>("SELECT id FROM users WHERE email = 'admin@e2e.nearmint.test'");
  await visit(page, `/admin/customers/${admin!.id}`, "the admin's own page (listed in ADMIN_EMAILS)");

  await page.setViewportSize({ width: 360, height: 780 });
  await visit(page, "/admin/coupons", "admin coupons on a phone");
  await visit(page, `/admin/coupons/${code}`, "a coupon on a phone");
  await visit(page, "/admin/customers", "admin customers on a phone");
  await visit(page, `/admin/customers/${shopper!.id}`, "a customer's page on a phone");
  await query("DELETE FROM coupons WHERE code = $1", [code]);
});

test("your data, two-factor set-up, the sign-in check past the limits, and the erased page", async ({ page }) => {
  await customer(page, "a11y-privacy");
  await visit(page, "/account/data", "your data");
  await page.getByLabel("Your password, to confirm").fill("not-the-password");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByRole("alert")).toContainText("That password is not right");
  await expectNoViolations(page, "your data, wrong password");

  await visit(page, "/account/two-factor", "two-factor, off");
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(page.getByRole("img", { name: "QR code to scan with your authenticator app" })).toBeVisible();
  await expectNoViolations(page, "two-factor, scan the QR code");
  await page.getByLabel("6-digit code").fill("000000");
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expectNoViolations(page, "two-factor, code refused");

  // Past the account's sign-in ceiling (arranged on this account only): the proof-of-work check shows.
  const email = uniqueEmail("a11y-challenge");
  await page.context().clearCookies();
  await signIn(page, email, "Brock Harrison", "/account");
  await page.context().clearCookies();
  const key = `signin:account:${createHash("sha256").update(email).digest("hex").slice(0, 32)}`;
  await query("INSERT INTO rate_limits (key, window_start, count) VALUES ($1, now(), 50) ON CONFLICT (key) DO UPDATE SET window_start = now(), count = 50", [key]);
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("Wrong-Password-123");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("quick check that you are not a robot")).toBeVisible();
  await expectNoViolations(page, "login with the proof-of-work check");

  await visit(page, "/account/erased", "account erased");
});

test("set pages and card search: filters open, filtered, a price error, unknown set, on a phone", async ({ page }) => {
  await visit(page, "/sets", "card sets");
  await visit(page, "/sets/base1", "set page");
  await page.getByText("Filter and sort").click();
  await expectNoViolations(page, "set page with its filters open");
  await visit(page, "/sets/base1?condition=lp&sort=price-asc", "set page filtered by condition, by price");
  await visit(page, "/sets/base1?show=all", "set page with the cards not listed");
  await visit(page, "/sets/base1?min=abc", "set page with a price that is not a price");
  await visit(page, "/sets/no-such-set", "unknown set");
  await visit(page, "/search?q=charizard+4%2F102", "card number search");
  await visit(page, "/search?q=charizard&condition=nm&instock=1&sort=price-asc", "search filtered and sorted");
  await page.setViewportSize({ width: 360, height: 780 });
  await visit(page, "/sets/base1?condition=lp", "filtered set page on a phone");
  await visit(page, "/search?q=151+mew", "card search on a phone");
});
