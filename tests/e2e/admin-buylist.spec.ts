import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { expectNoViolations } from "./a11y";
import { ADMIN_EMAIL, signIn, signInAsAdmin, uniqueEmail } from "./admin";
import { query } from "./db";
import { waitForEmail } from "./mail";

/**
 * The buylist's back office (issue 15): the settings form (a refusal, then a save), a wanted card
 * found in the card database and put on the hot-list, and a sell list taken from review to
 * payment — a line reviewed with a note, the quote sent (its email holds the accept link), the
 * parcel received, one card graded down (re-priced by the rule), grading finished, and the list
 * paid in store credit (one ledger row). The customer's own pages belong to the customer side:
 * the sell list is arranged in the database, and the customer's acceptance is the core's move
 * done there too. Screens at 1280 px and 360 px.
 */
const tag = randomBytes(3).toString("hex");
const set = { id: 0, code: `bl${tag}`, name: `Buylist E2E ${tag}` };
const wantedCard = { id: 0 };
const customer = { id: "", email: uniqueEmail("seller") };
let submissionId = 0;
/** The admin's own sell list (the page shows it, without a form to act on it). */
let ownSubmissionId = 0;
/** Base Set Charizard, holo, in the demo price guide: £272 NM, so £217.60 NM and £104.72 MP offers at the default rates. */
let charizard = 0;

test.beforeAll(async () => {
  const [setRow] = await query<{ id: number }>(
    `INSERT INTO card_sets (code, name, series_name, release_date, official_card_count, total_card_count, tcgdex_id)
     VALUES ($1, $2, 'Base', '1999-01-09', 102, 102, $1) RETURNING id`,
    [set.code, set.name],
  );
  set.id = setRow!.id;
  const [cardRow] = await query<{ id: number }>(
    `INSERT INTO cards (set_id, local_number, number_sort, name, rarity, category, printings, tcgdex_id)
     VALUES ($1, '7', '000000000000007000', 'Hitmonchan', 'Rare Holo', 'Pokémon', '{holo}', $2) RETURNING id`,
    [set.id, `${set.code}-7`],
  );
  wantedCard.id = cardRow!.id;
  const [zard] = await query<{ id: number }>("SELECT c.id FROM cards c JOIN card_sets s ON s.id = c.set_id WHERE s.code = 'base1' AND c.local_number = '4'");
  charizard = zard!.id;
});

test.afterAll(async () => {
  if (submissionId) await query("DELETE FROM buylist_submissions WHERE id = $1", [submissionId]);
  if (ownSubmissionId) await query("DELETE FROM buylist_submissions WHERE id = $1", [ownSubmissionId]);
  if (wantedCard.id) await query("DELETE FROM cards WHERE id = $1", [wantedCard.id]);
  if (set.id) await query("DELETE FROM card_sets WHERE id = $1", [set.id]);
  // The settings this spec saved go back to the defaults (no row).
  await query("DELETE FROM buylist_settings");
});

