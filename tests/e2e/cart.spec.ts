import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { insertSealedProduct, query, removeProducts, setSealedStock } from "./db";

/**
 * The cart in a real browser against the production build. The products are this file's own
 * (slugs "e2e-cart-…", dated long ago so they never become "New Releases"), removed afterwards;
 * every test starts as a fresh guest (a new browser context).
 */
const PASSWORD = "Cart-e2e-Passw0rd!";

interface Arranged {
  id: number;
  /** The product's one variant: what carts and order lines hold. */
  variantId: number;
  slug: string;
  name: string;
}
const P: Record<"plenty" | "scarce" | "limited" | "pack", Arranged> = {} as never;

test.beforeAll(async () => {
  const [category] = await query<{ id: number }>("SELECT id FROM categories ORDER BY id LIMIT 1");
  const [art] = await query<{ image_url: string | null }>("SELECT image_url FROM products WHERE image_url IS NOT NULL ORDER BY id LIMIT 1");
  const tag = randomBytes(3).toString("hex");
  const specs = {
    plenty: { name: "E2E Cart Plenty Box", price: 2500, premium: 2000, stock: 50, limit: null },
    scarce: { name: "E2E Cart Scarce Tin", price: 1500, premium: null, stock: 3, limit: null },
    limited: { name: "E2E Cart Limited ETB", price: 900, premium: 800, stock: 40, limit: 2 },
    pack: { name: "E2E Cart Booster Pack", price: 599, premium: null, stock: 30, limit: null },
  } as const;
  for (const [key, s] of Object.entries(specs)) {
    const slug = `e2e-cart-${key}-${tag}`;
    const { productId, variantId } = await insertSealedProduct({
      name: `${s.name} ${tag}`,
      slug,
      price: s.price,
      premiumPrice: s.premium,
      stock: s.stock,
      limitPerCustomer: s.limit,
      category: category!.id,
      description: "Arranged by the cart browser tests.",
      imageUrl: art?.image_url ?? null,
      createdAt: new Date("2015-01-01"),
    });
    P[key as keyof typeof P] = { id: productId, variantId, slug, name: `${s.name} ${tag}` };
  }
});

test.afterAll(async () => {
  const ids = Object.values(P).map((p) => p.id);
  await removeProducts(ids);
});

function uniqueEmail() {
  return `cart-${Date.now().toString(36)}-${randomBytes(3).toString("hex")}@e2e.nearmint.test`;
}

async function register(page: Page, email: string) {
  await page.goto("/register");
  await page.getByLabel("Full name").fill("Cart Tester");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: /create account|register/i }).click();
  await expect(page).toHaveURL(/\/login\?registered=true/);
}

async function signIn(page: Page, email: string) {
  if (!page.url().includes("/login")) await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: /^(log ?in|sign in)$/i }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

async function signOut(page: Page) {
  await page.goto("/account");
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login/);
}

async function addFromProductPage(page: Page, product: Arranged, quantity = 1) {
  await page.goto(`/products/${product.slug}`);
  if (quantity !== 1) await page.getByLabel("Quantity").selectOption(String(quantity));
  await page.getByRole("button", { name: /Add(ed)? to Cart/ }).click();
  await expect(page.getByRole("button", { name: "Added to Cart" })).toBeVisible();
}

function badge(page: Page) {
  return page.locator("header").getByTestId("cart-count");
}

function line(page: Page, product: Arranged) {
  return page.getByTestId("cart-line").filter({ hasText: product.name });
}

async function userId(email: string) {
  const [row] = await query<{ id: string }>("SELECT id FROM users WHERE email = $1", [email]);
  return row!.id;
}

async function dbQuantity(owner: { userId?: string; guestId?: string }, variantId: number) {
  const rows = owner.userId
    ? await query<{ quantity: number }>("SELECT quantity FROM cart_items WHERE user_id = $1 AND variant_id = $2", [owner.userId, variantId])
    : await query<{ quantity: number }>("SELECT quantity FROM cart_items WHERE guest_id = $1 AND variant_id = $2", [owner.guestId, variantId]);
  return rows[0]?.quantity ?? 0;
}

