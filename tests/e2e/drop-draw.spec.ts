import { createHmac, randomBytes } from "node:crypto";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectNoViolations } from "./a11y";
import { signIn, signInAsAdmin, uniqueEmail } from "./admin";
import { insertSealedProduct, query, removeProducts } from "./db";
import { waitForEmail } from "./mail";

/**
 * The free prize draw of a drop (issue 16, decision 0047 "Draw"), end to end against the
 * production build: four customers are in the draw (entered in the database: the entry form on
 * /drops/:id belongs to the waiting-room work), entry closes, the admin presses "Run the draw
 * now", everyone is emailed, a winner buys through cart → checkout → sandbox payment, a loser
 * is refused at the cart, the other winner's time runs out and the place passes to the next
 * drawn (emailed, and then able to add it), and the public page shows the seed and the order
 * with no emails. axe on both pages, at 1280 and 360 px.
 */
const tag = randomBytes(3).toString("hex");
const productIds: number[] = [];
let variantId = 0;
let dropId = 0;
let probeDropId = 0;
const customers = [0, 1, 2, 3].map((i) => ({ email: uniqueEmail(`draw-${i}-${tag}`), name: `Entrant ${i}`, id: "" }));

async function arrangeDraw(startsAt: Date, places: number | null, stock: number) {
  const [category] = await query<{ id: number }>("SELECT id FROM categories ORDER BY id LIMIT 1");
  const slug = `e2e-draw-${productIds.length}-${tag}`;
  const { productId, variantId: variant } = await insertSealedProduct({ name: `E2E Draw Box ${productIds.length} ${tag}`, slug, price: 2500, stock, category: category!.id, createdAt: new Date("2015-01-01") });
  productIds.push(productId);
  const [drop] = await query<{ id: number }>(
    `INSERT INTO drops (product_id, mode, opens_at, starts_at, purchase_minutes, units_per_person, places)
     VALUES ($1, 'draw', $2, $3, 10, 1, $4) RETURNING id`,
    [productId, new Date(Date.now() - 3_600_000), startsAt, places],
  );
  return { productId, variantId: variant, dropId: drop!.id };
}

test.afterAll(async () => {
  await removeProducts(productIds);
  await query("DELETE FROM users WHERE email LIKE $1", [`e2e-bulk-${tag}-%`]);
});

async function customerPage(browser: Browser, who: (typeof customers)[number]) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, who.email, who.name, "/account");
  return page;
}

/** The cart's own form post (the drop's page renders the form; this is what it sends). */
function addToCart(page: Page) {
  return page.request.post("/cart", { form: { intent: "add", variantId: String(variantId), quantity: "1" }, maxRedirects: 0 });
}

