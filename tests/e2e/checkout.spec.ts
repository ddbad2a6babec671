import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { insertSealedProduct, query, removeProducts, sealedStock } from "./db";
import { receivedEmails, waitForEmail } from "./mail";

/**
 * Checkout in a real browser against the production build with the sandbox provider:
 * guest cart → sign in → checkout → test payment → order confirmation → order history, and
 * the declined-card, invalid-card and cancel paths. Products are this file's own (created
 * long ago so they never become "New Releases") and removed afterwards.
 */
const PASSWORD = "Checkout-e2e-Passw0rd!";
const tag = randomBytes(3).toString("hex");
const products: { id: number; slug: string; name: string; price: number }[] = [];

test.beforeAll(async () => {
  const [category] = await query<{ id: number }>("SELECT id FROM categories ORDER BY id LIMIT 1");
  for (const [i, price] of [1234, 2000, 999].entries()) {
    const name = `E2E Checkout Box ${i + 1} ${tag}`;
    const slug = `e2e-checkout-${i + 1}-${tag}`;
    const { productId } = await insertSealedProduct({
      name,
      slug,
      price,
      stock: 5,
      category: category!.id,
      description: "Arranged by the checkout browser tests.",
      createdAt: new Date("2015-01-01"),
    });
    products.push({ id: productId, slug, name, price });
  }
});

test.afterAll(async () => {
  // Orders keep their snapshot lines.
  await removeProducts(products.map((p) => p.id));
});

function uniqueEmail() {
  return `checkout-${Date.now().toString(36)}-${randomBytes(3).toString("hex")}@e2e.nearmint.test`;
}

async function register(page: Page, email: string, { withAddress = true } = {}) {
  await page.goto("/register");
  await page.getByLabel("Full name").fill("Misty Waterflower");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/login\?registered=true/);
  if (withAddress) await giveDeliveryAddress(email);
}

/** Checkout needs a delivery address; most tests arrange it here (one test goes through the form). */
async function giveDeliveryAddress(email: string) {
  await query(
    "UPDATE profiles SET address_line1 = '2 Cerulean Way', city = 'Bristol', postal_code = 'BS1 4DJ', country = 'United Kingdom' WHERE email = $1",
    [email],
  );
}

async function signIn(page: Page, email: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
}

async function addToCart(page: Page, product: { slug: string }, quantity = 1) {
  await page.goto(`/products/${product.slug}`);
  if (quantity !== 1) await page.getByLabel("Quantity").selectOption(String(quantity));
  await page.getByRole("button", { name: /Add(ed)? to Cart/ }).click();
  await expect(page.getByRole("button", { name: "Added to Cart" })).toBeVisible();
}

const stockOf = sealedStock;

/** A registered, signed-in customer with `quantity` of `product` in the cart, on the sandbox page. */
async function atPaymentPage(page: Page, product: (typeof products)[number], quantity = 1) {
  const email = uniqueEmail();
  await register(page, email);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/account/);
  await addToCart(page, product, quantity);
  await page.goto("/cart");
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_sbx_/);
  return email;
}

