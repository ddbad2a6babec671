import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { signIn, uniqueEmail } from "./admin";
import { insertSealedProduct, query, removeProducts } from "./db";

/**
 * The purchase and the wholesale form with the keyboard alone: after the test arranges a signed-in
 * customer, every step is Tab, Shift+Tab, Enter, Space, arrow keys or typing — no clicks, no
 * fill(). At every stop the focused control must show a visible focus indicator, and the stops
 * must come in reading order. The product is this file's own and removed afterwards.
 */
const tag = randomBytes(3).toString("hex");
const product = { id: 0, slug: `e2e-keyboard-${tag}`, name: `E2E Keyboard Box ${tag}` };

test.use({ reducedMotion: "reduce" });

test.beforeAll(async () => {
  const [category] = await query<{ id: number }>("SELECT id FROM categories ORDER BY id LIMIT 1");
  const { productId } = await insertSealedProduct({
    name: product.name,
    slug: product.slug,
    price: 1800,
    stock: 10,
    category: category!.id,
    description: "Arranged by the keyboard browser tests.",
    createdAt: new Date("2015-01-01"),
  });
  product.id = productId;
});

test.afterAll(async () => {
  if (!product.id) return;
  await removeProducts([product.id]);
});

type Stop = { name: string; visible: boolean };

/** What has focus now: its accessible name (label, text or aria-label), and whether a focus indicator shows. */
async function focused(page: Page): Promise<Stop> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { name: "<body>", visible: false };
    // The label's own words: without the control it may wrap, or hidden marks such as a required "*".
    const label = (el as HTMLInputElement).labels?.[0]?.cloneNode(true) as HTMLElement | undefined;
    label?.querySelectorAll("input, select, textarea, [aria-hidden=true]").forEach((n) => n.remove());
    const name = el.getAttribute("aria-label") || label?.textContent || el.textContent || el.getAttribute("name") || el.tagName;
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== "none";
    const box = el.getBoundingClientRect();
    const onScreen = box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight;
    return { name: name.replace(/\s+/g, " ").trim(), visible: el.matches(":focus-visible") && (outline || ring) && onScreen };
  });
}

/**
 * Presses `key` (Tab or Shift+Tab) until the focused control's name matches, checking that every
 * control passed on the way shows its focus. Returns the names of the stops, in order.
 */
async function tabTo(page: Page, target: string | RegExp, { key = "Tab", max = 40 } = {}) {
  const stops: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    const stop = await focused(page);
    stops.push(stop.name);
    expect(stop.visible, `focus indicator on "${stop.name}" (stops so far: ${stops.join(" → ")})`).toBe(true);
    if (typeof target === "string" ? stop.name === target : target.test(stop.name)) return stops;
  }
  throw new Error(`"${target}" was not reached with ${key} in ${max} presses: ${stops.join(" → ")}`);
}

/** The skip link comes first on every page, shows when focused, and takes focus past the header. */
async function skipToContent(page: Page) {
  await page.keyboard.press("Tab");
  expect(await focused(page)).toEqual({ name: "Skip to content", visible: true });
  await page.keyboard.press("Enter");
}

/** After a move to another page inside the app, focus starts at the new page's heading. */
async function expectFocusOnNewPage(page: Page, heading: string) {
  await expect(page.locator("main h1")).toHaveText(heading);
  await expect(page.locator("main h1")).toBeFocused();
}

function before(stops: string[], first: string | RegExp, second: string | RegExp) {
  const at = (t: string | RegExp) => stops.findIndex((s) => (typeof t === "string" ? s === t : t.test(s)));
  expect(at(first), `${first} is reached (${stops.join(" → ")})`).toBeGreaterThanOrEqual(0);
  expect(at(first), `${first} comes before ${second} (${stops.join(" → ")})`).toBeLessThan(at(second));
}

