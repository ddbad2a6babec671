import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { expectNoViolations, skipBrowserValidation } from "./a11y";
import { signIn, uniqueEmail } from "./admin";
import { query } from "./db";
import { waitForEmail } from "./mail";

/**
 * The customer's side of the buylist: a guest is sent to sign in, builds a sell list from the card
 * database (Base Set Charizard, priced by the demo's price guide, and Pikachu, which has no
 * market price and is marked, not hidden), the draft survives a reload, submits it, adds a
 * photo, and finds it on the account page; the photo is private. Once with JavaScript, once
 * without. Each test signs up its own customer.
 */
const shots = `test-results/e2e-${process.env.E2E_PORT ?? "3111"}`;

test.use({ reducedMotion: "reduce" });

async function addCard(page: Page, search: string, options: { printing?: string; condition?: string; quantity?: string } = {}) {
  await page.getByLabel("Card name, set or number").fill(search);
  await page.getByRole("button", { name: "Find cards" }).click();
  const hit = page.getByTestId("sell-search-hit").first();
  await expect(hit).toBeVisible();
  if (options.printing) await hit.getByLabel("Printing").selectOption(options.printing);
  if (options.condition) await hit.getByLabel("Condition").selectOption(options.condition);
  if (options.quantity) await hit.getByLabel("Copies").fill(options.quantity);
  await hit.getByRole("button", { name: /Add to list/ }).click();
  await expect(page.getByText("Added to your sell list.")).toBeVisible();
}

async function photo() {
  return sharp({ create: { width: 800, height: 1100, channels: 3, background: { r: 200, g: 60, b: 40 } } }).jpeg().toBuffer();
}

async function submissionIdOf(page: Page): Promise<number> {
  await page.waitForURL(/\/account\/sell-lists\/\d+/);
  return Number(/\/account\/sell-lists\/(\d+)/.exec(page.url())![1]);
}