test.describe("checkout with the sandbox provider", () => {
  test("guest cart → sign in → checkout → pay → success → order history → stock reduced", async ({ page, browser }) => {
    const product = products[0]!;
    const email = uniqueEmail();
    // The account exists already; this visit starts as a guest.
    const setup = await browser.newPage();
    await register(setup, email);
    await setup.close();

    await addToCart(page, product, 2);
    await page.goto("/cart");
    await page.getByRole("button", { name: "Proceed to Checkout" }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcart/);
    await signIn(page, email);
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId("cart-line")).toHaveCount(1);

    await page.getByRole("button", { name: "Proceed to Checkout" }).click();
    await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_sbx_[a-f0-9]{24}$/);
    const total = 2 * product.price + 529; // £29.97
    await expect(page.getByRole("note")).toHaveText(/TEST PAYMENT — no real money/);
    await expect(page.getByTestId("sandbox-amount")).toHaveText("£29.97");
    await expect(page.getByTestId("sandbox-line").filter({ hasText: product.name })).toContainText("Qty 2 × £12.34");
    await expect(page.getByTestId("sandbox-line").filter({ hasText: "Large Shipping" })).toContainText("£5.29");
    await expect(page.getByRole("link", { name: "Cancel" })).toBeVisible();
    expect(await stockOf(product.id)).toBe(3); // reserved while paying

    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: "Pay £29.97" }).click();

    await expect(page).toHaveURL(/\/order\/success\?session_id=cs_sbx_/);
    await expect(page.getByRole("heading", { name: "Order Successful!" })).toBeVisible();
    const orderNumber = (await page.getByTestId("order-number").textContent())!.replace("#", "");
    expect(Number(orderNumber)).toBeGreaterThan(100000);
    await expect(page.getByText(`A confirmation email is on its way to ${email}`)).toBeVisible();
    await expect(page.getByTestId("order-success")).toHaveAttribute("data-confetti", /running|done/);
    await expect(page.getByTestId("order-success")).toHaveAttribute("data-confetti", "done");
    await expect(page.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/");
    await expect(page.locator("header").getByTestId("cart-count")).toHaveCount(0);

    const [order] = await query<{ status: string; total_amount: number; email: string }>(
      "SELECT status, total_amount, email FROM orders WHERE id = $1",
      [orderNumber],
    );
    expect(order).toEqual({ status: "completed", total_amount: total, email });
    expect(await stockOf(product.id)).toBe(3);
    const outbox = await query("SELECT id FROM outbox WHERE dedupe_key = $1", [`order-confirmation:${orderNumber}`]);
    expect(outbox).toHaveLength(1);
    const cart = await query("SELECT ci.id FROM cart_items ci JOIN users u ON u.id = ci.user_id WHERE u.email = $1", [email]);
    expect(cart).toHaveLength(0);
    // The outbox worker really sends it (to the test SMTP server), once.
    const mail = await waitForEmail(email, (e) => e.subject.includes(`#${orderNumber}`));
    expect(mail.subject).toContain("is confirmed");
    expect(mail.text).toContain("£29.97");

    await page.getByRole("link", { name: "View Orders" }).click();
    await expect(page).toHaveURL(/\/account\?tab=orders/);
    const entry = page.getByTestId("order").filter({ hasText: `Order #${orderNumber}` });
    await expect(entry).toBeVisible();
    await expect(entry).toContainText(product.name);
    await expect(entry.getByTestId("order-status")).toHaveText("Completed");

    // Coming back to the confirmation (bookmark, reload) changes nothing.
    await page.goBack();
    await page.reload();
    await expect(page.getByRole("heading", { name: "Order Successful!" })).toBeVisible();
    expect(await query("SELECT id FROM outbox WHERE dedupe_key = $1", [`order-confirmation:${orderNumber}`])).toHaveLength(1);
    expect(receivedEmails().filter((e) => e.subject.includes(`#${orderNumber}`))).toHaveLength(1);
  });

  test("a declined card charges nothing, fulfils nothing and gives the stock back", async ({ page }) => {
    const product = products[1]!;
    const before = await stockOf(product.id);
    const email = await atPaymentPage(page, product);
    expect(await stockOf(product.id)).toBe(before - 1);

    await page.getByLabel("Card number").fill("4000 0000 0000 0002");
    await page.getByRole("button", { name: /^Pay £/ }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Your card was declined." })).toBeVisible();
    await expect(page.getByText("Nothing was charged")).toBeVisible();
    await expect(page.getByRole("button", { name: /^Pay £/ })).toHaveCount(0);

    expect(await stockOf(product.id)).toBe(before);
    const orders = await query<{ id: number; status: string }>(
      "SELECT o.id, o.status FROM orders o JOIN users u ON u.id = o.user_id WHERE u.email = $1",
      [email],
    );
    expect(orders.map((o) => o.status)).toEqual(["failed"]);
    expect(await query("SELECT id FROM outbox WHERE dedupe_key = $1", [`order-confirmation:${orders[0]!.id}`])).toHaveLength(0);

    await page.getByRole("link", { name: "Return to cart" }).click();
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
  });

  test("other card numbers get a message and keep what was typed; Cancel goes back to the cart and releases the stock", async ({ page }) => {
    const product = products[2]!;
    const before = await stockOf(product.id);
    await atPaymentPage(page, product, 2);

    await page.getByLabel("Card number").fill("1234 5678");
    await page.getByRole("button", { name: /^Pay £/ }).click();
    await expect(page.getByText("Your card number is incorrect.")).toBeVisible();
    await expect(page.getByLabel("Card number")).toHaveValue("1234 5678");
    await expect(page.getByLabel("Card number")).toHaveAttribute("aria-invalid", "true");
    expect(await stockOf(product.id)).toBe(before - 2);

    // The Cancel link carries the order's cancel token; the same URL without it (a link another
    // site could make) cancels nothing and just shows the cart.
    const href = await page.getByRole("link", { name: "Cancel" }).getAttribute("href");
    expect(href).toMatch(/\/checkout\/cancel\?order=\d+&token=[A-Za-z0-9_-]{22}$/);
    const paymentPage = page.url();
    const cancelUrl = new URL(href!, page.url());
    await page.goto(`${cancelUrl.pathname}?order=${cancelUrl.searchParams.get("order")}`);
    await expect(page).toHaveURL(/\/cart$/);
    expect(await stockOf(product.id)).toBe(before - 2);
    await page.goto(paymentPage);

    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/cart\?checkoutError=cancelled/);
    await expect(page.getByRole("status").filter({ hasText: "Checkout cancelled. Nothing was charged" })).toBeVisible();
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    expect(await stockOf(product.id)).toBe(before);
  });

  test("checking out again replaces the earlier checkout: its page is closed and the stock is held once", async ({ page }, testInfo) => {
    const product = products[2]!;
    const before = await stockOf(product.id);
    await atPaymentPage(page, product, 2);
    const firstPage = page.url();
    expect(await stockOf(product.id)).toBe(before - 2);

    await page.goto("/cart");
    await page.getByRole("button", { name: "Proceed to Checkout" }).click();
    await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_sbx_/);
    expect(page.url()).not.toBe(firstPage);
    expect(await stockOf(product.id)).toBe(before - 2);

    // The first payment page can no longer be paid.
    await page.goto(firstPage);
    await expect(page.getByRole("heading", { name: "This checkout was cancelled" })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Pay £/ })).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath("replaced-checkout.png"), fullPage: true });

    await page.goBack();
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/cart\?checkoutError=cancelled/);
    expect(await stockOf(product.id)).toBe(before);
  });

  test("a coupon code from the cart is priced by the server; an unknown one is refused with a message", async ({ page }) => {
    const product = products[1]!;
    const code = `E2E10${tag}`.toUpperCase();
    await query("INSERT INTO coupons (code, percent_off) VALUES ($1, 10) ON CONFLICT DO NOTHING", [code]);
    const email = await atPaymentPage(page, product);
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/cart/);
    const before = await stockOf(product.id);

    // The coupon field sits in a <details> that may already be open after the redirect back.
    const couponField = async () => {
      if (!(await page.getByLabel("Coupon code").isVisible())) await page.getByText("Have a coupon code?").click();
      return page.getByLabel("Coupon code");
    };
    await (await couponField()).fill("NOT-A-REAL-CODE");
    await page.getByRole("button", { name: "Proceed to Checkout" }).click();
    await expect(page).toHaveURL(/checkoutError=invalid_coupon/);
    await expect(page.getByRole("alert").filter({ hasText: "That coupon code is not valid or has expired." })).toBeVisible();
    expect(await stockOf(product.id)).toBe(before);

    await (await couponField()).fill(code.toLowerCase());
    await page.getByRole("button", { name: "Proceed to Checkout" }).click();
    await expect(page).toHaveURL(/\/sandbox\/checkout\//);
    // £20.00 − 10% + £5.29
    await expect(page.getByTestId("sandbox-amount")).toHaveText("£23.29");
    await expect(page.getByTestId("sandbox-line").filter({ hasText: `Coupon ${code}` })).toContainText("-£2.00");
    const [order] = await query<{ coupon_code: string; discount_amount: number }>(
      "SELECT o.coupon_code, o.discount_amount FROM orders o JOIN users u ON u.id = o.user_id WHERE u.email = $1 AND o.status = 'pending'",
      [email],
    );
    expect(order).toEqual({ coupon_code: code, discount_amount: 200 });
    await page.getByRole("link", { name: "Cancel" }).click();
  });

  test("a crafted checkout post cannot choose the price, the customer or the products", async ({ page }) => {
    const product = products[2]!;
    const victim = uniqueEmail();
    const setup = await page.context().browser()!.newPage();
    await register(setup, victim);
    await setup.close();
    await atPaymentPage(page, product);
    // Start again from the cart with a forged form.
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/cart/);
    const [victimRow] = await query<{ id: string }>("SELECT id FROM users WHERE email = $1", [victim]);
    const response = await page.request.post("/checkout", {
      form: { userId: victimRow!.id, price: "1", totalAmount: "1", productId: String(products[0]!.id), quantity: "5" },
      headers: { Origin: new URL(page.url()).origin },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toMatch(/\/sandbox\/checkout\/cs_sbx_/);
    await page.goto(response.headers().location!);
    await expect(page.getByTestId("sandbox-amount")).toHaveText("£15.28"); // 999 + 529, from the database
    await expect(page.getByTestId("sandbox-line").filter({ hasText: products[0]!.name })).toHaveCount(0);
    expect(await query("SELECT o.id FROM orders o JOIN users u ON u.id = o.user_id WHERE u.email = $1", [victim])).toHaveLength(0);
    // A cross-site post is refused outright.
    const crossSite = await page.request.post("/checkout", { form: {}, headers: { Origin: "https://evil.example" }, maxRedirects: 0 });
    expect(crossSite.status()).toBe(403);
  });

  test("the payment and confirmation pages fit a 360 px phone; no confetti for reduced motion", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await atPaymentPage(page, products[0]!);
    let overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.getByLabel("Card number").fill("4242424242424242");
    await page.getByRole("button", { name: /^Pay £/ }).click();
    await expect(page.getByRole("heading", { name: "Order Successful!" })).toBeVisible();
    // Customers who asked for less motion get no confetti.
    await expect(page.getByTestId("order-success")).toHaveAttribute("data-confetti", "reduced-motion");
    expect(await page.locator("canvas").count()).toBe(0);
    overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

// The payment journey at both widths; the screenshots land in the test's output folder for a human to look at.
test.describe("payment pages at desktop and phone widths", () => {
  for (const [label, width] of [
    ["desktop", 1280],
    ["phone", 390],
  ] as const) {
    test(`payment, declined and success pages (${label})`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ reducedMotion: "reduce" });
      await atPaymentPage(page, products[0]!, 1);
      await page.screenshot({ path: testInfo.outputPath(`pay.png`), fullPage: true });
      await page.getByLabel("Card number").fill("1234");
      await page.getByRole("button", { name: /^Pay £/ }).click();
      await expect(page.getByText("Your card number is incorrect.")).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`invalid.png`), fullPage: true });
      await page.getByLabel("Card number").fill("4242424242424242");
      await page.getByRole("button", { name: /^Pay £/ }).click();
      await expect(page.getByRole("heading", { name: "Order Successful!" })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`success.png`), fullPage: true });
      await page.goto("/cart");
      await addToCart(page, products[1]!);
      await page.goto("/cart");
      await page.getByRole("button", { name: "Proceed to Checkout" }).click();
      await page.getByLabel("Card number").fill("4000000000000002");
      await page.getByRole("button", { name: /^Pay £/ }).click();
      await expect(page.getByText("Your card was declined.")).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`declined.png`), fullPage: true });
    });
  }
});