async function shoot(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("settings: a refused value is shown by its field with what was typed, then saved", async ({ page }) => {
  await signInAsAdmin(page, "/admin/buylist/settings");
  await expect(page.getByRole("heading", { name: "Buylist settings" })).toBeVisible();
  const days = page.getByLabel("Days a quote holds");
  await expect(days).toHaveValue("7");
  await days.fill("0");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Days a quote holds: enter a whole number from 1 to 60.")).toBeVisible();
  await expect(days).toHaveAttribute("aria-invalid", "true");
  await expect(days).toHaveValue("0");
  await days.fill("7");
  await page.getByLabel("Store credit bonus").fill("20");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Buylist settings saved.")).toBeVisible();
  const [row] = await query<{ settings: { quoteValidDays: number } }>("SELECT settings FROM buylist_settings WHERE id = 1");
  expect(row!.settings.quoteValidDays).toBe(7);
  const [audit] = await query<{ n: number }>("SELECT count(*)::int AS n FROM audit_log WHERE action = 'buylist.settings_saved'");
  expect(audit!.n).toBeGreaterThan(0);
});

test("wanted cards: find a card, put it on the buylist and the hot-list, edit it", async ({ page }) => {
  await signInAsAdmin(page, "/admin/buylist/settings");
  await page.getByLabel("Card", { exact: true }).fill(`hitmonchan ${set.code}`);
  await page.getByRole("button", { name: "Search cards" }).click();
  const result = page.getByTestId("card-results").getByRole("listitem");
  await expect(result).toHaveCount(1);
  await result.getByLabel("Wanted in all").fill("6");
  await result.getByLabel("Most per sell list").fill("2");
  await result.getByLabel("Hot premium %").fill("150");
  await result.getByRole("button", { name: "Add to buylist" }).click();
  await expect(page.getByText("Hot-list premium: enter a percentage from 0 to 100")).toBeVisible();
  await expect(page.getByTestId("card-results").getByLabel("Wanted in all")).toHaveValue("6");
  await page.getByTestId("card-results").getByLabel("Hot premium %").fill("15");
  await page.getByTestId("card-results").getByRole("button", { name: "Add to buylist" }).click();
  await expect(page.getByText("Wanted card saved.")).toBeVisible();
  await expect(page.getByTestId("hot-list")).toContainText("Hitmonchan");
  await expect(page.getByTestId("hot-list")).toContainText("+15 %");
  const [row] = await query("SELECT buying, wanted_quantity, max_per_submission, hot_premium_basis_points FROM buylist_cards WHERE card_id = $1", [wantedCard.id]);
  expect(row).toEqual({ buying: true, wanted_quantity: 6, max_per_submission: 2, hot_premium_basis_points: 1500 });

  const listed = page.locator(`[data-card-id="${wantedCard.id}"]`);
  await listed.getByLabel("Buying").selectOption("no");
  await listed.getByRole("button", { name: "Save" }).click();
  // The notice reads the same as the last save's: wait for the row instead.
  await expect.poll(async () => (await query("SELECT buying FROM buylist_cards WHERE card_id = $1", [wantedCard.id]))[0]).toEqual({ buying: false });
  await expect(page.locator(`[data-card-id="${wantedCard.id}"]`).getByLabel("Buying")).toHaveValue("no");
  await expectNoViolations(page, "buylist settings with a wanted card");
  await shoot(page, "buylist-settings");
  await page.locator(`[data-card-id="${wantedCard.id}"]`).getByRole("button", { name: /Remove/ }).click();
  await expect(page.getByText("Card removed from the buylist.")).toBeVisible();
});

test("a sell list reviewed, quoted, received with a downgrade, graded and paid in store credit", async ({ page, browser }) => {
  // The seller's account, made through the shop's own sign-up.
  const sellerContext = await browser.newContext();
  await signIn(await sellerContext.newPage(), customer.email, "Sam Seller", "/account");
  await sellerContext.close();
  const [user] = await query<{ id: string }>("SELECT id FROM users WHERE email = $1", [customer.email]);
  customer.id = user!.id;
  const [submission] = await query<{ id: number }>(
    `INSERT INTO buylist_submissions (user_id, status, payout_preference, customer_note, offer_cash, offer_credit)
     VALUES ($1, 'submitted', 'credit', 'Both sleeved since 1999.', 65280, 78336) RETURNING id`,
    [customer.id],
  );
  submissionId = submission!.id;
  await query(
    `INSERT INTO buylist_lines (submission_id, card_id, card_label, printing, condition, quantity, offered_unit)
     VALUES ($1, $2, 'Charizard · Base Set · 4/102', 'holo', 'nm', 2, 21760), ($1, $2, 'Charizard · Base Set · 4/102', 'holo', 'lp', 1, 21760)`,
    [submissionId, charizard],
  );
  await query("INSERT INTO buylist_events (submission_id, status, actor_user_id) VALUES ($1, 'submitted', $2)", [submissionId, customer.id]);
  const reference = `SL-${submissionId}`;

  // --- the queue finds it by reference
  await signInAsAdmin(page, "/admin/buylist");
  await page.getByLabel("Reference or customer email").fill(reference.toLowerCase());
  await page.getByRole("button", { name: "Search sell lists" }).click();
  await expect(page.getByTestId("buylist-queue").getByRole("listitem")).toHaveCount(1);
  await expectNoViolations(page, "the buylist queue");
  await shoot(page, "buylist-queue");
  await page.getByRole("link", { name: reference }).click();
  await expect(page.getByRole("heading", { name: new RegExp(`Sell list ${reference}`) })).toBeVisible();
  await expect(page.getByTestId("buylist-status")).toHaveText("To review");

  // --- review: the LP line is taken as Lightly Played at a typed price, with a note the customer sees
  const lpLine = page.getByTestId("buylist-line").nth(1);
  await lpLine.getByText("Review this card").click();
  await lpLine.getByLabel("Price each (£)").fill("180");
  await lpLine.getByRole("button", { name: "Save review" }).click();
  await expect(page.getByText("Say why the condition or price changed: the customer sees this note.")).toBeVisible();
  await expect(page.getByTestId("buylist-line").nth(1).getByLabel("Price each (£)")).toHaveValue("180");
  await page.getByTestId("buylist-line").nth(1).getByLabel("Note to the customer").fill("Light edge wear: our LP price.");
  await page.getByTestId("buylist-line").nth(1).getByRole("button", { name: "Save review" }).click();
  await expect(page.getByText("Line saved.")).toBeVisible();
  await expect(page.getByTestId("draft-quote")).toContainText("£615.20 cash");

  await page.getByRole("button", { name: "Send quote" }).click();
  await expect(page.getByText("Quote sent to the customer.")).toBeVisible();
  await expect(page.getByTestId("buylist-status")).toHaveText("Quoted");
  await expect(page.getByTestId("quoted-amount")).toContainText("£615.20 cash · £738.24 credit");
  // The quote as the customer receives it (the outbox's copy loses its link once sent, and on a
  // slow machine the worker may have sent it already).
  const [{ quote_token: token }] = (await query<{ quote_token: string }>("SELECT quote_token FROM buylist_submissions WHERE id = $1", [submissionId])) as [{ quote_token: string }];
  const email = await waitForEmail(customer.email, (e) => e.subject.startsWith(`Your quote for sell list ${reference}`));
  expect(email.text).toContain(`/account/sell-lists/${submissionId}?token=${token}`);
  // Over £150: the label section asks for one. A text file named .pdf is refused by its content; a PDF is kept.
  await expect(page.getByRole("heading", { name: "Prepaid label" })).toBeVisible();
  await page.getByLabel(/^Label file/).setInputFiles({ name: "label.pdf", mimeType: "application/pdf", buffer: Buffer.from("not a pdf at all") });
  await page.getByRole("button", { name: "Upload label" }).click();
  await expect(page.getByText("That file is not a PDF, PNG or JPEG label")).toBeVisible();
  await page.getByLabel(/^Label file/).setInputFiles({ name: "Royal Mail.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%%EOF\n") });
  await page.getByRole("button", { name: "Upload label" }).click();
  await expect(page.getByText("Prepaid label attached")).toBeVisible();
  await expect(page.getByText("Attached: Royal-Mail.pdf.")).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download" }).click();
  expect((await download).suggestedFilename()).toBe("Royal-Mail.pdf");

  // --- the customer accepts (their page is the customer side's; the core's move, in the database)
  await query("UPDATE buylist_submissions SET status = 'accepted' WHERE id = $1", [submissionId]);
  await query("INSERT INTO buylist_events (submission_id, status, actor_user_id) VALUES ($1, 'accepted', $2)", [submissionId, customer.id]);

  // --- the parcel arrives; one of the NM copies is Moderately Played
  await page.reload();
  await page.getByRole("button", { name: "Mark received" }).click();
  await expect(page.getByText("Marked as received.")).toBeVisible();
  const nmLine = page.getByTestId("buylist-line").first();
  await nmLine.getByLabel("Received (of 2)").fill("2");
  await nmLine.getByLabel("Condition found").selectOption("mp");
  await nmLine.getByRole("button", { name: "Save grading" }).click();
  await expect(page.getByText("Grading saved for this card.")).toBeVisible();
  const graded = page.getByTestId("buylist-line").first().getByTestId("line-grade");
  await expect(graded).toContainText("Received 2 of 2 as Moderately Played at £104.72 each = £209.44");
  await expect(graded).toContainText("Graded Moderately Played, not Near Mint as quoted.");
  await expect(page.getByTestId("draft-final")).toContainText("£389.44 cash");
  await expectNoViolations(page, "a received sell list being graded");
  await shoot(page, "buylist-grading");

  await page.getByRole("button", { name: "Finish grading" }).click();
  await expect(page.getByText("Grading finished; the customer has been emailed the result.")).toBeVisible();
  await expect(page.getByTestId("final-amount")).toContainText("£389.44 cash");
  const [gradedEmail] = await query<{ text_body: string }>("SELECT text_body FROM outbox WHERE kind = 'buylist-graded' AND to_address = $1", [customer.email]);
  expect(gradedEmail!.text_body).toContain("Graded Moderately Played, not Near Mint as quoted.");

  // --- paid in store credit, at once
  const finalCredit = Math.floor((38_944 * 73_824) / 61_520);
  await page.getByLabel(/^Store credit:/).check();
  await page.getByRole("button", { name: "Pay the customer" }).click();
  await expect(page.getByText("Paid: store credit added")).toBeVisible();
  await expect(page.getByTestId("buylist-status")).toHaveText("Paid");
  const ledger = await query<{ amount: number; kind: string }>("SELECT amount, kind FROM store_credit_entries WHERE buylist_submission_id = $1", [submissionId]);
  expect(ledger).toEqual([{ amount: finalCredit, kind: "buylist_payout" }]);
  const [balance] = await query<{ balance: number }>("SELECT balance FROM store_credit_balances WHERE user_id = $1", [customer.id]);
  expect(balance!.balance).toBe(finalCredit);
  await expectNoViolations(page, "a paid sell list");
  await shoot(page, "buylist-paid");
});

