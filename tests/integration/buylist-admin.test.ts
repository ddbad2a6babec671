// The buylist's back office against a real database: review and quote (with the email and its
// secret link), moves refused from the wrong status (grade before receive, quote a withdrawn list,
// pay twice), grading a downgraded card re-prices it with the rule, payment in store credit writes
// exactly one ledger row (a replay pays nothing), restocking writes one 'buylist' ledger row per
// line and makes the variant when missing, the label upload checks content, settings and wanted
// cards are audited. Who may call these (401/403) is in authorization-matrix.test.ts.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import {
  auditLog,
  buylistCards,
  buylistEvents,
  buylistLines,
  buylistSubmissions,
  cards,
  cardSets,
  outbox,
  products,
  productVariants,
  rateLimits,
  stockMovements,
  storeCreditEntries,
} from "~/db/schema";
import { seedDemoCatalogue } from "~/demo/seed.server";
import { finalTotals, paySchema, parseSettingsForm, sniffLabelType } from "~/modules/buylist/admin";
import { runSubmissionAction } from "~/modules/buylist/admin-actions.server";
import { attachLabel } from "~/modules/buylist/admin-label.server";
import { paySubmission } from "~/modules/buylist/admin-payout.server";
import { listBuylistQueue } from "~/modules/buylist/admin-queue.server";
import { removeWantedCard, saveSettings, saveWantedCard } from "~/modules/buylist/admin-settings.server";
import { finishGrading, gradeLine, markReceived, reviewLine, sendQuote, submissionForAdmin } from "~/modules/buylist/admin-submission.server";
import { loadBuylistSettings } from "~/modules/buylist/settings.server";
import { DEFAULT_BUYLIST_SETTINGS } from "~/modules/buylist/settings";
import { createSubmission, respondToQuote, withdrawSubmission } from "~/modules/buylist/submissions.server";
import { creditBalance } from "~/modules/credit/ledger.server";
import type { MediaStore, StoredMedia } from "~/modules/media/storage";
import { createUser } from "../support/accounts";
import { arrangeSellList } from "../support/buylist-world";
import { createTestDatabase, type TestDatabase } from "../setup/database";

let database: TestDatabase;
let db: Db;
let alice: { id: string; email: string };
let admin: { id: string };
/** A second admin: handles the first admin's own sell list. */
let otherAdmin: { id: string };
/** Base Set Charizard, holo: £272 NM market in the demo guide (NM offer £217.60, MP offer £104.72). */
let charizard: number;
const brand = { shopName: "Nearmint", publicUrl: "https://shop.test" };

