// The buylist's customer side against a real database: pricing a sell list from the demo's price
// guide, creating a submission (re-priced, never from posted prices) and refusing bad lists,
// the customer's moves (withdraw, accept/decline by token, shipped) refused for every other
// customer, expired quotes refused, and the expiry sweep.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { buylistCards, buylistEvents, buylistLines, buylistSubmissions, cards, cardSets, outbox, productVariants, products, rateLimits } from "~/db/schema";
import { seedDemoCatalogue } from "~/demo/seed.server";
import { priceSellLines, unitOfferFor } from "~/modules/buylist/offer.server";
import { saveBuylistSettings } from "~/modules/buylist/settings.server";
import { DEFAULT_BUYLIST_SETTINGS } from "~/modules/buylist/settings";
import {
  createSubmission,
  expireQuotes,
  listSubmissionsFor,
  markSubmissionShipped,
  moveSubmission,
  newQuoteToken,
  respondToQuote,
  submissionForCustomer,
  withdrawSubmission,
} from "~/modules/buylist/submissions.server";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { addSubmissionPhotos, readSubmissionLabel, readSubmissionPhoto, startPhotoUpload } from "~/modules/buylist/photos.server";
import { PHOTO_TEXT } from "~/modules/buylist/photos";
import { quoteState } from "~/modules/buylist/customer-actions";
import { buylistPhotos } from "~/db/schema";
import { FileMediaStore } from "~/modules/media/file-store.server";
import { createUser } from "../support/accounts";
import { createTestDatabase, type TestDatabase } from "../setup/database";

let database: TestDatabase;
let db: Db;
let alice: { id: string; email: string };
let bob: { id: string; email: string };
let admin: { id: string };
/** Base Set Charizard (holo; €320 trend in the demo guide: £272 NM market) and Pikachu (no price). */
let charizard: number;
let pikachu: number;
let charizardStock: number;

async function cardId(setCode: string, number: string) {
  const [row] = await db.select({ id: cards.id }).from(cards).innerJoin(cardSets, eq(cardSets.id, cards.setId)).where(and(eq(cardSets.code, setCode), eq(cards.localNumber, number)));
  return row!.id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seedDemoCatalogue(db);
  charizard = await cardId("base1", "4");
  pikachu = await cardId("base1", "58");
  const [stock] = await db
    .select({ n: sql<number>`coalesce(sum(${productVariants.stock}), 0)::int` })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(products.cardId, charizard));
  charizardStock = Number(stock!.n);
  alice = await createUser(db);
  bob = await createUser(db);
  admin = await createUser(db, { adminEmails: new Set(["boss@buylist.test"]), email: "boss@buylist.test" });
});
afterAll(async () => {
  await database?.destroy();
});
beforeEach(async () => {
  await db.delete(buylistSubmissions);
  await db.delete(buylistCards);
  await db.execute(sql`DELETE FROM buylist_settings`);
  await db.delete(rateLimits);
});

const zard = (quantity = 1, condition: "nm" | "lp" | "mp" | "hp" | "dmg" = "nm") => ({ cardId: charizard, printing: "holo" as const, condition, quantity });