test("a customer builds a sell list with JavaScript, submits it, adds a photo and follows it on the account page", async ({ page, browser }) => {
  const email = uniqueEmail("seller");
  // A guest who starts a sell list is sent to sign in and back.
  await page.goto("/sell-cards");
  await page.getByRole("link", { name: "Start a sell list" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fsell-cards%2Flist/);
  await signIn(page, email, "Sam Seller", "/sell-cards/list");
  await expect(page.getByRole("heading", { level: 1, name: "Your sell list" })).toBeVisible();

  await addCard(page, "charizard 4/102", { quantity: "2" });
  await addCard(page, "pikachu 58/102", { condition: "lp" });
  const lines = page.getByTestId("sell-line");
  await expect(lines).toHaveCount(2);
  // £272 market (€320 trend at £0.85), 80 % for Near Mint: £217.60 a copy; +20 % in credit.
  await expect(lines.nth(0)).toContainText("£217.60 cash / £261.12 credit each");
  await expect(lines.nth(0).getByTestId("line-total")).toHaveText("£435.20 cash / £522.24 credit");
  await expect(lines.nth(1).getByTestId("line-reason")).toContainText("no market price");
  await expect(page.getByTestId("sell-totals")).toContainText("£435.20");
  await expectNoViolations(page, "sell list with two lines");

  // The draft survives a reload.
  await page.reload();
  await expect(page.getByTestId("sell-line")).toHaveCount(2);

  // Fewer copies, a worse condition: the offer follows.
  await lines.nth(0).getByLabel("Condition").selectOption("lp");
  await lines.nth(0).getByLabel("Copies").fill("1");
  await page.getByRole("button", { name: "Update offer" }).click();
  await expect(page.getByText("Your sell list is updated.")).toBeVisible();
  // LP: 85 % of market (£231.20), 70 % of that.
  await expect(lines.nth(0).getByTestId("line-total")).toHaveText("£161.84 cash / £194.20 credit");

  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shots}/sell-list-${width}.png`, fullPage: true });
  }
  await expectNoViolations(page, "sell list at 360 px");
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByLabel(/^Store credit/).check();
  await page.getByLabel("Anything we should know? (optional)").fill("All sleeved.");
  await page.getByRole("button", { name: "Submit sell list" }).click();
  const id = await submissionIdOf(page);
  await expect(page.getByRole("heading", { level: 1, name: `Sell list SL-${id}` })).toBeVisible();
  await expect(page.getByText("we received your sell list")).toBeVisible();
  await expect(page.getByTestId("sell-list-status")).toHaveText("Submitted");
  await expect(page.getByTestId("submission-totals")).toContainText("£161.84 cash / £194.20 credit");

  const [row] = await query<{ offer_cash: number; payout_preference: string; customer_note: string }>("SELECT offer_cash, payout_preference, customer_note FROM buylist_submissions WHERE id = $1", [id]);
  expect(row).toEqual({ offer_cash: 16_184, payout_preference: "credit", customer_note: "All sleeved." });
  const mail = await waitForEmail(email, (m) => m.subject === `We received your sell list SL-${id}`);
  expect(mail.text).toContain("within 24 hours");

  await page.getByLabel("Add photos of the fronts and backs").setInputFiles({ name: "front.jpg", mimeType: "image/jpeg", buffer: await photo() });
  await page.getByRole("button", { name: "Upload photos" }).click();
  await expect(page.getByText("Your photos were added.")).toBeVisible();
  const image = page.getByTestId("submission-photos").getByRole("img").first();
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expectNoViolations(page, "submitted sell list with a photo");
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shots}/sell-list-submitted-${width}.png`, fullPage: true });
  }

  // The photo is the owner's: a guest and another customer get 404.
  const src = (await image.getAttribute("src"))!;
  expect((await page.request.get(src)).status()).toBe(200);
  const guest = await browser.newContext();
  expect((await guest.request.get(src)).status()).toBe(404);
  const other = await guest.newPage();
  await signIn(other, uniqueEmail("other-seller"), "Olly Other", "/account");
  expect((await other.request.get(src)).status()).toBe(404);
  expect((await other.goto(`/account/sell-lists/${id}`))!.status()).toBe(404);
  await guest.close();

  await page.goto("/account?tab=sell-lists");
  const summary = page.getByTestId("sell-list-summary").filter({ hasText: `SL-${id}` });
  await expect(summary).toContainText("Submitted");
  await expect(summary).toContainText("£161.84");
  await expectNoViolations(page, "account sell lists tab");

  // Withdrawn from its page; the history says so.
  await summary.getByRole("link", { name: `SL-${id}` }).click();
  await page.getByRole("button", { name: "Withdraw this sell list" }).click();
  await expect(page.getByTestId("sell-list-status")).toHaveText("Withdrawn");
  await expect(page.getByTestId("submission-history")).toContainText("Withdrawn");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the plain forms build, correct and submit a sell list", async ({ page }) => {
    const email = uniqueEmail("seller-nojs");
    await signIn(page, email, "Nia NoScript", "/sell-cards/list");
    await addCard(page, "charizard 4/102");
    await addCard(page, "charizard 4/102");
    // The same card, printing and condition twice is one line of two.
    await expect(page.getByTestId("sell-line")).toHaveCount(1);
    await expect(page.getByTestId("sell-line").getByLabel("Copies")).toHaveValue("2");

    // A bad quantity is refused next to its line, with what was typed kept.
    await skipBrowserValidation(page);
    await page.getByTestId("sell-line").getByLabel("Copies").fill("0");
    await page.getByLabel("Anything we should know? (optional)").fill("Kept when refused.");
    await page.getByRole("button", { name: "Submit sell list" }).click();
    await expect(page.getByText("Some lines need a look")).toBeVisible();
    await expect(page.getByText("Enter how many copies, from 1 to 100.")).toBeVisible();
    await expect(page.getByTestId("sell-line").getByLabel("Copies")).toHaveValue("0");
    await expect(page.getByLabel("Anything we should know? (optional)")).toHaveValue("Kept when refused.");

    await page.getByTestId("sell-line").getByLabel("Copies").fill("1");
    await page.getByRole("button", { name: "Submit sell list" }).click();
    const id = await submissionIdOf(page);
    await expect(page.getByTestId("sell-list-status")).toHaveText("Submitted");
    await expect(page.getByTestId("submission-lines")).toContainText("1 × Charizard · Base Set · 4/102");

    await page.getByLabel("Add photos of the fronts and backs").setInputFiles({ name: "back.jpg", mimeType: "image/jpeg", buffer: await photo() });
    await page.getByRole("button", { name: "Upload photos" }).click();
    await expect(page.getByTestId("submission-photos").getByRole("img")).toHaveCount(1);

    // The list is emptied once submitted.
    await page.goto("/sell-cards/list");
    await expect(page.getByText("Your sell list is empty.")).toBeVisible();
    await page.goto("/account?tab=sell-lists");
    await expect(page.getByTestId("sell-list-summary").filter({ hasText: `SL-${id}` })).toContainText("Submitted");
  });

  test("an add refusal shows by its card; the shop's review stays hidden until the quote; a quote being updated has no buttons; the posting address", async ({ page }) => {
    await signIn(page, uniqueEmail("seller-review"), "Rae Review", "/sell-cards/list");
    // The add form keeps the search, so its refusal comes back next to the card it is about.
    await page.getByLabel("Card name, set or number").fill("charizard 4/102");
    await page.getByRole("button", { name: "Find cards" }).click();
    const hit = page.getByTestId("sell-search-hit").first();
    // Without JavaScript the search is a page load: switch the browser's own check off on the
    // results page once it is there, or the old page's forms get it and "0" is never posted.
    await expect(hit).toBeVisible();
    await skipBrowserValidation(page);
    await hit.getByLabel("Copies").fill("0");
    await hit.getByRole("button", { name: /Add to list/ }).click();
    await expect(page.getByTestId("sell-search-hit").first()).toContainText("Enter how many copies, from 1 to 100.");
    await addCard(page, "charizard 4/102");
    await page.getByLabel(/^Cash/).check();
    await page.getByRole("button", { name: "Submit sell list" }).click();
    const id = await submissionIdOf(page);

    // The shop's review before the quote is sent is its working: not shown.
    await query("UPDATE buylist_lines SET status = 'rejected', review_note = 'Whitening on the back' WHERE submission_id = $1", [id]);
    await page.reload();
    await expect(page.getByTestId("submission-lines")).not.toContainText("Whitening on the back");
    await expect(page.getByTestId("submission-lines")).not.toContainText("Not bought");

    // Quoted, then a line changed after sending (the token cleared): no buttons, no "older quote" loop.
    await query("UPDATE buylist_submissions SET status = 'quoted', quoted_cash = 0, quoted_credit = 0, quote_sent_at = now(), quote_expires_at = now() + interval '3 days', quote_token = NULL WHERE id = $1", [id]);
    await page.goto(`/account/sell-lists/${id}?token=an-old-token`);
    await expect(page.getByTestId("quote-updating")).toHaveText("We are updating your quote; you will get a new email when it is ready.");
    await expect(page.getByRole("button", { name: "Accept the quote" })).toHaveCount(0);
    await expect(page.getByText("This link is for an older quote")).toHaveCount(0);
    await expect(page.getByTestId("submission-lines")).toContainText("Whitening on the back");
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${shots}/sell-list-quote-updating-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    // A notice name an object inherits is just unknown.
    for (const done of ["__proto__", "constructor"]) expect((await page.goto(`/account/sell-lists/${id}?done=${done}`))!.status()).toBe(200);

    // Accepted: the posting instructions name the shop's address; no label email is promised.
    await query("UPDATE buylist_submissions SET status = 'accepted', quoted_cash = 1000, quoted_credit = 1200 WHERE id = $1", [id]);
    await page.goto(`/account/sell-lists/${id}`);
    await expect(page.getByTestId("buylist-address")).toContainText("Unit 4, Demo Trading Estate");
    await expect(page.getByText("to the address below")).toBeVisible();
    await expect(page.getByText("we will email you when")).toHaveCount(0);
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${shots}/sell-list-accepted-${width}.png`, fullPage: true });
    }
  });
});