/** A MediaStore in memory: what the label upload wrote and deleted. */
class MemoryStore implements MediaStore {
  files = new Map<string, StoredMedia>();
  async put(key: string, bytes: Uint8Array, contentType: string) {
    this.files.set(key, { bytes, contentType, size: bytes.length });
  }
  async get(key: string) {
    return this.files.get(key) ?? null;
  }
  async delete(key: string) {
    this.files.delete(key);
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seedDemoCatalogue(db);
  const [row] = await db.select({ id: cards.id }).from(cards).innerJoin(cardSets, eq(cardSets.id, cards.setId)).where(and(eq(cardSets.code, "base1"), eq(cards.localNumber, "4")));
  charizard = row!.id;
  alice = await createUser(db);
  admin = await createUser(db, { adminEmails: new Set(["boss@buylist-admin.test"]), email: "boss@buylist-admin.test" });
  otherAdmin = await createUser(db, { adminEmails: new Set(["deputy@buylist-admin.test"]), email: "deputy@buylist-admin.test" });
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

const zard = (quantity: number, condition: "nm" | "lp" | "mp" = "nm") => ({ cardId: charizard, printing: "holo" as const, condition, quantity });

async function submit(lines = [zard(2)], payoutPreference: "cash" | "credit" = "credit", customerId = alice.id) {
  const result = await createSubmission(db, customerId, { lines, payoutPreference, note: null });
  if (!result.ok) throw new Error(JSON.stringify(result));
  return result.id;
}

async function linesOf(id: number) {
  return db.select().from(buylistLines).where(eq(buylistLines.submissionId, id)).orderBy(buylistLines.id);
}

async function statusOf(id: number) {
  const [row] = await db.select({ status: buylistSubmissions.status }).from(buylistSubmissions).where(eq(buylistSubmissions.id, id));
  return row!.status;
}

async function quoteToken(id: number) {
  const [row] = await db.select({ token: buylistSubmissions.quoteToken }).from(buylistSubmissions).where(eq(buylistSubmissions.id, id));
  return row!.token!;
}

/** Submitted → quoted → accepted (by the customer, with the token) → received. */
async function receivedSubmission(lines = [zard(2)]) {
  const id = await submit(lines);
  expect((await sendQuote(db, admin.id, id, brand)).ok).toBe(true);
  expect((await respondToQuote(db, alice.id, id, await quoteToken(id), "accept")).ok).toBe(true);
  expect((await markReceived(db, admin.id, id)).ok).toBe(true);
  return id;
}

describe("reviewing and quoting", () => {
  it("accepts, adjusts and rejects lines; the quote adds them up and emails a secret link", async () => {
    const id = await submit([zard(2), zard(1, "lp")]);
    const [first, second] = await linesOf(id);
    // The second line is judged Moderately Played: the rule's MP price, with the note the customer reads.
    expect(await reviewLine(db, admin.id, id, { intent: "review-line", lineId: second!.id, decision: "accept", condition: "mp", unitPrice: null, note: "Whitening on the back." })).toEqual({ ok: true });
    // Changing condition without a note is refused.
    const noNote = await reviewLine(db, admin.id, id, { intent: "review-line", lineId: first!.id, decision: "accept", condition: "lp", unitPrice: null, note: "" });
    expect(noNote).toMatchObject({ ok: false, status: 400, field: "note" });

    const sent = await sendQuote(db, admin.id, id, brand);
    expect(sent).toEqual({ ok: true, again: false });
    const [row] = await db.select().from(buylistSubmissions).where(eq(buylistSubmissions.id, id));
    // 2 × £217.60 (unreviewed: at the offer) + 1 × £104.72 (MP); credit +20 % per unit.
    expect(row).toMatchObject({ status: "quoted", quotedCash: 2 * 21_760 + 10_472, quotedCredit: 2 * 26_112 + 12_566 });
    expect(row!.quoteToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const days = (row!.quoteExpiresAt!.getTime() - row!.quoteSentAt!.getTime()) / 86_400_000;
    expect(days).toBe(DEFAULT_BUYLIST_SETTINGS.quoteValidDays);
    expect((await linesOf(id)).map((l) => [l.status, l.quotedCondition, l.quotedUnit])).toEqual([
      ["accepted", "nm", 21_760],
      ["accepted", "mp", 10_472],
    ]);
    const [email] = await db.select().from(outbox).where(eq(outbox.kind, "buylist-quote"));
    const link = `https://shop.test/account/sell-lists/${id}?token=${row!.quoteToken}`;
    expect(email!.textBody).toContain(link);
    expect(email!.secrets).toEqual([link]);
    expect(email!.textBody).toContain("Whitening on the back.");

    // Sending again: a new token, the old link dead, still quoted.
    expect(await sendQuote(db, admin.id, id, brand)).toEqual({ ok: true, again: true });
    expect(await quoteToken(id)).not.toBe(row!.quoteToken);
    expect((await respondToQuote(db, alice.id, id, row!.quoteToken!, "accept")).ok).toBe(false);
    const audit = await db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.entityType, "buylist_submission"), eq(auditLog.entityId, String(id))));
    expect(audit.map((a) => a.action).sort()).toEqual(["buylist.line_reviewed", "buylist.quoted", "buylist.requoted"]);
  });

  it("refuses to quote a withdrawn list, or one with nothing accepted", async () => {
    const id = await submit();
    expect((await withdrawSubmission(db, alice.id, id)).ok).toBe(true);
    expect(await sendQuote(db, admin.id, id, brand)).toMatchObject({ ok: false, status: 409 });
    expect(await statusOf(id)).toBe("withdrawn");

    const other = await submit();
    const [line] = await linesOf(other);
    await reviewLine(db, admin.id, other, { intent: "review-line", lineId: line!.id, decision: "reject", condition: "nm", unitPrice: null, note: "Fake." });
    expect(await sendQuote(db, admin.id, other, brand)).toMatchObject({ ok: false, status: 400 });
    expect(await statusOf(other)).toBe("submitted");
  });

  it("refuses a line of another sell list", async () => {
    const a = await submit();
    const b = await submit();
    const [lineOfB] = await linesOf(b);
    expect(await reviewLine(db, admin.id, a, { intent: "review-line", lineId: lineOfB!.id, decision: "reject", condition: "nm", unitPrice: null, note: "x" })).toMatchObject({ ok: false, status: 404 });
  });
});

