import { randomBytes } from "node:crypto";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectNoViolations } from "./a11y";
import { signIn, signInAsAdmin, uniqueEmail } from "./admin";
import { insertSealedProduct, query, removeProducts } from "./db";

/**
 * A queue drop end to end (issue 16, decision 0047), in a real browser against the production
 * build: the admin sets up the drop in the back office; the product page counts down and shows
 * the way in when the waiting room opens, without a reload; two customers join (the browser
 * solves the entry check by itself); at the start both get places, and the page moves on by
 * itself; the first admitted buys through cart → checkout → sandbox payment; a customer not in
 * the queue is refused at the cart. Axe on each state; a 360 px screenshot for a human to look at.
 */
const tag = randomBytes(3).toString("hex");
const product = { name: `E2E Drop Box ${tag}`, slug: `e2e-drop-box-${tag}`, price: 1500, id: 0, variantId: 0 };
const quiet = { name: `E2E Quiet Drop ${tag}`, slug: `e2e-quiet-drop-${tag}`, id: 0 };

test.beforeAll(async () => {
  const [category] = await query<{ id: number }>("SELECT id FROM categories ORDER BY id LIMIT 1");
  const ids = await insertSealedProduct({
    name: product.name,
    slug: product.slug,
    price: product.price,
    stock: 5,
    category: category!.id,
    description: "Arranged by the queue drop browser test.",
    createdAt: new Date("2015-01-01"),
  });
  product.id = ids.productId;
  product.variantId = ids.variantId;
  quiet.id = (await insertSealedProduct({ name: quiet.name, slug: quiet.slug, price: 999, stock: 3, category: category!.id, createdAt: new Date("2015-01-01") })).productId;
  // Earlier runs on this machine joined from the same address: start this run's count afresh.
  await query("DELETE FROM rate_limits WHERE key LIKE 'drop-join:address:%'");
});

test.afterAll(async () => {
  await query("DELETE FROM drops WHERE product_id = ANY($1::int[])", [[product.id, quiet.id]]);
  await removeProducts([product.id, quiet.id]);
});

