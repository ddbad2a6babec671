import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { expectNoViolations } from "./a11y";
import { signIn, signInAsAdmin, uniqueEmail } from "./admin";
import { insertSealedProduct, query, removeProducts } from "./db";
import { waitForEmail } from "./mail";

/**
 * Issue 15's whole journey, in the browser, each side on its own pages: a customer sells two
 * Base Set Charizards for store credit; the shop quotes; the customer accepts through the emailed
 * link and posts them; the shop receives them, finds one Moderately Played rather than Near Mint
 * (the line is re-priced and the customer told why), and pays in store credit; the customer then
 * spends part of that credit on an order.
 */
const tag = randomBytes(3).toString("hex");
let product: { id: number; slug: string; name: string };

test.use({ reducedMotion: "reduce" });

test.beforeAll(async () => {
  const [category] = await query<{ id: number }>("SELECT id FROM categories ORDER BY id LIMIT 1");
  const name = `E2E Journey Booster Box ${tag}`;
  const slug = `e2e-journey-${tag}`;
  const { productId } = await insertSealedProduct({ name, slug, price: 12_000, stock: 3, category: category!.id, description: "Bought with store credit.", createdAt: new Date("2015-01-01") });
  product = { id: productId, slug, name };
});

test.afterAll(async () => {
  await removeProducts([product.id]);
});

async function addCard(page: Page, search: string, condition: string) {
  await page.getByLabel("Card name, set or number").fill(search);
  await page.getByRole("button", { name: "Find cards" }).click();
  const hit = page.getByTestId("sell-search-hit").first();
  await expect(hit).toBeVisible();
  await hit.getByLabel("Condition").selectOption(condition);
  await hit.getByRole("button", { name: /Add to list/ }).click();
  await expect(page.getByText("Added to your sell list.")).toBeVisible();
}

async function balanceOf(userId: string) {
  const [row] = await query<{ balance: number }>("SELECT balance FROM store_credit_balances WHERE user_id = $1", [userId]);
  return row?.balance ?? 0;
}