describe("receiving and grading", () => {
  it("refuses to grade before the parcel is received", async () => {
    const id = await submit();
    await sendQuote(db, admin.id, id, brand);
    const [line] = await linesOf(id);
    expect(await gradeLine(db, admin.id, id, { intent: "grade-line", lineId: line!.id, receivedQuantity: 2, receivedCondition: "nm", unitPrice: null, note: "" })).toMatchObject({ ok: false, status: 409 });
    expect(await finishGrading(db, admin.id, id, brand)).toMatchObject({ ok: false, status: 409 });
    // Receiving before the customer accepted is refused too.
    expect(await markReceived(db, admin.id, id)).toMatchObject({ ok: false, status: 409 });
  });

  it("re-prices a downgraded card with the rule, marks missing ones, and explains the final amount", async () => {
    const id = await receivedSubmission([zard(2), zard(1)]);
    const [first, second] = await linesOf(id);
    // One of two arrived, and it is Moderately Played: the MP offer, £104.72.
    expect(await gradeLine(db, admin.id, id, { intent: "grade-line", lineId: first!.id, receivedQuantity: 1, receivedCondition: "mp", unitPrice: null, note: "" })).toEqual({ ok: true });
    const [graded] = await linesOf(id);
    expect(graded).toMatchObject({ receivedQuantity: 1, receivedCondition: "mp", finalUnit: 10_472 });
    expect(graded!.gradeNote).toContain("1 of 2 cards were not in the parcel.");
    expect(graded!.gradeNote).toContain("Graded Moderately Played, not Near Mint as quoted.");
    expect(graded!.gradeNote).toContain("£104.72 each instead of £217.60.");

    // A typed price that differs needs a note.
    expect(await gradeLine(db, admin.id, id, { intent: "grade-line", lineId: second!.id, receivedQuantity: 1, receivedCondition: "nm", unitPrice: 20_000, note: "" })).toMatchObject({ ok: false, field: "note" });
    expect(await gradeLine(db, admin.id, id, { intent: "grade-line", lineId: second!.id, receivedQuantity: 5, receivedCondition: "nm", unitPrice: null, note: "" })).toMatchObject({ ok: false, field: "receivedQuantity" });

    const detail = await submissionForAdmin(db, id);
    expect(detail!.draftFinal.cash).toBe(10_472 + 21_760);
    const done = await finishGrading(db, admin.id, id, brand);
    // The untouched second line is taken as quoted.
    const quotedCash = 3 * 21_760;
    const quotedCredit = 3 * 26_112;
    expect(done).toEqual({ ok: true, finalCash: 10_472 + 21_760, finalCredit: Math.floor(((10_472 + 21_760) * quotedCredit) / quotedCash) });
    expect(await statusOf(id)).toBe("graded");
    expect((await linesOf(id))[1]).toMatchObject({ receivedQuantity: 1, receivedCondition: "nm", finalUnit: 21_760 });
    const [email] = await db.select().from(outbox).where(eq(outbox.dedupeKey, `buylist-graded:${id}`));
    expect(email!.textBody).toContain("Graded Moderately Played, not Near Mint as quoted.");
    expect(email!.textBody).toContain("£322.32");
  });

  it("keeps the quoted credit when nothing changed", () => {
    const line = { status: "accepted" as const, quantity: 2, quotedCondition: "nm" as const, quotedUnit: 100, receivedQuantity: 2, receivedCondition: "nm" as const, finalUnit: 100 };
    expect(finalTotals([line], { cash: 200, credit: 241 })).toEqual({ cash: 200, credit: 241 });
    expect(finalTotals([{ ...line, receivedQuantity: 1 }], { cash: 200, credit: 241 })).toEqual({ cash: 100, credit: 120 });
  });
});