/** An instant as a datetime-local value on the shop's (London) clock, to the second. */
function londonInput(at: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

/** A signed-in customer with a verified email and a delivery address, in a browser of their own. */
async function customer(browser: Browser, label: string): Promise<{ page: Page; email: string }> {
  const page = await (await browser.newContext()).newPage();
  const email = uniqueEmail(`drop-${label}`);
  await signIn(page, email, `Drop ${label}`, "/account");
  await query("UPDATE users SET email_verified_at = now() WHERE email = $1", [email]);
  await query(
    "UPDATE profiles SET address_line1 = $2, city = 'Bristol', postal_code = $3, country = 'United Kingdom' WHERE email = $1",
    [email, `${label.length} ${label} Way`, `BS${label.length} 4DJ`],
  );
  return { page, email };
}

async function join(page: Page, dropId: number) {
  await page.goto(`/drops/${dropId}`);
  await expect(page.getByTestId("drop-room-status")).toHaveText("You are not in this drop yet.");
  // The widget solves the server's challenge by itself and fills the hidden field.
  await expect(page.locator('altcha-widget input[name="altcha"]')).toHaveValue(/.{100,}/, { timeout: 60_000 });
  await page.getByRole("button", { name: "Join the waiting room" }).click();
  await expect(page.getByTestId("drop-room-status")).toHaveText("You're in. Places are given at random at the start.");
}

test("a queue drop: set up, joined, ordered at the start, bought by the first admitted; an outsider is refused", async ({ browser }) => {
  test.setTimeout(240_000);
  const alice = await customer(browser, "alice");
  const bob = await customer(browser, "bob");
  const carol = await customer(browser, "carol");

  // The admin sets the drop up from the product's back-office page.
  const admin = await (await browser.newContext()).newPage();
  await signInAsAdmin(admin, `/admin/products/${product.id}`);
  await admin.getByRole("link", { name: "Timed drop" }).click();
  await expect(admin.getByRole("heading", { name: `New drop: ${product.name}` })).toBeVisible();
  // Far enough ahead that the set-up below (a sign-in, two accessibility checks) is done before
  // the opening on a slow machine too: the product page must be seen counting down.
  const opensAt = new Date(Date.now() + 30_000);
  const startsAt = new Date(Date.now() + 90_000);
  await admin.getByLabel("Mode").selectOption("queue");
  await admin.getByLabel("Opens at (UK time)").fill(londonInput(opensAt));
  await admin.getByLabel("Starts at (UK time)").fill(londonInput(startsAt));
  await admin.getByLabel("Admitted per minute").fill("600");
  await admin.getByLabel("Minutes to buy").fill("10");
  await admin.getByLabel("Units per person").fill("2");
  await admin.getByRole("button", { name: "Create drop" }).click();
  await expect(admin).toHaveURL(/\/admin\/drops\/\d+\?done=created$/);
  await expect(admin.getByText("Drop created.")).toBeVisible();
  const dropId = Number(/\/admin\/drops\/(\d+)/.exec(admin.url())![1]);
  await expectNoViolations(admin, "the admin's drop page");
  await admin.goto("/admin/drops");
  await expect(admin.getByTestId("admin-drop-row").filter({ hasText: product.name })).toContainText("Announced");
  await expectNoViolations(admin, "the admin's list of drops");

  // Before it opens the product page counts down with no way in; at zero the link appears, no reload.
  await carol.page.goto(`/products/${product.slug}`);
  await expect(carol.page.getByTestId("drop-panel")).toContainText("The waiting room opens");
  await expect(carol.page.getByTestId("drop-room-link")).toHaveCount(0);
  await expect(carol.page.getByRole("button", { name: /Add to Cart/ })).toHaveCount(0);
  await expect(carol.page.getByTestId("drop-room-link")).toHaveText("Join the waiting room", { timeout: Math.max(0, opensAt.getTime() - Date.now()) + 15_000 });

  // A guest is told what the drop is and how to take part.
  const guest = await (await browser.newContext()).newPage();
  await guest.goto(`/drops/${dropId}`);
  await expect(guest.getByRole("link", { name: "Sign in to take part" })).toHaveAttribute("href", `/login?redirectTo=${encodeURIComponent(`/drops/${dropId}`)}`);
  await expectNoViolations(guest, "the drop page for a guest");

  await join(alice.page, dropId);
  await expectNoViolations(alice.page, "the drop page, waiting for the start");
  // With JavaScript the page asks for its status itself: no reload is scheduled.
  expect(await alice.page.evaluate(() => document.querySelectorAll('meta[http-equiv="refresh"]').length)).toBe(0);
  await join(bob.page, dropId);

  // At the start both get places, and their pages move on by themselves.
  for (const { page } of [alice, bob]) {
    await expect(page.getByTestId("drop-room")).toHaveAttribute("data-state", /in_line|your_turn/, { timeout: 60_000 });
  }
  const places = await query<{ email: string; position: number; state: string }>(
    "SELECT u.email, e.position, e.state FROM drop_entries e JOIN users u ON u.id = e.user_id WHERE e.drop_id = $1 ORDER BY e.position",
    [dropId],
  );
  expect(places.map((p) => p.position)).toEqual([1, 2]);
  expect(places.every((p) => p.state === "admitted")).toBe(true);
  const [seed] = await query<{ seed: string }>("SELECT seed FROM drops WHERE id = $1", [dropId]);
  expect(seed!.seed).toMatch(/^[0-9a-f]{64}$/);

  // The first admitted buys: cart → checkout → sandbox payment.
  const first = places[0]!.email === alice.email ? alice : bob;
  await expect(first.page.getByTestId("drop-room")).toHaveAttribute("data-state", "your_turn", { timeout: 15_000 });
  await expect(first.page.getByTestId("drop-room-status")).toHaveText("It's your turn: you can buy now.");
  await expectNoViolations(first.page, "the drop page on your turn");
  await first.page.setViewportSize({ width: 360, height: 800 });
  await first.page.screenshot({ path: `test-results/drop-room-360-${process.env.E2E_PORT ?? "e2e"}.png`, fullPage: true });
  const overflow = await first.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await first.page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(first.page.getByRole("button", { name: "Added to Cart" })).toBeVisible();
  await first.page.goto("/cart");
  await first.page.getByRole("button", { name: "Proceed to Checkout" }).click();
  await expect(first.page).toHaveURL(/\/sandbox\/checkout\/cs_sbx_/);
  await first.page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await first.page.getByRole("button", { name: /^Pay / }).click();
  await expect(first.page).toHaveURL(/\/order\/success\?session_id=cs_sbx_/);
  const orderNumber = (await first.page.getByTestId("order-number").textContent())!.replace("#", "");
  const [order] = await query<{ status: string; email: string }>("SELECT status, email FROM orders WHERE id = $1", [orderNumber]);
  expect(order).toEqual({ status: "completed", email: first.email });
  const keys = await query("SELECT key FROM drop_order_keys WHERE drop_id = $1 AND order_id = $2", [dropId, orderNumber]);
  expect(keys.length).toBeGreaterThan(0);
  // Back on the drop's page: one bought, one more allowed while the turn lasts.
  await first.page.goto(`/drops/${dropId}`);
  await expect(first.page.getByText("Up to 2 per person; you have 1 already.")).toBeVisible();

  // Someone not in the queue is refused at the cart, with the reason.
  const refused = await carol.page.request.post("/cart", {
    form: { intent: "add", variantId: String(product.variantId), quantity: "1" },
    headers: { Origin: new URL(carol.page.url()).origin },
  });
  expect(refused.status()).toBe(409);
  expect(await refused.text()).toContain(`${product.name} is sold through a waiting room: join the queue on its page to buy.`);
  await carol.page.goto(`/products/${product.slug}`);
  await expect(carol.page.getByTestId("drop-room-link")).toHaveText("Go to the waiting room");

  // The list in the back office counts the entries and the unit sold.
  await admin.goto("/admin/drops");
  await expect(admin.getByTestId("admin-drop-row").filter({ hasText: product.name })).toContainText("2 entries · 1 sold");

  // The drop's own page shows how it is going: the unit sold of the 5, both let in, and a chart.
  // (The page's timers run on a clock the test moves, to see its refresh without waiting.)
  await admin.clock.install();
  await admin.getByRole("link", { name: product.name }).click();
  const progress = admin.getByTestId("drop-progress");
  await expect(progress.getByRole("heading", { name: "How the drop is going" })).toBeVisible();
  const figure = (testId: string) => progress.getByTestId(testId).locator("dd");
  await expect(figure("progress-sold")).toHaveText(["1", "of 5"]);
  await expect(figure("progress-left")).toHaveText(["4"]);
  await expect(figure("progress-joined")).toHaveText(["2"]);
  await expect(figure("progress-waiting")).toHaveText(["0"]);
  await expect(progress.getByRole("img", { name: "Units sold since the start", exact: true })).toHaveAccessibleDescription("1 of 5 units sold.");
  await expect(progress.getByRole("img", { name: "Buyers let in since the start", exact: true })).toHaveAccessibleDescription("2 of the 2 people who joined let in to buy.");
  await progress.getByText("Show the figures as a table").click();
  // Running totals: by the last row, 1 unit sold and 2 buyers let in.
  await expect(progress.getByTestId("drop-progress-table").locator("tbody tr").last().locator("td")).toHaveText(["1", "2"]);
  await expectNoViolations(admin, "the admin's drop page under way");

  // While the drop runs, the open page refreshes its figures every 30 seconds by itself.
  await query(
    "INSERT INTO drop_entries (drop_id, user_id, person_key, address_key, state) SELECT $1, id, email, 'e2e-address', 'waiting' FROM users WHERE email = $2",
    [dropId, carol.email],
  );
  await expect(figure("progress-joined")).toHaveText(["2"]);
  await admin.clock.fastForward(31_000);
  await expect(figure("progress-joined")).toHaveText(["3"]);
  await expect(figure("progress-waiting")).toHaveText(["1"]);
  await admin.screenshot({ path: `test-results/drop-progress-desktop-${process.env.E2E_PORT ?? "e2e"}.png`, fullPage: true });
  await admin.setViewportSize({ width: 360, height: 800 });
  await admin.screenshot({ path: `test-results/drop-progress-360-${process.env.E2E_PORT ?? "e2e"}.png`, fullPage: true });
  expect(await admin.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the page says joining needs JavaScript, and once in it reloads itself at the check's pace", async ({ page }) => {
    const [drop] = await query<{ id: number }>(
      "INSERT INTO drops (product_id, mode, opens_at, starts_at) VALUES ($1, 'queue', now() - interval '1 minute', now() + interval '10 minutes') RETURNING id",
      [quiet.id],
    );
    const email = uniqueEmail("drop-nojs");
    await signIn(page, email, "Drop Nojs", `/drops/${drop!.id}`);
    await query("UPDATE users SET email_verified_at = now() WHERE email = $1", [email]);
    await page.goto(`/drops/${drop!.id}`);
    // Playwright turns scripts off without switching the HTML parser's scripting flag, so a
    // <noscript> stays text in its DOM: what a browser without JavaScript gets is read from the HTML.
    const html = async () => (await page.request.get(`/drops/${drop!.id}`)).text();
    const before = await html();
    expect(before).toMatch(/<noscript><p[^>]*>Joining needs a quick automatic check that runs in your browser with JavaScript, which is turned off\./);
    expect(before).not.toContain('http-equiv="refresh"');
    // Joined from another device (arranged): this page now waits for the start and reloads itself.
    await query(
      "INSERT INTO drop_entries (drop_id, user_id, person_key, address_key, state) SELECT $1, id, email, 'e2e-address', 'waiting' FROM users WHERE email = $2",
      [drop!.id, email],
    );
    await page.goto(`/drops/${drop!.id}`);
    await expect(page.getByTestId("drop-room-status")).toHaveText("You're in. Places are given at random at the start.");
    const refresh = /<noscript><meta http-equiv="refresh" content="(\d+)"\/?><\/noscript>/.exec(await html());
    expect(refresh, "a reload inside <noscript>").not.toBeNull();
    expect(Number(refresh![1])).toBeGreaterThanOrEqual(30);
    expect(Number(refresh![1])).toBeLessThanOrEqual(36);
  });
});