test("a customer without a delivery address is asked for one before paying, then checks out", async ({ page }) => {
  // A product of its own: the other tests of this file buy up the shared ones' stock.
  const [category] = await query<{ id: number }>("SELECT id FROM categories ORDER BY id LIMIT 1");
  const slug = `e2e-checkout-address-${tag}`;
  const { productId } = await insertSealedProduct({ name: `E2E Address Box ${tag}`, slug, price: 1500, stock: 5, category: category!.id, createdAt: new Date("2015-01-01") });
  const product = { id: productId, slug, name: `E2E Address Box ${tag}`, price: 1500 };
  products.push(product); // removed with the others afterwards
  const email = uniqueEmail();
  await register(page, email, { withAddress: false });
  await signIn(page, email);
  await expect(page).toHaveURL(/\/account/);
  await addToCart(page, product);
  await page.goto("/cart");
  const stockBefore = await stockOf(product.id);
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  await expect(page.getByRole("alert")).toContainText("Please add your delivery address to your profile before checking out");
  expect(await stockOf(product.id)).toBe(stockBefore);
  expect(await query("SELECT 1 FROM orders o JOIN users u ON u.id = o.user_id WHERE u.email = $1", [email])).toHaveLength(0);

  await page.getByRole("link", { name: "Add your delivery address" }).click();
  await page.getByLabel("Address line 1").fill("2 Cerulean Way");
  await page.getByLabel("City").fill("Bristol");
  await page.getByLabel("Postal code").fill("BS1 4DJ");
  await page.getByLabel("Country").selectOption("United Kingdom");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Your profile has been saved.")).toBeVisible();

  await page.goto("/cart");
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  await expect(page.getByLabel("Card number")).toBeVisible();
  const [order] = await query<{ shipping_address: { line1: string; postalCode: string } }>(
    "SELECT o.shipping_address FROM orders o JOIN users u ON u.id = o.user_id WHERE u.email = $1 AND o.status = 'pending'",
    [email],
  );
  expect(order!.shipping_address).toMatchObject({ line1: "2 Cerulean Way", postalCode: "BS1 4DJ" });
});