describe("paying", () => {
  async function gradedSubmission(lines = [zard(2)]) {
    const id = await receivedSubmission(lines);
    expect((await finishGrading(db, admin.id, id, brand)).ok).toBe(true);
    return id;
  }

  it("pays in store credit once: one ledger row, the balance, the email; a replay pays nothing", async () => {
    const id = await gradedSubmission();
    const before = await creditBalance(db, alice.id);
    const pay = { payout: "credit" as const, restock: false };
    expect(await paySubmission(db, admin.id, id, pay, brand)).toMatchObject({ ok: true, payout: "credit", amount: 2 * 26_112 });
    expect(await creditBalance(db, alice.id)).toBe(before + 2 * 26_112);
    const rows = await db.select().from(storeCreditEntries).where(eq(storeCreditEntries.buylistSubmissionId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "buylist_payout", amount: 2 * 26_112, dedupeKey: `buylist-payout:${id}`, actorUserId: admin.id });
    expect(await statusOf(id)).toBe("paid");

    // The same post again, and both at once: nothing more is paid.
    expect(await paySubmission(db, admin.id, id, pay, brand)).toMatchObject({ ok: false, status: 409 });
    const cash = paySchema.parse({ intent: "pay", payout: "cash", method: "paypal", reference: "X", paidOn: "1/2/2026" });
    expect(await paySubmission(db, admin.id, id, cash, brand)).toMatchObject({ ok: false, status: 409 });
    expect(await db.select().from(storeCreditEntries).where(eq(storeCreditEntries.buylistSubmissionId, id))).toHaveLength(1);
    expect(await creditBalance(db, alice.id)).toBe(before + 2 * 26_112);
    expect(await db.select().from(outbox).where(eq(outbox.dedupeKey, `buylist-paid:${id}`))).toHaveLength(1);
  });

  it("pays one of two concurrent posts", async () => {
    const id = await gradedSubmission();
    const before = await creditBalance(db, alice.id);
    const results = await Promise.all([1, 2].map(() => paySubmission(db, admin.id, id, { payout: "credit", restock: false }, brand)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await creditBalance(db, alice.id)).toBe(before + 2 * 26_112);
  });

  it("records a cash payment with its method, reference and UK date", async () => {
    const id = await gradedSubmission();
    const input = paySchema.parse({ intent: "pay", payout: "cash", method: "bank_transfer", reference: "NM-123", paidOn: "24/12/2026" });
    expect(await paySubmission(db, admin.id, id, input, brand)).toMatchObject({ ok: true, amount: 2 * 21_760 });
    const [row] = await db.select().from(buylistSubmissions).where(eq(buylistSubmissions.id, id));
    expect(row).toMatchObject({ status: "paid", payout: "cash", cashMethod: "bank_transfer", paidReference: "NM-123", paidOn: "2026-12-24", paidAmount: 2 * 21_760 });
    const [email] = await db.select().from(outbox).where(eq(outbox.dedupeKey, `buylist-paid:${id}`));
    expect(email!.textBody).toContain("by Bank transfer on 24/12/2026.");
    expect(await db.select().from(storeCreditEntries).where(eq(storeCreditEntries.buylistSubmissionId, id))).toHaveLength(0);
    expect(paySchema.safeParse({ intent: "pay", payout: "cash", method: "paypal", reference: "x", paidOn: "31/02/2026" }).success).toBe(false);
    expect(paySchema.safeParse({ intent: "pay", payout: "cash", method: "cheque", reference: "x", paidOn: "1/1/2026" }).success).toBe(false);
  });

  it("refuses to pay before grading", async () => {
    const id = await receivedSubmission();
    expect(await paySubmission(db, admin.id, id, { payout: "credit", restock: false }, brand)).toMatchObject({ ok: false, status: 409 });
    expect(await db.select().from(storeCreditEntries).where(eq(storeCreditEntries.buylistSubmissionId, id))).toHaveLength(0);
  });

  it("puts received cards into stock: one 'buylist' ledger row per line, the variant made when missing", async () => {
    const id = await receivedSubmission([zard(2), zard(1)]);
    const [first, second] = await linesOf(id);
    await gradeLine(db, admin.id, id, { intent: "grade-line", lineId: first!.id, receivedQuantity: 2, receivedCondition: "nm", unitPrice: null, note: "" });
    // Damaged: a variant the demo has not got.
    await gradeLine(db, admin.id, id, { intent: "grade-line", lineId: second!.id, receivedQuantity: 1, receivedCondition: "dmg", unitPrice: 1_000, note: "Creased." });
    await finishGrading(db, admin.id, id, brand);
    const [product] = await db.select({ id: products.id }).from(products).where(eq(products.cardId, charizard));
    const variantOf = async (condition: string) => {
      const [v] = await db
        .select()
        .from(productVariants)
        .where(and(eq(productVariants.productId, product!.id), eq(productVariants.condition, condition), eq(productVariants.printing, "holo"), eq(productVariants.language, "en")));
      return v ?? null;
    };
    const nmBefore = (await variantOf("nm"))?.stock ?? 0;
    // The demo lists every condition: take the Damaged one away, so this payout has to make it.
    const demoDamaged = await variantOf("dmg");
    if (demoDamaged) {
      await db.delete(stockMovements).where(eq(stockMovements.variantId, demoDamaged.id));
      await db.delete(productVariants).where(eq(productVariants.id, demoDamaged.id));
    }

    const paid = await paySubmission(db, admin.id, id, { payout: "credit", restock: true }, brand);
    expect(paid.ok).toBe(true);
    const nm = await variantOf("nm");
    const dmg = await variantOf("dmg");
    expect(nm!.stock).toBe(nmBefore + 2);
    expect(dmg).toMatchObject({ stock: 1 });
    expect(dmg!.price).toBeGreaterThan(0);
    const movements = await db.select().from(stockMovements).where(eq(stockMovements.reason, "buylist"));
    expect(movements.map((m) => [m.variantId, m.delta, m.actorId, m.note]).sort()).toEqual(
      [
        [nm!.id, 2, admin.id, `Sell list SL-${id}`],
        [dmg!.id, 1, admin.id, `Sell list SL-${id}`],
      ].sort(),
    );
    // The ledger still sums to the stock.
    const [sum] = await db.select({ n: sql<number>`sum(${stockMovements.delta})::int` }).from(stockMovements).where(eq(stockMovements.variantId, dmg!.id));
    expect(Number(sum!.n)).toBe(1);
  });
});

describe("the page's actions and the queue", () => {
  it("answers bad input with the field and what was typed, and a wrong move with 409", async () => {
    const id = await submit();
    const store = new MemoryStore();
    const bad = await runSubmissionAction(db, store, admin.id, id, { intent: "pay", payout: "cash", method: "paypal", reference: "", paidOn: "" }, brand);
    expect(bad).toMatchObject({ ok: false, status: 400, result: { intent: "pay", errors: { reference: expect.any(String) }, values: { method: "paypal" } } });
    expect(await runSubmissionAction(db, store, admin.id, id, { intent: "finish-grading" }, brand)).toMatchObject({ ok: false, status: 409 });
    expect(await runSubmissionAction(db, store, admin.id, id, { intent: "nonsense" }, brand)).toMatchObject({ ok: false, status: 400 });
    expect(await runSubmissionAction(db, store, admin.id, id, { intent: "reject", reason: "  " }, brand)).toMatchObject({ ok: false, status: 400 });
    expect(await runSubmissionAction(db, store, admin.id, id, { intent: "reject", reason: "All fakes." }, brand)).toEqual({ ok: true, notice: "rejected" });
    expect(await statusOf(id)).toBe("rejected");
    expect(await db.select({ status: buylistEvents.status }).from(buylistEvents).where(eq(buylistEvents.submissionId, id))).toEqual([{ status: "submitted" }, { status: "rejected" }]);
  });

  it("filters by status and finds by reference or email", async () => {
    const a = await submit();
    const b = await submit();
    await sendQuote(db, admin.id, b, brand);
    const search = (q: string, filter: "open" | "all" | "quoted" = "open") => ({ filter, q, submissionId: /^SL-(\d+)$/.test(q) ? Number(q.slice(3)) : null });
    // "Open": the oldest first (the next to answer); "All": the newest first.
    const open = await listBuylistQueue(db, search(""), 1);
    expect(open.rows.map((r) => r.id)).toEqual([a, b]);
    expect((await listBuylistQueue(db, search("", "all"), 1)).rows.map((r) => r.id)).toEqual([b, a]);
    expect(open.counts).toMatchObject({ open: 2, submitted: 1, quoted: 1 });
    expect((await listBuylistQueue(db, search("", "quoted"), 1)).rows.map((r) => r.id)).toEqual([b]);
    expect((await listBuylistQueue(db, search(`SL-${a}`), 1)).rows.map((r) => r.reference)).toEqual([`SL-${a}`]);
    expect((await listBuylistQueue(db, search(alice.email.slice(0, 6)), 1)).total).toBe(2);
    expect((await listBuylistQueue(db, search("nobody@nowhere"), 1)).total).toBe(0);
  });
});

describe("the prepaid label", () => {
  const pdf = new TextEncoder().encode("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n");
  const file = (bytes: Uint8Array, name: string, type = "application/pdf") => new File([bytes as Uint8Array<ArrayBuffer>], name, { type });

  it("recognises PDF, PNG and JPEG by content only", () => {
    expect(sniffLabelType(pdf)).toBe("pdf");
    expect(sniffLabelType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe("png");
    expect(sniffLabelType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpeg");
    expect(sniffLabelType(new TextEncoder().encode("<html>%PDF</html>"))).toBeNull();
    expect(sniffLabelType(new TextEncoder().encode("GIF89a"))).toBeNull();
  });

  it("stores a label for a quote over the threshold, refuses others, replaces the old file", async () => {
    const store = new MemoryStore();
    const id = await submit([zard(1)]);
    // Not quoted yet: refused, nothing left in the store.
    expect(await attachLabel(db, store, admin.id, id, file(pdf, "label.pdf"))).toMatchObject({ ok: false, refusal: "notNow" });
    expect(store.files.size).toBe(0);
    await sendQuote(db, admin.id, id, brand);
    // £217.60 is over £150.
    expect(await attachLabel(db, store, admin.id, id, file(new TextEncoder().encode("not a label"), "label.pdf"))).toMatchObject({ ok: false, refusal: "type" });
    expect(await attachLabel(db, store, admin.id, id, file(new Uint8Array(5 * 1024 * 1024 + 1), "big.pdf"))).toMatchObject({ ok: false, refusal: "tooLarge" });
    expect(await attachLabel(db, store, admin.id, id, file(pdf, "Royal Mail label!.pdf"))).toEqual({ ok: true, fileName: "Royal-Mail-label.pdf" });
    const [row] = await db.select().from(buylistSubmissions).where(eq(buylistSubmissions.id, id));
    expect(row).toMatchObject({ labelContentType: "application/pdf", labelFileName: "Royal-Mail-label.pdf" });
    expect(row!.labelKey).toMatch(/^buylist-labels\/[0-9a-f]{32}\.pdf$/);
    expect(await attachLabel(db, store, admin.id, id, file(pdf, "second.pdf"))).toMatchObject({ ok: true });
    expect(store.files.size).toBe(1);

    // Under the threshold: refused.
    await saveSettings(db, admin.id, { ...DEFAULT_BUYLIST_SETTINGS, prepaidLabelThresholdPence: 50_000 });
    expect(await attachLabel(db, store, admin.id, id, file(pdf, "third.pdf"))).toMatchObject({ ok: false, refusal: "underThreshold" });
    expect(store.files.size).toBe(1);
  });
});

describe("settings and wanted cards", () => {
  it("parses the form in percent and pounds, refusing bad fields one by one", () => {
    const good = { rate_nm: "82.5", rate_lp: "70", rate_mp: "55", rate_hp: "35", rate_dmg: "0", creditBonus: "25", minLineValue: "0.75", quoteValidDays: "10", labelThreshold: "200", buyUnlistedCards: "no", maxLines: "150" };
    const parsed = parseSettingsForm((name) => good[name as keyof typeof good]);
    expect(parsed).toEqual({
      ok: true,
      settings: {
        buyRateBasisPoints: { nm: 8_250, lp: 7_000, mp: 5_500, hp: 3_500, dmg: 0 },
        creditBonusBasisPoints: 2_500,
        minLineValuePence: 75,
        quoteValidDays: 10,
        prepaidLabelThresholdPence: 20_000,
        buyUnlistedCards: false,
        maxLinesPerSubmission: 150,
      },
    });
    const bad = parseSettingsForm((name) => ({ ...good, rate_nm: "120", quoteValidDays: "0", minLineValue: "abc" })[name as keyof typeof good]);
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(Object.keys(bad.errors).sort()).toEqual(["minLineValue", "quoteValidDays", "rate_nm"]);
      expect(bad.values.rate_nm).toBe("120");
    }
  });

  it("saves settings with an audit entry", async () => {
    await saveSettings(db, admin.id, { ...DEFAULT_BUYLIST_SETTINGS, creditBonusBasisPoints: 3_000 });
    expect((await loadBuylistSettings(db)).creditBonusBasisPoints).toBe(3_000);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, "buylist.settings_saved"));
    expect(entry).toMatchObject({ actorUserId: admin.id });
  });

  it("adds, changes and removes a wanted card, each audited with before and after", async () => {
    const input = { intent: "save-card" as const, cardId: charizard, buying: true, wantedQuantity: 10, maxPerSubmission: 2, hotPremium: 1_000, note: "" };
    expect(await saveWantedCard(db, admin.id, input)).toBe(true);
    expect(await saveWantedCard(db, admin.id, { ...input, hotPremium: 0 })).toBe(true);
    expect(await saveWantedCard(db, admin.id, { ...input, cardId: 999_999 })).toBe(false);
    const [row] = await db.select().from(buylistCards).where(eq(buylistCards.cardId, charizard));
    expect(row).toMatchObject({ buying: true, wantedQuantity: 10, maxPerSubmission: 2, hotPremiumBasisPoints: 0 });
    expect(await removeWantedCard(db, admin.id, charizard)).toBe(true);
    expect(await removeWantedCard(db, admin.id, charizard)).toBe(false);
    const trail = await db.select({ action: auditLog.action, details: auditLog.details }).from(auditLog).where(and(eq(auditLog.entityType, "buylist_card"), eq(auditLog.entityId, String(charizard)))).orderBy(auditLog.id);
    expect(trail.map((t) => t.action)).toEqual(["buylist.card_added", "buylist.card_changed", "buylist.card_removed"]);
    expect(trail[1]!.details).toMatchObject({ before: { hotPremiumBasisPoints: 1_000 }, after: { hotPremiumBasisPoints: 0 } });
  });
});