describe("pricing a sell list", () => {
  it("prices from the latest guide with the default rates and credit bonus", async () => {
    const { lines, totals } = await priceSellLines(db, [zard(2), { cardId: pikachu, printing: "normal", condition: "nm", quantity: 1 }]);
    expect(lines[0]).toMatchObject({ marketUnit: 27_200, unitCash: 21_760, unitCredit: 26_112, acceptedQuantity: 2, lineCash: 43_520, reason: null, problem: null });
    expect(lines[0]!.cardLabel).toBe("Charizard · Base Set · 4/102");
    expect(lines[1]).toMatchObject({ reason: "no_price", lineCash: 0, problem: null });
    expect(totals).toMatchObject({ cash: 43_520, credit: 52_224, units: 3, acceptedUnits: 2 });
  });

  it("flags unknown cards and printings the card does not exist in", async () => {
    const { lines } = await priceSellLines(db, [{ ...zard(), cardId: 999_999 }, { ...zard(), printing: "normal" }]);
    expect(lines.map((l) => l.problem)).toEqual(["unknown_card", "unknown_printing"]);
    expect(lines.every((l) => l.lineCash === 0)).toBe(true);
  });

  it("counts stock, open submissions and earlier lines against the wanted quantity", async () => {
    await db.insert(buylistCards).values({ cardId: charizard, wantedQuantity: charizardStock + 3, hotPremiumBasisPoints: 1000 });
    const first = await createSubmission(db, alice.id, { lines: [zard(2)], payoutPreference: "cash", note: null });
    expect(first.ok).toBe(true);
    const { lines } = await priceSellLines(db, [zard(1, "lp"), zard(2)]);
    // 3 wanted over stock, 2 already in Alice's open submission: one more copy, taken by the first line.
    expect(lines.map((l) => [l.acceptedQuantity, l.reason])).toEqual([[1, null], [0, "over_wanted"]]);
    // Hot-list: 80 % + 10 % of £272 would be £244.80, but its credit (+20 %) may not pass the £272 market value: £226.67.
    expect((await priceSellLines(db, [zard(1)], { excludeSubmissionId: first.ok ? first.id : 0 })).lines[0]!.unitCash).toBe(22_667);
  });

  it("re-prices one copy for the shop without wanted limits", async () => {
    await db.insert(buylistCards).values({ cardId: charizard, wantedQuantity: 0 });
    const offer = await unitOfferFor(db, charizard, "holo", "mp");
    // MP market 70 % of €320 × 0.85 = £190.40; 55 % = £104.72.
    expect(offer).toMatchObject({ marketUnit: 19_040, unitCash: 10_472, reason: null });
    expect(await unitOfferFor(db, 999_999, "holo", "nm")).toBeNull();
  });
});