async function guestCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === "nm_guest_cart");
}

test.describe("cart", () => {
  test("a guest's cart survives a reload, merges into the account at sign-in, and is empty after sign-out", async ({ page }) => {
    const email = uniqueEmail();
    await register(page, email);
    await signIn(page, email);
    await addFromProductPage(page, P.plenty, 1);
    await expect(badge(page)).toHaveText("1");
    await signOut(page);
    await expect(badge(page)).toHaveCount(0);

    // As a guest: the account's cart is not shown; a guest cart starts.
    await page.goto(`/products/${P.plenty.slug}`);
    await expect(page.getByRole("button", { name: "Add to Cart" })).toBeVisible();
    await addFromProductPage(page, P.plenty, 2);
    await addFromProductPage(page, P.pack, 1);
    await expect(badge(page)).toHaveText("3");
    const cookie = await guestCookie(page);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{22}$/);

    await page.goto("/cart");
    await page.reload();
    await expect(line(page, P.plenty).getByTestId("line-quantity")).toHaveText("2");
    await expect(line(page, P.pack).getByTestId("line-quantity")).toHaveText("1");
    // The browser mirror under the spec's keys.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem("guest_cart_id")))
      .toBe(cookie!.value);
    const mirror = JSON.parse((await page.evaluate(() => localStorage.getItem("cart-storage"))) ?? "{}");
    expect(mirror.state.items.map((i: { productId: number; quantity: number }) => [i.productId, i.quantity]).sort()).toEqual(
      [
        [P.plenty.id, 2],
        [P.pack.id, 1],
      ].sort(),
    );
    expect(Object.keys(mirror.state.items[0]).sort()).toEqual(
      ["image", "isUsingPremium", "limitPerCustomer", "name", "premiumPrice", "price", "productId", "quantity", "stock", "variantId"].sort(),
    );

    // Sign in: quantities added together, guest cart and cookie gone.
    await page.goto("/login?redirectTo=/cart");
    await signIn(page, email);
    await expect(page).toHaveURL(/\/cart$/);
    await expect(line(page, P.plenty).getByTestId("line-quantity")).toHaveText("3");
    await expect(line(page, P.pack).getByTestId("line-quantity")).toHaveText("1");
    await expect(badge(page)).toHaveText("4");
    expect(await guestCookie(page)).toBeUndefined();
    expect(await query("SELECT 1 FROM guest_carts WHERE id = $1", [cookie!.value])).toHaveLength(0);
    await expect.poll(() => page.evaluate(() => localStorage.getItem("guest_cart_id"))).toBeNull();

    // Sign out: the browser shows an empty guest cart.
    await signOut(page);
    await expect(badge(page)).toHaveCount(0);
    await expect
      .poll(async () => JSON.parse((await page.evaluate(() => localStorage.getItem("cart-storage"))) ?? "{}").state?.items?.length)
      .toBe(0);
    await page.goto("/cart");
    await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
  });

  test("caps at stock: the selector stops at stock, the plus button is disabled there, and rapid clicks all count", async ({ page }) => {
    await page.goto(`/products/${P.scarce.slug}`);
    await expect(page.getByLabel("Quantity").locator("option")).toHaveText(["1", "2", "3"]);
    await addFromProductPage(page, P.scarce, 1);
    await page.goto("/cart");
    const scarce = line(page, P.scarce);
    await expect(scarce).toContainText("Only 3 left in stock");
    const plus = scarce.getByRole("button", { name: `Increase quantity of ${P.scarce.name}` });
    await plus.click();
    await plus.click();
    await expect(scarce.getByTestId("line-quantity")).toHaveText("3");
    await expect(plus).toBeDisabled();
    const guestId = (await guestCookie(page))!.value;
    await expect.poll(() => dbQuantity({ guestId }, P.scarce.variantId)).toBe(3);

    // Six quick clicks, without waiting for the server in between: six steps, none lost or doubled.
    await addFromProductPage(page, P.plenty, 1);
    await page.goto("/cart");
    const plenty = line(page, P.plenty);
    const plentyPlus = plenty.getByRole("button", { name: `Increase quantity of ${P.plenty.name}` });
    for (let i = 0; i < 6; i++) await plentyPlus.click();
    await expect(plenty.getByTestId("line-quantity")).toHaveText("7");
    await expect.poll(() => dbQuantity({ guestId }, P.plenty.variantId)).toBe(7);
    await page.reload();
    await expect(plenty.getByTestId("line-quantity")).toHaveText("7");
    await expect(badge(page)).toHaveText("10");
  });

  test("caps at the per-customer limit, and the server refuses a forced increase", async ({ page }) => {
    await page.goto(`/products/${P.limited.slug}`);
    await expect(page.getByLabel("Quantity").locator("option")).toHaveText(["1", "2"]);
    await addFromProductPage(page, P.limited, 1);
    await page.goto("/cart");
    const limited = line(page, P.limited);
    await expect(limited).toContainText("Limit: 2 per customer");
    await expect(limited).not.toContainText("left in stock");
    const plus = limited.getByRole("button", { name: `Increase quantity of ${P.limited.name}` });
    await plus.click();
    await expect(limited.getByTestId("line-quantity")).toHaveText("2");
    await expect(plus).toBeDisabled();
    // The page shows 2 at once (optimistic); wait until the server has it too.
    const guestId = (await guestCookie(page))!.value;
    await expect.poll(() => dbQuantity({ guestId }, P.limited.variantId)).toBe(2);

    // A hand-made request past the cap is refused and changes nothing.
    const forced = await page.request.post("/cart", { form: { intent: "increment", variantId: String(P.limited.variantId) } });
    expect(forced.status()).toBe(409);
    const forcedAdd = await page.request.post("/cart", { form: { intent: "update", variantId: String(P.limited.variantId), quantity: "5" } });
    expect(forcedAdd.status()).toBe(409);
    expect(await dbQuantity({ guestId }, P.limited.variantId)).toBe(2);
  });

  test("a signed-in customer who already bought the limit sees the purchase-limit message", async ({ page }) => {
    const email = uniqueEmail();
    await register(page, email);
    await signIn(page, email);
    const id = await userId(email);
    const [order] = await query<{ id: number }>(
      `INSERT INTO orders (user_id, status, subtotal_amount, shipping_amount, total_amount, normal_subtotal_amount, payment_provider, reservation_expires_at, email)
       VALUES ($1, 'completed', 1800, 529, 2329, 1800, 'sandbox', now(), $2) RETURNING id`,
      [id, email],
    );
    await query(
      "INSERT INTO order_items (order_id, product_id, variant_id, product_name, quantity, unit_price, normal_unit_price) VALUES ($1, $2, $3, $4, 2, 900, 900)",
      [order!.id, P.limited.id, P.limited.variantId, P.limited.name],
    );
    await page.goto(`/products/${P.limited.slug}`);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByRole("alert")).toContainText(`Purchase limit reached: ${P.limited.name} is limited to 2 per customer.`);
    await page.screenshot({ path: "/tmp/cart-limit-alert-desktop.png" });
    await expect(page.getByRole("button", { name: "Add to Cart" })).toBeVisible();
    expect(await dbQuantity({ userId: id }, P.limited.variantId)).toBe(0);
  });

  test("a Pro member sees PRO prices, the struck-through normal price and the saving", async ({ page }) => {
    const email = uniqueEmail();
    await register(page, email);
    await signIn(page, email);
    await query(
      `INSERT INTO subscriptions (user_id, provider, plan_type, status, amount, start_date, current_period_end)
       VALUES ($1, 'sandbox', 'monthly', 'active', 499, now(), now() + interval '20 days')`,
      [await userId(email)],
    );
    await addFromProductPage(page, P.plenty, 2);
    await addFromProductPage(page, P.limited, 1);
    await addFromProductPage(page, P.pack, 1);
    await page.goto("/cart");

    await expect(page.getByText("Pro subscription active")).toBeVisible();
    await expect(page.getByText("you're saving £11.00")).toBeVisible();
    const plenty = line(page, P.plenty);
    await expect(plenty.getByTestId("line-price")).toContainText("PRO");
    await expect(plenty.getByTestId("line-price")).toContainText("£20.00");
    await expect(plenty.locator("s")).toContainText("£25.00");
    await expect(plenty.getByTestId("line-total")).toContainText("£40.00");
    // No member price: no badge, no strike-through.
    await expect(line(page, P.pack).getByTestId("line-price")).not.toContainText("PRO");
    await expect(line(page, P.pack).locator("s")).toHaveCount(0);

    await expect(page.getByTestId("summary-subtotal")).toHaveText("£53.99"); // 2×20.00 + 8.00 + 5.99
    await expect(page.getByTestId("summary-shipping")).toHaveText("£5.29");
    await expect(page.getByText("Large Shipping")).toBeVisible();
    await expect(page.getByTestId("summary-savings")).toHaveText("−£11.00");
    await expect(page.getByTestId("summary-total")).toHaveText("£59.28");
    await expect(page.getByRole("button", { name: "Proceed to Checkout" })).toBeVisible();
    await expect(page.getByText("Secure checkout with SSL encryption")).toBeVisible();

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: "/tmp/cart-desktop.png", fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: "/tmp/cart-phone.png", fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("a non-member is offered Pro prices; removing the last item shows the empty state", async ({ page }) => {
    await addFromProductPage(page, P.plenty, 1);
    await page.goto("/cart");
    await expect(page.getByRole("link", { name: "Get Pro prices" })).toHaveAttribute("href", "/pro");
    await expect(page.getByTestId("summary-total")).toHaveText("£30.29");
    await line(page, P.plenty).getByRole("button", { name: `Remove ${P.plenty.name}` }).click();
    await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/");
    await expect(badge(page)).toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: "/tmp/cart-empty-phone.png", fullPage: true });
  });

  test("shows a notice when a line had to be reduced because stock fell", async ({ page }) => {
    await addFromProductPage(page, P.plenty, 5);
    await setSealedStock(P.plenty.id, 2);
    try {
      await page.goto("/cart");
      await expect(page.getByRole("status").filter({ hasText: `${P.plenty.name}: only 2 left, quantity reduced.` })).toBeVisible();
      await expect(line(page, P.plenty).getByTestId("line-quantity")).toHaveText("2");
    } finally {
      await setSealedStock(P.plenty.id, 50);
    }
  });

  test("bad input is refused with a clear message and a 4xx, never a 500, and the cart is unchanged", async ({ page }) => {
    await addFromProductPage(page, P.pack, 1);
    const guestId = (await guestCookie(page))!.value;
    const cases: [Record<string, string>, number, string][] = [
      [{ intent: "add", variantId: "abc", quantity: "1" }, 400, "That product could not be found."],
      [{ intent: "add", variantId: String(P.pack.variantId), quantity: "-1" }, 400, "Quantity must be at least 1."],
      [{ intent: "add", variantId: String(P.pack.variantId), quantity: "0" }, 400, "Quantity must be at least 1."],
      [{ intent: "add", variantId: String(P.pack.variantId), quantity: "1e9" }, 400, "Quantity must be a whole number."],
      [{ intent: "add", variantId: String(P.pack.variantId), quantity: "999999999999" }, 400, "Quantity can be at most 99."],
      [{ intent: "add", variantId: "999999999", quantity: "1" }, 404, "This product is no longer available."],
      [{ intent: "hack", variantId: String(P.pack.variantId) }, 400, "Unknown cart action."],
    ];
    for (const [form, status, message] of cases) {
      const response = await page.request.post("/cart", { form });
      expect(response.status(), JSON.stringify(form)).toBe(status);
      expect(await response.text()).toContain(message);
    }
    const hidden = await query<{ id: number }>("SELECT v.id FROM product_variants v JOIN products p ON p.id = v.product_id WHERE NOT p.is_visible LIMIT 1");
    if (hidden[0]) {
      const response = await page.request.post("/cart", { form: { intent: "add", variantId: String(hidden[0].id), quantity: "1" } });
      expect(response.status()).toBe(404);
    }
    // Naming someone else's cart does nothing: the owner comes from the cookie/session only.
    const other = await page.request.post("/cart", { form: { intent: "clear", userId: "00000000-0000-0000-0000-000000000000", guestId: "x" } });
    expect(other.status()).toBeLessThan(500);
    // ...but it did clear *this* guest's own cart, which is what "clear" means.
    expect(await dbQuantity({ guestId }, P.pack.variantId)).toBe(0);
    // An add without a product is ignored.
    const ignored = await page.request.post("/cart", { form: { intent: "add" } });
    expect(ignored.status()).toBe(200);
    expect(await query("SELECT 1 FROM cart_items WHERE guest_id = $1", [guestId])).toHaveLength(0);
  });

  test("a forged guest id is never used: the server issues a new cart instead", async ({ page, context, baseURL }) => {
    // A cart that really exists, belonging to someone else.
    const victim = randomBytes(16).toString("base64url");
    await query("INSERT INTO guest_carts (id) VALUES ($1)", [victim]);
    await query("INSERT INTO cart_items (guest_id, variant_id, quantity) VALUES ($1, $2, 2)", [victim, P.pack.variantId]);
    const forged = randomBytes(16).toString("base64url");
    await context.addCookies([{ name: "nm_guest_cart", value: forged, url: baseURL! }]);
    await page.goto("/cart");
    await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
    await addFromProductPage(page, P.plenty, 1);
    const issued = (await guestCookie(page))!.value;
    expect(issued).not.toBe(forged);
    expect(issued).not.toBe(victim);
    expect(await query("SELECT 1 FROM guest_carts WHERE id = $1", [forged])).toHaveLength(0);
    expect(await dbQuantity({ guestId: victim }, P.pack.variantId)).toBe(2);
    await query("DELETE FROM guest_carts WHERE id = $1", [victim]);
  });
});