describe("an admin's own sell list", () => {
  it("refuses every back-office move to the admin who is its customer; another admin handles it", async () => {
    const store = new MemoryStore();
    const id = await submit([zard(1)], "credit", admin.id);
    const [line] = await linesOf(id);
    const own = { ok: false, status: 403, message: "This is your own sell list: another admin must handle it." };
    const ownAnswer = { ok: false, status: 403, result: { message: own.message } };
    expect((await submissionForAdmin(db, id, admin.id))!.ownSellList).toBe(true);
    expect((await submissionForAdmin(db, id, otherAdmin.id))!.ownSellList).toBe(false);

    // Review (a huge price), quote and reject: refused to the owner, through the page and the module.
    expect(await runSubmissionAction(db, store, admin.id, id, { intent: "review-line", lineId: String(line!.id), decision: "accept", condition: "nm", unitPrice: "5000", note: "Mine." }, brand)).toMatchObject(ownAnswer);
    expect(await sendQuote(db, admin.id, id, brand)).toMatchObject(own);
    expect(await runSubmissionAction(db, store, admin.id, id, { intent: "reject", reason: "No." }, brand)).toMatchObject(ownAnswer);
    expect((await linesOf(id))[0]).toMatchObject({ status: "offered", quotedUnit: null });

    // Another admin quotes; the customer (the first admin) accepts.
    expect((await sendQuote(db, otherAdmin.id, id, brand)).ok).toBe(true);
    expect((await respondToQuote(db, admin.id, id, await quoteToken(id), "accept")).ok).toBe(true);
    expect(await attachLabel(db, store, admin.id, id, new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34])], "l.pdf"))).toMatchObject({ ok: false, status: 403, refusal: "ownList" });
    expect(await runSubmissionAction(db, store, admin.id, id, { intent: "remove-label" }, brand)).toMatchObject(ownAnswer);
    expect(await markReceived(db, admin.id, id)).toMatchObject(own);
    expect((await markReceived(db, otherAdmin.id, id)).ok).toBe(true);
    expect(await gradeLine(db, admin.id, id, { intent: "grade-line", lineId: line!.id, receivedQuantity: 1, receivedCondition: "nm", unitPrice: null, note: "" })).toMatchObject(own);
    expect(await finishGrading(db, admin.id, id, brand)).toMatchObject(own);
    expect(await runSubmissionAction(db, store, admin.id, id, { intent: "return", note: "Back." }, brand)).toMatchObject(ownAnswer);
    expect((await finishGrading(db, otherAdmin.id, id, brand)).ok).toBe(true);

    // Paying themselves: refused, no credit moved; the other admin pays.
    const before = await creditBalance(db, admin.id);
    expect(await paySubmission(db, admin.id, id, { payout: "credit", restock: false }, brand)).toMatchObject(own);
    expect(await runSubmissionAction(db, store, admin.id, id, { intent: "pay", payout: "credit" }, brand)).toMatchObject(ownAnswer);
    expect(await creditBalance(db, admin.id)).toBe(before);
    expect(await statusOf(id)).toBe("graded");
    expect(await paySubmission(db, otherAdmin.id, id, { payout: "credit", restock: false }, brand)).toMatchObject({ ok: true, amount: 26_112 });
    expect(await creditBalance(db, admin.id)).toBe(before + 26_112);
  });
});