describe("creating a submission", () => {
  it("stores the re-priced lines, the offer, a history event and the email", async () => {
    const result = await createSubmission(db, alice.id, { lines: [zard(2), { cardId: pikachu, printing: "normal", condition: "lp", quantity: 3 }], payoutPreference: "credit", note: "  Sleeved.  " });
    if (!result.ok) throw new Error(JSON.stringify(result));
    const [row] = await db.select().from(buylistSubmissions).where(eq(buylistSubmissions.id, result.id));
    expect(row).toMatchObject({ userId: alice.id, status: "submitted", payoutPreference: "credit", customerNote: "Sleeved.", offerCash: 43_520, offerCredit: 52_224 });
    const lines = await db.select().from(buylistLines).where(eq(buylistLines.submissionId, result.id)).orderBy(buylistLines.id);
    expect(lines.map((l) => [l.cardLabel, l.quantity, l.offeredUnit, l.notBuyingReason])).toEqual([
      ["Charizard · Base Set · 4/102", 2, 21_760, null],
      ["Pikachu · Base Set · 58/102", 3, 0, "no_price"],
    ]);
    expect(await db.select({ status: buylistEvents.status }).from(buylistEvents).where(eq(buylistEvents.submissionId, result.id))).toEqual([{ status: "submitted" }]);
    const [email] = await db.select().from(outbox).where(eq(outbox.dedupeKey, `buylist-received:${result.id}`));
    expect(email!.toAddress).toBe(alice.email);
    expect(email!.subject).toBe(`We received your sell list SL-${result.id}`);
    expect(email!.textBody).toContain("£435.20 in cash, or £522.24 in store credit");
    expect(email!.textBody).toContain("within 24 hours");
    expect(email!.textBody).toContain("no market price");
  });

  it("keeps a partly wanted line as the copies bought and the rest marked", async () => {
    await db.insert(buylistCards).values({ cardId: charizard, maxPerSubmission: 1 });
    const result = await createSubmission(db, alice.id, { lines: [zard(3)], payoutPreference: "cash", note: null });
    if (!result.ok) throw new Error(JSON.stringify(result));
    const lines = await db.select().from(buylistLines).where(eq(buylistLines.submissionId, result.id)).orderBy(buylistLines.id);
    expect(lines.map((l) => [l.quantity, l.offeredUnit, l.notBuyingReason])).toEqual([[1, 21_760, null], [2, 0, "over_wanted"]]);
  });

  it("refuses an empty list, unknown cards and printings, bad quantities, too many lines and a list with nothing bought", async () => {
    expect(await createSubmission(db, alice.id, { lines: [], payoutPreference: "cash", note: null })).toMatchObject({ ok: false, reason: "empty" });
    expect(await createSubmission(db, alice.id, { lines: [zard(), { ...zard(), cardId: 999_999 }, { ...zard(), printing: "normal" }], payoutPreference: "cash", note: null })).toMatchObject({
      ok: false,
      reason: "bad_lines",
      problems: [{ index: 1, problem: "unknown_card" }, { index: 2, problem: "unknown_printing" }],
    });
    expect(await createSubmission(db, alice.id, { lines: [zard(0)], payoutPreference: "cash", note: null })).toMatchObject({ ok: false, reason: "bad_lines" });
    expect(await createSubmission(db, alice.id, { lines: [zard(101)], payoutPreference: "cash", note: null })).toMatchObject({ ok: false, reason: "bad_lines" });
    expect(await createSubmission(db, alice.id, { lines: [{ cardId: pikachu, printing: "normal", condition: "nm", quantity: 1 }], payoutPreference: "cash", note: null })).toMatchObject({ ok: false, reason: "nothing_bought" });
    await db.transaction((tx) => saveBuylistSettings(tx, { ...DEFAULT_BUYLIST_SETTINGS, maxLinesPerSubmission: 2 }, admin.id));
    expect(await createSubmission(db, alice.id, { lines: [zard(), zard(1, "lp"), zard(1, "mp")], payoutPreference: "cash", note: null })).toMatchObject({ ok: false, reason: "too_many_lines", max: 2 });
    expect(await db.$count(buylistSubmissions)).toBe(0);
  });

  it("limits how many submissions a customer makes in an hour", async () => {
    for (let i = 0; i < 10; i++) expect((await createSubmission(db, bob.id, { lines: [zard()], payoutPreference: "cash", note: null })).ok).toBe(true);
    const refused = await createSubmission(db, bob.id, { lines: [zard()], payoutPreference: "cash", note: null });
    expect(refused).toMatchObject({ ok: false, reason: "rate_limited" });
    if (!refused.ok && refused.reason === "rate_limited") expect(refused.retryAfterSeconds).toBeGreaterThan(3000);
    expect((await createSubmission(db, alice.id, { lines: [zard()], payoutPreference: "cash", note: null })).ok).toBe(true);
  });

  it("counts only valid lists against the hourly limit: refused ones do not use it up", async () => {
    for (let i = 0; i < 12; i++) {
      expect(await createSubmission(db, bob.id, { lines: [zard(0)], payoutPreference: "cash", note: null })).toMatchObject({ ok: false, reason: "bad_lines" });
      expect(await createSubmission(db, bob.id, { lines: [{ cardId: pikachu, printing: "normal", condition: "nm", quantity: 1 }], payoutPreference: "cash", note: null })).toMatchObject({ ok: false, reason: "nothing_bought" });
    }
    for (let i = 0; i < 10; i++) expect((await createSubmission(db, bob.id, { lines: [zard()], payoutPreference: "cash", note: null })).ok).toBe(true);
    expect(await createSubmission(db, bob.id, { lines: [zard()], payoutPreference: "cash", note: null })).toMatchObject({ ok: false, reason: "rate_limited" });
  });

  it("prices concurrent submissions one after the other: four lists of 2 copies with 2 wanted buy 2 in all", async () => {
    await db.insert(buylistCards).values({ cardId: charizard, wantedQuantity: charizardStock + 2 });
    const customers = [alice, bob, await createUser(db), await createUser(db)];
    const results = await Promise.all(customers.map((c) => createSubmission(db, c.id, { lines: [zard(2)], payoutPreference: "cash", note: null })));
    // The first takes both wanted copies; the others buy nothing and are refused as such.
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.reason)).toEqual(["nothing_bought", "nothing_bought", "nothing_bought"]);
    const [bought] = await db.select({ n: sql<number>`coalesce(sum(${buylistLines.quantity}), 0)::int` }).from(buylistLines).where(and(eq(buylistLines.cardId, charizard), sql`${buylistLines.notBuyingReason} IS NULL`));
    expect(Number(bought!.n)).toBe(2);
  });
});

async function submitted(owner = alice) {
  const result = await createSubmission(db, owner.id, { lines: [zard()], payoutPreference: "cash", note: null });
  if (!result.ok) throw new Error(JSON.stringify(result));
  return result.id;
}