test("an admin's own sell list is shown without its forms: another admin must handle it", async ({ page }) => {
  await signInAsAdmin(page, "/admin/buylist");
  const [adminUser] = await query<{ id: string }>("SELECT id FROM users WHERE email = $1", [ADMIN_EMAIL]);
  const [own] = await query<{ id: number }>(
    `INSERT INTO buylist_submissions (user_id, status, payout_preference, offer_cash, offer_credit) VALUES ($1, 'submitted', 'credit', 21760, 26112) RETURNING id`,
    [adminUser!.id],
  );
  ownSubmissionId = own!.id;
  await query(
    `INSERT INTO buylist_lines (submission_id, card_id, card_label, printing, condition, quantity, offered_unit) VALUES ($1, $2, 'Charizard · Base Set · 4/102', 'holo', 'nm', 1, 21760)`,
    [ownSubmissionId, charizard],
  );
  await page.goto(`/admin/buylist/${ownSubmissionId}`);
  await expect(page.getByTestId("own-sell-list")).toHaveText("This is your own sell list: another admin must handle it.");
  await expect(page.getByRole("button", { name: "Send quote" })).toHaveCount(0);
  await expect(page.getByTestId("buylist-line").locator("form")).toHaveCount(0);
  await expectNoViolations(page, "the admin's own sell list");
  await shoot(page, "own-sell-list");
});