describe("prices the customer did not accept", () => {
  it("refuses a grading price above the quoted one, naming it, and caps a re-price by the rule at the quote", async () => {
    const id = await submit([zard(1), zard(1)]);
    const [first, second] = await linesOf(id);
    // Quoted below the rule (£100 for a Near Mint copy), so the rule's Lightly Played price is above the quote.
    expect((await reviewLine(db, admin.id, id, { intent: "review-line", lineId: first!.id, decision: "accept", condition: "nm", unitPrice: 10_000, note: "Edge wear." })).ok).toBe(true);
    expect((await sendQuote(db, admin.id, id, brand)).ok).toBe(true);
    expect((await respondToQuote(db, alice.id, id, await quoteToken(id), "accept")).ok).toBe(true);
    expect((await markReceived(db, admin.id, id)).ok).toBe(true);

    const typedOver = await gradeLine(db, admin.id, id, { intent: "grade-line", lineId: second!.id, receivedQuantity: 1, receivedCondition: "nm", unitPrice: 2_176_000, note: "Typo." });
    expect(typedOver).toMatchObject({ ok: false, status: 400, field: "unitPrice" });
    expect((typedOver as { message: string }).message).toContain("£217.60");
    expect((await linesOf(id))[1]).toMatchObject({ receivedQuantity: null, finalUnit: null });

    expect(await gradeLine(db, admin.id, id, { intent: "grade-line", lineId: first!.id, receivedQuantity: 1, receivedCondition: "lp", unitPrice: null, note: "" })).toEqual({ ok: true });
    const [capped] = await linesOf(id);
    expect(capped).toMatchObject({ receivedCondition: "lp", finalUnit: 10_000 });
    expect(capped!.gradeNote).toBe("Graded Lightly Played, not Near Mint as quoted.");
  });

  it("refuses a review price over 4 times the rule's offer for the condition", async () => {
    const id = await submit([zard(1)]);
    const [line] = await linesOf(id);
    const review = (unitPrice: number) => reviewLine(db, admin.id, id, { intent: "review-line", lineId: line!.id, decision: "accept", condition: "nm", unitPrice, note: "Wanted badly." });
    const refused = await review(4 * 21_760 + 1);
    expect(refused).toMatchObject({ ok: false, status: 400, field: "unitPrice" });
    expect((refused as { message: string }).message).toContain("£217.60");
    expect(await review(4 * 21_760)).toEqual({ ok: true });
  });
});