test("sell list → quote → accept by link → received with one card downgraded → paid in credit → part of the credit spent on an order", async ({ browser }) => {
  test.setTimeout(120_000);
  const seller = await browser.newPage();
  const email = uniqueEmail("journey");
  await signIn(seller, email, "Sam Seller", "/sell-cards/list");
  await query("UPDATE profiles SET address_line1 = '4 Vermilion Quay', city = 'Hull', postal_code = 'HU1 1AA', country = 'United Kingdom' WHERE email = $1", [email]);
  const [{ id: userId }] = (await query<{ id: string }>("SELECT id FROM users WHERE email = $1", [email])) as [{ id: string }];

  // --- the customer's sell list: one Charizard Near Mint, one Lightly Played
  await addCard(seller, "charizard 4/102", "nm");
  await addCard(seller, "charizard 4/102", "lp");
  const lines = seller.getByTestId("sell-line");
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0).getByTestId("line-total")).toHaveText("£217.60 cash / £261.12 credit");
  await expect(lines.nth(1).getByTestId("line-total")).toHaveText("£161.84 cash / £194.20 credit");
  await seller.getByLabel(/^Store credit/).check();
  await seller.getByRole("button", { name: "Submit sell list" }).click();
  await seller.waitForURL(/\/account\/sell-lists\/\d+/);
  const id = Number(/\/account\/sell-lists\/(\d+)/.exec(seller.url())![1]);
  const reference = `SL-${id}`;
  await expect(seller.getByTestId("sell-list-status")).toHaveText("Submitted");
  await waitForEmail(email, (m) => m.subject === `We received your sell list ${reference}`);

  // --- the shop quotes it as offered
  const admin = await browser.newPage();
  await signInAsAdmin(admin, `/admin/buylist/${id}`);
  await expect(admin.getByRole("heading", { name: new RegExp(`Sell list ${reference}`) })).toBeVisible();
  await expect(admin.getByTestId("draft-quote")).toContainText("£379.44 cash");
  await admin.getByRole("button", { name: "Send quote" }).click();
  await expect(admin.getByText("Quote sent to the customer.")).toBeVisible();
  await expect(admin.getByTestId("quoted-amount")).toContainText("£379.44 cash · £455.32 credit");

  // --- the customer accepts through the emailed link, then posts the cards
  const quote = await waitForEmail(email, (m) => m.text.includes(`/account/sell-lists/${id}?token=`));
  const link = /https?:\/\/\S+\/account\/sell-lists\/\d+\?token=[A-Za-z0-9_-]+/.exec(quote.text)![0];
  await seller.goto(link);
  await expect(seller.getByTestId("sell-list-status")).toHaveText("Quote ready");
  await seller.getByRole("button", { name: "Accept the quote" }).click();
  await expect(seller.getByTestId("sell-list-status")).toHaveText("Quote accepted");
  await seller.getByRole("button", { name: "I have sent the cards" }).click();
  await expect(seller.getByTestId("sell-list-status")).toHaveText("On its way to us");

  // --- the shop receives them: the Near Mint copy is Moderately Played
  await admin.reload();
  await admin.getByRole("button", { name: "Mark received" }).click();
  await expect(admin.getByText("Marked as received.")).toBeVisible();
  const nmLine = admin.getByTestId("buylist-line").first();
  await nmLine.getByLabel("Received (of 1)").fill("1");
  await nmLine.getByLabel("Condition found").selectOption("mp");
  await nmLine.getByRole("button", { name: "Save grading" }).click();
  await expect(admin.getByText("Grading saved for this card.")).toBeVisible();
  await expect(admin.getByTestId("buylist-line").first().getByTestId("line-grade")).toContainText("as Moderately Played at £104.72 each");
  await admin.getByRole("button", { name: "Finish grading" }).click();
  await expect(admin.getByText("Grading finished; the customer has been emailed the result.")).toBeVisible();
  // £104.72 + £161.84; the credit keeps the quote's bonus.
  await expect(admin.getByTestId("final-amount")).toContainText("£266.56 cash");
  const graded = await waitForEmail(email, (m) => m.text.includes("Graded Moderately Played, not Near Mint as quoted."));
  expect(graded.text).toContain("£266.56");

  // --- paid in store credit, at once
  await admin.getByLabel(/^Store credit:/).check();
  await admin.getByRole("button", { name: "Pay the customer" }).click();
  await expect(admin.getByText("Paid: store credit added")).toBeVisible();
  const credit = Math.floor((26_656 * 45_532) / 37_944);
  expect(await balanceOf(userId)).toBe(credit);

  // The customer sees why, and the credit.
  await seller.goto(`/account/sell-lists/${id}`);
  await expect(seller.getByTestId("sell-list-status")).toHaveText("Paid");
  await expect(seller.getByTestId("submission-lines")).toContainText("Graded Moderately Played, not Near Mint as quoted.");
  for (const step of ["Submitted", "Quote ready", "Quote accepted", "On its way to us", "Received", "Checked", "Paid"]) await expect(seller.getByTestId("submission-history")).toContainText(step);
  await expectNoViolations(seller, "a paid sell list, customer side");
  await seller.setViewportSize({ width: 360, height: 800 });
  await seller.screenshot({ path: test.info().outputPath("paid-sell-list-360.png"), fullPage: true });
  await seller.setViewportSize({ width: 1280, height: 900 });
  await seller.goto("/account/store-credit");
  await expect(seller.getByTestId("store-credit-balance")).toHaveText(`£${(credit / 100).toFixed(2)}`);
  await expect(seller.getByTestId("credit-row").first()).toContainText(`Cards sold to us: sell list ${reference}`);

  // --- part of that credit buys a booster box (£120 + £5.29 delivery); no card needed
  await seller.goto(`/products/${product.slug}`);
  await seller.getByRole("button", { name: /Add(ed)? to Cart/ }).click();
  await expect(seller.getByRole("button", { name: "Added to Cart" })).toBeVisible();
  await seller.goto("/cart");
  await seller.getByRole("button", { name: "Proceed to Checkout" }).click();
  await expect(seller).toHaveURL(/\/order\/success\?session_id=credit_/);
  await expect(seller.getByRole("heading", { name: "Order Successful!" })).toBeVisible();
  const orderNumber = (await seller.getByTestId("order-number").textContent())!.replace("#", "");
  const [order] = await query<{ status: string; total_amount: number; credit_amount: number }>("SELECT status, total_amount, credit_amount FROM orders WHERE id = $1", [orderNumber]);
  expect(order).toEqual({ status: "completed", total_amount: 12_529, credit_amount: 12_529 });
  expect(await balanceOf(userId)).toBe(credit - 12_529);
  await seller.goto("/account/store-credit");
  await expect(seller.getByTestId("store-credit-balance")).toHaveText(`£${((credit - 12_529) / 100).toFixed(2)}`);
  await expect(seller.getByTestId("credit-row").first()).toContainText(`Spent on an order: order #${orderNumber}`);
});