test("the purchase with the keyboard alone: product → add to cart → cart → checkout → card page → pay → success", async ({ page }) => {
  const email = uniqueEmail("keyboard-buyer");
  await signIn(page, email, "Misty Waterflower", "/account");
  await query(
    "UPDATE profiles SET address_line1 = '2 Cerulean Way', city = 'Bristol', postal_code = 'BS1 4DJ', country = 'United Kingdom' WHERE email = $1",
    [email],
  );

  // The product page: past the header, the quantity comes before the button; choose 2 and add.
  await page.goto(`/products/${product.slug}`);
  await skipToContent(page);
  const productStops = await tabTo(page, "Quantity");
  await page.keyboard.press("ArrowDown");
  await expect(page.getByLabel("Quantity")).toHaveValue("2");
  const addStops = await tabTo(page, /Add to Cart/);
  expect(addStops).toHaveLength(1); // the button straight after the quantity
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Added to Cart" })).toBeVisible();
  await expect(page.locator("header").getByTestId("cart-count")).toHaveText("2");
  expect(productStops.length).toBeGreaterThan(0);

  // Back up to the header's cart link with Shift+Tab, then open the cart.
  const headerStops = await tabTo(page, /^Cart/, { key: "Shift+Tab", max: 60 });
  expect(headerStops.length).toBeGreaterThan(0);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId("cart-line")).toHaveCount(1);

  // The cart: each line's controls, then the summary's checkout button.
  await expectFocusOnNewPage(page, "Shopping Cart");
  const cartStops = await tabTo(page, "Proceed to Checkout");
  before(cartStops, new RegExp(product.name), "Proceed to Checkout");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_sbx_/);

  // The card page puts focus in the card number itself: a wrong number first (the message is
  // announced and the field stays usable), then a good one.
  await expect(page.getByLabel("Card number")).toBeFocused();
  await page.keyboard.type("1234");
  const payStops = await tabTo(page, /^Pay £/);
  expect(payStops).toHaveLength(1);
  await page.keyboard.press("Enter");
  await expect(page.getByText("Your card number is incorrect.")).toBeVisible();
  await tabTo(page, "Card number", { key: "Shift+Tab" });
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type("4242 4242 4242 4242");
  await tabTo(page, /^Pay £/);
  await page.keyboard.press("Space");

  await expect(page).toHaveURL(/\/order\/success\?session_id=cs_sbx_/);
  await expectFocusOnNewPage(page, "Order Successful!");
  const successStops = await tabTo(page, "View Orders");
  expect(successStops.length).toBeGreaterThan(0);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/account\?tab=orders/);
  const [order] = await query<{ status: string }>(
    "SELECT o.status FROM orders o JOIN users u ON u.id = o.user_id WHERE u.email = $1",
    [email],
  );
  expect(order).toEqual({ status: "completed" });
});

test("the wholesale form with the keyboard alone: errors first, then every field in order and submit", async ({ page }) => {
  await query("DELETE FROM rate_limits WHERE key LIKE 'wholesale-ip:%'");
  await page.goto("/wholesale");
  await expect(page.getByRole("heading", { level: 1, name: "Wholesale Application" })).toBeVisible();
  await skipToContent(page);

  // Submitting the empty form sends focus to the first field with a problem.
  const all = await tabTo(page, "Register");
  const expected = [
    "Email",
    "Contact Name",
    "Platform Username(s)",
    "Contact Number",
    "Billing Address (including postcode)",
    "Delivery Address (optional)",
    "Company Type",
    "Additional Information (optional)",
    "Register",
  ];
  expect(all.slice(-expected.length)).toEqual(expected);
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Email")).toBeFocused();
  await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");

  const email = uniqueEmail("keyboard-wholesale");
  await page.keyboard.type(email);
  await tabTo(page, /^Contact Name/);
  await page.keyboard.type("Robin Reseller");
  await tabTo(page, /^Platform Username/);
  await page.keyboard.type("discord: robin_r");
  await page.keyboard.press("Enter"); // a new line in the text area, not a submit
  await page.keyboard.type("ebay: robins_cards");
  await tabTo(page, /^Contact Number/);
  await page.keyboard.type("07700 900456");
  await tabTo(page, /^Billing Address/);
  await page.keyboard.type("2 Market Street, Leeds LS1 6DT");
  await tabTo(page, /^Company Type/);
  // Arrow keys choose in a closed select: Sole Trader, then Limited Company.
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(page.getByLabel("Company Type")).toHaveValue("limited_company");
  // The company fields appear right after the select, in the tab order.
  const companyStops = await tabTo(page, /^Company Name/);
  expect(companyStops).toHaveLength(1);
  await page.keyboard.type("Robin Cards Ltd");
  await tabTo(page, /^Company Number/);
  await page.keyboard.type("SC123456");
  await tabTo(page, "Register");
  await page.keyboard.press("Enter");

  await expect(page.getByRole("status").filter({ hasText: "Application submitted successfully!" })).toBeVisible();
  const rows = await query<{ company_type: string; company_number: string; platform_username: string }>(
    "SELECT company_type, company_number, platform_username FROM wholesale_applications WHERE email = $1",
    [email],
  );
  expect(rows).toEqual([{ company_type: "limited_company", company_number: "SC123456", platform_username: "discord: robin_r\nebay: robins_cards" }]);
});