describe("restocking cards that were not bought", () => {
  it("does not stock a line graded at £0 and never makes a variant priced £0", async () => {
    const id = await receivedSubmission([zard(1), zard(1)]);
    const [bought, fake] = await linesOf(id);
    const [product] = await db.select({ id: products.id }).from(products).where(eq(products.cardId, charizard));
    // The demo lists every condition: take the Damaged one away, so a restock of the £0 line would have to make it.
    const [demoDamaged] = await db.select().from(productVariants).where(and(eq(productVariants.productId, product!.id), eq(productVariants.condition, "dmg"), eq(productVariants.printing, "holo")));
    if (demoDamaged) {
      await db.delete(stockMovements).where(eq(stockMovements.variantId, demoDamaged.id));
      await db.delete(productVariants).where(eq(productVariants.id, demoDamaged.id));
    }
    expect(await gradeLine(db, admin.id, id, { intent: "grade-line", lineId: fake!.id, receivedQuantity: 1, receivedCondition: "dmg", unitPrice: 0, note: "A fake: we send it back." })).toEqual({ ok: true });
    expect((await finishGrading(db, admin.id, id, brand)).ok).toBe(true);

    const paid = await paySubmission(db, admin.id, id, { payout: "credit", restock: true }, brand);
    expect(paid.ok).toBe(true);
    expect((paid as { restocked: Array<{ lineId: number }> }).restocked.map((r) => r.lineId)).toEqual([bought!.id]);
    expect(await db.select().from(productVariants).where(and(eq(productVariants.productId, product!.id), eq(productVariants.condition, "dmg")))).toEqual([]);
    expect(await db.select().from(productVariants).where(sql`${productVariants.price} <= 0`)).toEqual([]);
  });

  it("prices a new variant without a market figure at the unit paid grossed up by the buy rate and hot premium", async () => {
    // A card of its own set, with no price guide: no market suggestion.
    const { submissionId: id, cardId } = await arrangeSellList(db, alice.id);
    await db.insert(buylistCards).values({ cardId, buying: true, hotPremiumBasisPoints: 1_000 });
    expect((await sendQuote(db, admin.id, id, brand)).ok).toBe(true);
    expect((await respondToQuote(db, alice.id, id, await quoteToken(id), "accept")).ok).toBe(true);
    expect((await markReceived(db, admin.id, id)).ok).toBe(true);
    expect((await finishGrading(db, admin.id, id, brand)).ok).toBe(true);
    const paid = await paySubmission(db, admin.id, id, { payout: "cash", method: "paypal", reference: "PP-1", paidOn: "2026-11-24", restock: true }, brand);
    expect(paid).toMatchObject({ ok: true, restocked: [{ quantity: 1, variantCreated: true }] });
    const [variant] = await db.select().from(productVariants).where(eq(productVariants.id, (paid as { restocked: Array<{ variantId: number }> }).restocked[0]!.variantId));
    expect(variant!.price).toBe(Math.ceil((2_000 * 10_000) / (DEFAULT_BUYLIST_SETTINGS.buyRateBasisPoints.nm + 1_000)));
  });
});