/** Quotes a submission as the admin side does: the move, the amounts, a token and an expiry. */
async function quoted(owner = alice, expiresInMs = 86_400_000) {
  const id = await submitted(owner);
  const token = newQuoteToken();
  await db.transaction((tx) =>
    moveSubmission(tx, id, "quoted", "admin", {
      actorUserId: admin.id,
      set: { quotedCash: 20_000, quotedCredit: 24_000, quoteToken: token, quoteSentAt: new Date(), quoteExpiresAt: new Date(Date.now() + expiresInMs) },
    }),
  );
  return { id, token };
}

const statusOf = async (id: number) => (await db.select({ s: buylistSubmissions.status }).from(buylistSubmissions).where(eq(buylistSubmissions.id, id)))[0]!.s;

describe("the customer's moves", () => {
  it("someone else's submission is not found for every read and every move", async () => {
    const { id, token } = await quoted(alice);
    expect(await submissionForCustomer(db, bob.id, id)).toBeNull();
    expect((await listSubmissionsFor(db, bob.id)).map((s) => s.id)).not.toContain(id);
    expect(await respondToQuote(db, bob.id, id, token, "accept")).toEqual({ ok: false, reason: "not_found" });
    expect(await respondToQuote(db, bob.id, id, token, "decline")).toEqual({ ok: false, reason: "not_found" });
    expect(await withdrawSubmission(db, bob.id, id)).toEqual({ ok: false, reason: "not_found" });
    expect(await markSubmissionShipped(db, bob.id, id, null)).toEqual({ ok: false, reason: "not_found" });
    const other = await submitted(alice);
    expect(await withdrawSubmission(db, bob.id, other)).toEqual({ ok: false, reason: "not_found" });
    expect(await statusOf(id)).toBe("quoted");
    expect(await statusOf(other)).toBe("submitted");
    // And a missing one answers the same.
    expect(await withdrawSubmission(db, bob.id, 2_000_000)).toEqual({ ok: false, reason: "not_found" });
  });

  it("withdraws a submitted list once, and not after the quote", async () => {
    const id = await submitted();
    expect(await withdrawSubmission(db, alice.id, id)).toEqual({ ok: true, status: "withdrawn" });
    expect(await withdrawSubmission(db, alice.id, id)).toEqual({ ok: false, reason: "not_allowed", status: "withdrawn" });
    const q = await quoted();
    expect(await withdrawSubmission(db, alice.id, q.id)).toMatchObject({ ok: false, reason: "not_allowed" });
  });

  it("accepts a quote with its token, then marks it shipped; the owner's page shows the history", async () => {
    const { id, token } = await quoted();
    expect(await markSubmissionShipped(db, alice.id, id, null)).toMatchObject({ ok: false, reason: "not_allowed" });
    expect(await respondToQuote(db, alice.id, id, "wrong-token-wrong-token", "accept")).toEqual({ ok: false, reason: "bad_token" });
    expect(await respondToQuote(db, alice.id, id, token, "accept")).toEqual({ ok: true, status: "accepted" });
    expect(await respondToQuote(db, alice.id, id, token, "decline")).toMatchObject({ ok: false, reason: "not_allowed", status: "accepted" });
    expect(await markSubmissionShipped(db, alice.id, id, "Tracking AB123456789GB")).toEqual({ ok: true, status: "shipped" });
    const detail = await submissionForCustomer(db, alice.id, id);
    expect(detail!.events.map((e) => [e.status, e.byShop])).toEqual([["submitted", false], ["quoted", true], ["accepted", false], ["shipped", false]]);
    expect(detail!.events[3]!.note).toBe("Tracking AB123456789GB");
    // The token is shown only while there is a quote to answer.
    expect(detail!.quoteToken).toBeNull();
  });

  it("a quote whose token the shop cleared (a line changed after sending) cannot be answered and says a new one is coming", async () => {
    const { id, token } = await quoted();
    await db.update(buylistSubmissions).set({ quoteToken: null }).where(eq(buylistSubmissions.id, id));
    expect(await respondToQuote(db, alice.id, id, token, "accept")).toEqual({ ok: false, reason: "quote_updating" });
    expect(await respondToQuote(db, alice.id, id, "", "decline")).toEqual({ ok: false, reason: "quote_updating" });
    const detail = await submissionForCustomer(db, alice.id, id);
    expect(detail!.quoteToken).toBeNull();
    expect(quoteState(detail!, new Date())).toBe("updating");
    expect(await statusOf(id)).toBe("quoted");
  });

  it("shows the shop's review of the lines only once the quote is sent", async () => {
    const id = await submitted();
    await db.update(buylistLines).set({ status: "rejected", quotedCondition: "lp", quotedUnit: 1_000, reviewNote: "Whitening on the back" }).where(eq(buylistLines.submissionId, id));
    const before = await submissionForCustomer(db, alice.id, id);
    expect(before!.lines.map((l) => [l.status, l.quotedCondition, l.quotedUnit, l.reviewNote])).toEqual([["offered", null, null, null]]);
    await db.transaction((tx) => moveSubmission(tx, id, "quoted", "admin", { actorUserId: admin.id, set: { quotedCash: 0, quotedCredit: 0, quoteToken: newQuoteToken(), quoteSentAt: new Date() } }));
    const after = await submissionForCustomer(db, alice.id, id);
    expect(after!.lines.map((l) => [l.status, l.quotedCondition, l.quotedUnit, l.reviewNote])).toEqual([["rejected", "lp", 1_000, "Whitening on the back"]]);
  });

  it("declines a quote", async () => {
    const { id, token } = await quoted();
    expect(await respondToQuote(db, alice.id, id, token, "decline")).toEqual({ ok: true, status: "declined" });
  });

  it("refuses an expired quote and moves it to expired", async () => {
    const { id, token } = await quoted(alice, -1000);
    expect(await respondToQuote(db, alice.id, id, token, "accept")).toEqual({ ok: false, reason: "expired" });
    expect(await statusOf(id)).toBe("expired");
  });

  it("the sweep expires quotes past their expiry and nothing else", async () => {
    const late = await quoted(alice, -1000);
    const fresh = await quoted(alice);
    const open = await submitted();
    expect(await expireQuotes(db)).toEqual({ expired: 1 });
    expect([await statusOf(late.id), await statusOf(fresh.id), await statusOf(open)]).toEqual(["expired", "quoted", "submitted"]);
    expect(await expireQuotes(db)).toEqual({ expired: 0 });
    const events = await db.select().from(buylistEvents).where(and(eq(buylistEvents.submissionId, late.id), eq(buylistEvents.status, "expired")));
    expect(events).toHaveLength(1);
    expect(events[0]!.actorUserId).toBeNull();
  });
});