async function shoot(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
    // Nothing runs off the side of a phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), `${name} at ${width}px`).toBe(true);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("a free draw: entered, drawn by the admin, emailed, a winner buys, a loser is refused, a lapsed place passes on, anyone can check it", async ({ page, browser }) => {
  test.setTimeout(180_000);

  // Four customers with accounts and a delivery address, in a draw with two places, entry still open.
  const pages: Page[] = [];
  for (const c of customers) {
    pages.push(await customerPage(browser, c));
    const [row] = await query<{ id: string }>("SELECT id FROM users WHERE email = $1", [c.email]);
    c.id = row!.id;
    await query("UPDATE profiles SET address_line1 = '2 Cerulean Way', city = 'Bristol', postal_code = 'BS1 4DJ', country = 'United Kingdom' WHERE id = $1", [c.id]);
  }
  const main = await arrangeDraw(new Date(Date.now() + 3_600_000), 2, 4);
  dropId = main.dropId;
  variantId = main.variantId;
  for (const [i, c] of customers.entries()) {
    await query("INSERT INTO drop_entries (drop_id, user_id, person_key, address_key, state) VALUES ($1, $2, $3, $4, 'entered')", [dropId, c.id, c.email, `e2e-address-${i}`]);
  }

  // Before the close nobody may buy, and there is no button to draw.
  expect((await addToCart(pages[0]!)).status()).toBe(409);
  await signInAsAdmin(page, `/admin/drops/${dropId}/draw`);
  await expect(page.getByRole("heading", { name: /^Draw: E2E Draw Box/ })).toBeVisible();
  await expect(page.getByTestId("draw-entry")).toHaveCount(4);
  await expect(page.getByRole("button", { name: "Run the draw now" })).toHaveCount(0);

  // The job (every 15 s) makes due draws by itself. To have the admin's button make this one,
  // wait for a run of the job (it draws a probe drop), then close entry and press at once.
  const probe = await arrangeDraw(new Date(Date.now() - 1000), null, 1);
  probeDropId = probe.dropId;
  await expect.poll(async () => (await query("SELECT 1 FROM drops WHERE id = $1 AND ordered_at IS NOT NULL", [probeDropId])).length, { timeout: 20_000, intervals: [200] }).toBe(1);
  await query("UPDATE drops SET starts_at = now() - interval '1 second' WHERE id = $1", [dropId]);
  await page.goto(`/admin/drops/${dropId}/draw`);
  await page.getByRole("button", { name: "Run the draw now" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Drawn: 2 of 4 entries won a place" })).toBeVisible();
  await expect(page.getByTestId("draw-done")).toContainText("seed");
  const [audit] = await query<{ n: number }>("SELECT count(*)::int AS n FROM audit_log WHERE action = 'drop.drawn' AND entity_id = $1 AND actor_user_id IS NOT NULL", [String(dropId)]);
  expect(audit!.n).toBe(1);
  await expectNoViolations(page, "the admin's draw page");
  await shoot(page, "admin-draw");

  // Who came out where.
  const order = await query<{ user_id: string; state: string; position: number }>("SELECT user_id, state, position FROM drop_entries WHERE drop_id = $1 ORDER BY position", [dropId]);
  expect(order.map((e) => e.state)).toEqual(["won", "won", "lost", "lost"]);
  const byPosition = order.map((e) => customers.findIndex((c) => c.id === e.user_id));
  const [buyer, idler, next, last] = byPosition.map((i) => ({ ...customers[i]!, page: pages[i]! }));

  // Everyone is emailed.
  const won = await waitForEmail(buyer!.email, (m) => m.subject.startsWith("You won a place"));
  expect(won.text).toContain(`/drops/${dropId}`);
  expect(won.text).toMatch(/buy it until/);
  await waitForEmail(idler!.email, (m) => m.subject.startsWith("You won a place"));
  const lost = await waitForEmail(next!.email, (m) => m.subject.includes("not this time"));
  expect(lost.text).toMatch(/we'll email you if a place passes to you/);
  await waitForEmail(last!.email, (m) => m.subject.includes("not this time"));

  // A loser is refused at the cart; the winner buys: cart → checkout → sandbox payment.
  const refused = await addToCart(next!.page);
  expect(refused.status()).toBe(409);
  expect(await refused.text()).toContain("only entries drawn can buy it");
  expect((await addToCart(buyer!.page)).ok()).toBe(true);
  await buyer!.page.goto("/cart");
  await buyer!.page.getByRole("button", { name: "Proceed to Checkout" }).click();
  await expect(buyer!.page).toHaveURL(/\/sandbox\/checkout\/cs_sbx_/);
  await buyer!.page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await buyer!.page.getByRole("button", { name: /^Pay £/ }).click();
  await expect(buyer!.page.getByRole("heading", { name: "Order Successful!" })).toBeVisible();

  // The other winner's time runs out (moved in the database): within a run of the job the
  // place passes to the next drawn, who is emailed and may then buy.
  await query("UPDATE drop_entries SET right_until = now() - interval '1 minute' WHERE drop_id = $1 AND user_id = $2", [dropId, idler!.id]);
  const passed = await waitForEmail(next!.email, (m) => m.subject.includes("has passed to you"));
  expect(passed.text).toMatch(/A place has passed to you/);
  const states = await query<{ state: string }>("SELECT state FROM drop_entries WHERE drop_id = $1 ORDER BY position", [dropId]);
  expect(states.map((e) => e.state)).toEqual(["purchased", "lapsed", "won", "lost"]);
  expect((await addToCart(next!.page)).ok()).toBe(true);
  expect((await addToCart(idler!.page)).status()).toBe(409);
  expect((await addToCart(last!.page)).status()).toBe(409);

  // The admin's drop page shows where the draw stands: one bought, one missed their turn (the
  // place passed on to a winner now buying), one not drawn; three turns to buy given in all.
  await page.goto(`/admin/drops/${dropId}`);
  const progress = page.getByTestId("drop-progress");
  const figure = (testId: string) => progress.getByTestId(testId).locator("dd");
  await expect(figure("progress-entered")).toHaveText(["4"]);
  await expect(figure("progress-bought")).toHaveText(["1"]);
  await expect(figure("progress-winning")).toHaveText(["1"]);
  await expect(figure("progress-missed")).toHaveText(["1", "1 not drawn"]);
  await expect(figure("progress-sold")).toHaveText([/^1$/, /^of \d+$/]);
  await expect(progress.getByRole("img", { name: "Turns to buy given since the start", exact: true })).toHaveAccessibleDescription("3 turns to buy given from 4 entries.");
  await expectNoViolations(page, "the admin's page of a draw under way");

  // Anyone can check the draw: the seed, the entry ids in order with their ranks, no emails.
  const [stored] = await query<{ seed: string }>("SELECT seed FROM drops WHERE id = $1", [dropId]);
  const ids = await query<{ id: number }>("SELECT id FROM drop_entries WHERE drop_id = $1 ORDER BY position", [dropId]);
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/drops/${dropId}/draw`);
  await expect(visitor.getByRole("heading", { level: 1 })).toContainText("How the draw for E2E Draw Box");
  await expect(visitor.getByTestId("draw-seed")).toHaveText(stored!.seed);
  await expect(visitor.getByTestId("draw-order-row")).toHaveCount(4);
  await expect(visitor.getByTestId("draw-places")).toHaveText("2");
  expect(await visitor.getByTestId("draw-order-row").locator("td:nth-child(2)").allTextContents()).toEqual(ids.map((r) => String(r.id)));
  const body = await visitor.locator("#main").textContent();
  for (const c of customers) expect(body).not.toContain(c.email);
  expect(body).not.toContain("@");
  await expectNoViolations(visitor, "the public draw check");
  await shoot(visitor, "draw-check");

  // A customer cannot open the back office's page.
  const forbidden = await last!.page.goto(`/admin/drops/${dropId}/draw`);
  expect(forbidden!.status()).toBe(403);
});

test("a large draw's public check is shown a page at a time", async ({ page }) => {
  // Drawn already, with no stock left (so no job passes places on): 520 entries in the seed's
  // order, computed here the way the page tells anyone to check it.
  const total = 520;
  const { dropId: bigDrop } = await arrangeDraw(new Date(Date.now() - 60_000), 5, 0);
  const entries = await query<{ id: number }>(
    `WITH u AS (
       INSERT INTO users (email, password_hash) SELECT 'e2e-bulk-' || $2 || '-' || g || '@example.test', 'not-used' FROM generate_series(1, $3::int) AS g RETURNING id)
     INSERT INTO drop_entries (drop_id, user_id, person_key, address_key, state, joined_at)
     SELECT $1, id, 'bulk:' || id, 'bulk', 'lost', now() - interval '2 hours' FROM u RETURNING id`,
    [bigDrop, tag, total],
  );
  const seed = randomBytes(32).toString("hex");
  const rank = (id: number) => createHmac("sha256", seed).update(String(id)).digest("hex");
  const order = entries.map((e) => e.id).sort((a, b) => rank(a).localeCompare(rank(b)));
  await query(
    `UPDATE drop_entries AS e SET position = d.position FROM unnest($2::int[]) WITH ORDINALITY AS d(id, position) WHERE e.id = d.id AND e.drop_id = $1`,
    [bigDrop, order],
  );
  await query("UPDATE drops SET seed = $2, ordered_at = now() - interval '1 hour' WHERE id = $1", [bigDrop, seed]);

  await page.goto(`/drops/${bigDrop}/draw`);
  await expect(page.getByTestId("draw-entries")).toHaveText(String(total));
  await expect(page.getByTestId("draw-page").first()).toHaveText(`Page 1 of 2 (drawn 1 to 500 of ${total})`);
  await expect(page.getByTestId("draw-order-row")).toHaveCount(500);
  expect(await page.getByTestId("draw-order-row").locator("td:nth-child(2)").allTextContents()).toEqual(order.slice(0, 500).map(String));
  await expectNoViolations(page, "the public draw check, first page");

  await page.getByRole("navigation", { name: "Pages of the order drawn", exact: true }).getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(new RegExp(`/drops/${bigDrop}/draw\\?page=2$`));
  await expect(page.getByTestId("draw-page").first()).toHaveText(`Page 2 of 2 (drawn 501 to ${total} of ${total})`);
  expect(await page.getByTestId("draw-order-row").locator("td:nth-child(2)").allTextContents()).toEqual(order.slice(500).map(String));
  await expect(page.getByRole("link", { name: "Next page" })).toHaveCount(0);
  await expectNoViolations(page, "the public draw check, last page");
  await shoot(page, "draw-check-paged");

  const missing = await page.goto(`/drops/${bigDrop}/draw?page=3`);
  expect(missing!.status()).toBe(404);
});