describe("the emails", () => {
  it("prints each grading explanation once, words the payment by payout, and names the printing", async () => {
    const id = await receivedSubmission([zard(2)]);
    const [line] = await linesOf(id);
    expect((await gradeLine(db, admin.id, id, { intent: "grade-line", lineId: line!.id, receivedQuantity: 1, receivedCondition: "mp", unitPrice: null, note: "Whitening." })).ok).toBe(true);
    expect((await finishGrading(db, admin.id, id, brand)).ok).toBe(true);
    const [email] = await db.select().from(outbox).where(eq(outbox.dedupeKey, `buylist-graded:${id}`));
    const count = (text: string) => email!.textBody.split(text).length - 1;
    expect(count("Graded Moderately Played, not Near Mint as quoted.")).toBe(1);
    expect(count("1 of 2 cards were not in the parcel.")).toBe(1);
    expect(count("Whitening.")).toBe(1);
    expect(email!.textBody).toContain("· Holo (Moderately Played)");
    // The customer asked for store credit: no "pay you".
    expect(email!.textBody).toContain("We will add the store credit to your account");
    expect(email!.textBody).not.toContain("pay you");
  });

  it("keys the quote email without any part of the secret token", async () => {
    const id = await submit();
    expect((await sendQuote(db, admin.id, id, brand)).ok).toBe(true);
    const [row] = await db.select().from(buylistSubmissions).where(eq(buylistSubmissions.id, id));
    const [email] = (await db.select().from(outbox).where(eq(outbox.kind, "buylist-quote"))).filter((e) => e.dedupeKey?.startsWith(`buylist-quote:${id}:`));
    expect(email!.dedupeKey).toBe(`buylist-quote:${id}:${row!.quoteSentAt!.toISOString()}`);
    const token = row!.quoteToken!;
    for (let at = 0; at + 4 <= token.length; at++) expect(email!.dedupeKey).not.toContain(token.slice(at, at + 4));
    expect(email!.textBody).toContain("· Holo (Near Mint)");
  });
});