describe("photos", () => {
  let dir: string;
  let store: FileMediaStore;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "buylist-photos-"));
    store = new FileMediaStore(dir);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const jpeg = async () => {
    const bytes = await sharp({ create: { width: 700, height: 900, channels: 3, background: "#cc3322" } }).jpeg().toBuffer();
    return new File([new Uint8Array(bytes)], "front.jpg", { type: "image/jpeg" });
  };

  it("adds the owner's photos, checked by content, and shows them to the owner and admins only", async () => {
    const id = await submitted(alice);
    const fake = new File([new TextEncoder().encode("not a photo at all")], "notes.jpg", { type: "image/jpeg" });
    const result = await addSubmissionPhotos(db, store, alice.id, id, [await jpeg(), fake]);
    expect(result).toMatchObject({ status: "done", added: 1 });
    if (result.status === "done") expect(result.refusals[0]).toContain("is not a JPEG");
    const [photo] = await db.select().from(buylistPhotos).where(eq(buylistPhotos.submissionId, id));
    const name = `${photo!.storageKey}-${photo!.widths[0]}.webp`;
    expect(await readSubmissionPhoto(db, store, name, { id: alice.id, isAdmin: false })).toMatchObject({ contentType: "image/webp" });
    expect(await readSubmissionPhoto(db, store, name, { id: admin.id, isAdmin: true })).not.toBeNull();
    expect(await readSubmissionPhoto(db, store, name, { id: bob.id, isAdmin: false })).toBeNull();
    expect(await readSubmissionPhoto(db, store, `${photo!.storageKey}-9999.webp`, { id: alice.id, isAdmin: false })).toBeNull();
    expect(await readSubmissionPhoto(db, store, "../../etc/passwd", { id: alice.id, isAdmin: false })).toBeNull();
  });

  it("refuses someone else's submission, too many photos, and photos once the cards are sent", async () => {
    const id = await submitted(alice);
    expect(await addSubmissionPhotos(db, store, bob.id, id, [await jpeg()])).toEqual({ status: "not_found" });
    expect(await addSubmissionPhotos(db, store, alice.id, id, [])).toMatchObject({ status: "refused" });
    expect(await addSubmissionPhotos(db, store, alice.id, id, await Promise.all([1, 2, 3, 4, 5].map(jpeg)))).toMatchObject({ status: "refused" });
    await db.insert(buylistPhotos).values(Array.from({ length: 12 }, (_, i) => ({ submissionId: id, storageKey: `${"ab".repeat(15)}${String(i).padStart(2, "0")}`, widths: [320], width: 320, height: 320 })));
    expect(await addSubmissionPhotos(db, store, alice.id, id, [await jpeg()])).toMatchObject({ status: "refused", message: expect.stringContaining("the most it can have") });
    await withdrawSubmission(db, alice.id, id);
    const other = await submitted(alice);
    await withdrawSubmission(db, alice.id, other);
    expect(await addSubmissionPhotos(db, store, alice.id, other, [await jpeg()])).toMatchObject({ status: "refused", message: expect.stringContaining("until you send") });
  });

  it("gives the prepaid label to the owner while accepted or shipped, and to admins in any status", async () => {
    const { id, token } = await quoted(alice);
    const owner = { id: alice.id, isAdmin: false };
    expect(await readSubmissionLabel(db, store, id, owner)).toBeNull();
    await store.put(`buylist-labels/label-${id}.pdf`, new TextEncoder().encode("%PDF-1.4 label"), "application/pdf");
    await db.update(buylistSubmissions).set({ labelKey: `buylist-labels/label-${id}.pdf`, labelContentType: "application/pdf", labelFileName: "label.pdf" }).where(eq(buylistSubmissions.id, id));
    // Quoted: not the owner's yet.
    expect(await readSubmissionLabel(db, store, id, owner)).toBeNull();
    expect(await readSubmissionLabel(db, store, id, { id: admin.id, isAdmin: true })).not.toBeNull();
    await respondToQuote(db, alice.id, id, token, "accept");
    expect(await readSubmissionLabel(db, store, id, owner)).toMatchObject({ contentType: "application/pdf" });
    expect(await readSubmissionLabel(db, store, id, { id: bob.id, isAdmin: false })).toBeNull();
    await markSubmissionShipped(db, alice.id, id, null);
    expect(await readSubmissionLabel(db, store, id, owner)).not.toBeNull();
    await db.transaction((tx) => moveSubmission(tx, id, "received", "admin", { actorUserId: admin.id }));
    expect(await readSubmissionLabel(db, store, id, owner)).toBeNull();
    expect(await readSubmissionLabel(db, store, id, { id: admin.id, isAdmin: true })).not.toBeNull();
  });

  it("checks the upload before reading it: whose list, its room, and 20 uploads an hour per customer", async () => {
    const id = await submitted(alice);
    expect(await startPhotoUpload(db, bob.id, id)).toEqual({ status: "not_found" });
    for (let i = 0; i < 20; i++) expect(await startPhotoUpload(db, alice.id, id)).toEqual({ status: "ok" });
    const limited = await startPhotoUpload(db, alice.id, id);
    expect(limited).toMatchObject({ status: "rate_limited", message: expect.stringMatching(/photos.*wait \d+ minutes?/) });
    await db.delete(rateLimits);
    await db.insert(buylistPhotos).values(Array.from({ length: 12 }, (_, i) => ({ submissionId: id, storageKey: `${"cd".repeat(15)}${String(i).padStart(2, "0")}`, widths: [320], width: 320, height: 320 })));
    expect(await startPhotoUpload(db, alice.id, id)).toMatchObject({ status: "refused", message: expect.stringContaining("sell list already has 12 photos") });
  });

  it("says a refused photo's reason in words about photos, not products", () => {
    expect(PHOTO_TEXT.refused("back.jpg", "limit")).toBe(`"back.jpg" was not added: this sell list already has 12 photos, the most it can have.`);
    expect(PHOTO_TEXT.refused("back.jpg", "closed")).toContain("until you send the cards");
    expect(PHOTO_TEXT.partlyAdded(2)).toBe("2 photos were added; these were not:");
  });
});