test.describe("cart without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("add, update and remove work as plain form posts", async ({ page }) => {
    await page.goto(`/products/${P.pack.slug}`);
    await page.getByLabel("Quantity").selectOption("2");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    // Back on the product page, now showing it is in the cart.
    await expect(page).toHaveURL(new RegExp(`/products/${P.pack.slug}$`));
    await expect(page.getByRole("button", { name: "Added to Cart" })).toBeVisible();
    await expect(badge(page)).toHaveText("2");

    await page.goto("/cart");
    const pack = line(page, P.pack);
    await expect(pack.getByTestId("line-quantity")).toHaveText("2");
    await pack.getByRole("button", { name: `Increase quantity of ${P.pack.name}` }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(pack.getByTestId("line-quantity")).toHaveText("3");
    await pack.getByRole("button", { name: `Decrease quantity of ${P.pack.name}` }).click();
    await expect(pack.getByTestId("line-quantity")).toHaveText("2");
    await pack.getByRole("button", { name: `Remove ${P.pack.name}` }).click();
    await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();

    // A refused add without JavaScript lands on the cart with the reason.
    await page.goto(`/products/${P.limited.slug}`);
    await page.getByLabel("Quantity").selectOption("2");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await page.goto(`/products/${P.limited.slug}`);
    const refused = page.waitForResponse((r) => r.url().endsWith("/cart") && r.request().method() === "POST");
    await page.getByRole("button", { name: "Added to Cart" }).click();
    expect((await refused).status()).toBe(409);
    await expect(page.getByRole("alert")).toContainText(`${P.limited.name} is limited to 2 per customer`);
    await expect(line(page, P.limited).getByTestId("line-quantity")).toHaveText("2");
  });
});
