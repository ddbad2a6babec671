// Repricing singles from the market against PostgreSQL: the preview is what apply does; pinned,
// graded, 1st-edition and sealed variants are never touched; a variant held by a pending
// checkout is skipped and counted (also one whose checkout is mid-transaction when apply
// starts); a stale fingerprint is refused; two applies at once: one wins.
import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import {
  auditLog,
  cards,
  categories,
  languages,
  marketPriceGuides,
  orders,
  productVariants,
  products,
  repricingChanges,
  repricingRuns,
  stockReservations,
  users,
} from "~/db/schema";
import { importTcgdexPath } from "~/modules/cards/import.server";
import { importPriceGuideFile } from "~/modules/market/import.server";
import { DEFAULT_PRICING_RULES, type PricingRules } from "~/modules/market/pricing-rules";
import { applyRepricing, previewRepricing, setVariantPinned } from "~/modules/market/repricing.server";
import { loadPricingRules, savePricingRules } from "~/modules/market/rules.server";
import { suggestListingPrices } from "~/modules/market/suggestions.server";
import { createTestDatabase, type TestDatabase } from "../setup/database";

const GUIDE_1 = "tests/fixtures/cardmarket/price_guide_2025-11-03.json";
const GUIDE_2 = "tests/fixtures/cardmarket/price_guide_2025-11-10.json";

let database: TestDatabase;
let db: Db;
let adminId: string;
let categoryId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await importTcgdexPath(db, "tests/fixtures/tcgdex/base1/base1.json");
  await db.update(cards).set({ cardmarketProductId: 273702 }).where(eq(cards.tcgdexId, "base1-58"));
  const [admin] = await db.insert(users).values({ email: `boss-${randomUUID()}@example.test`, passwordHash: "x", role: "admin", emailVerifiedAt: new Date() }).returning();
  adminId = admin!.id;
  const [language] = await db.insert(languages).values({ code: "en", name: "English", slug: "english", flagUrl: "/flags/gb.svg" }).returning();
  const [category] = await db.insert(categories).values({ name: "English Singles", slug: "english-singles", languageId: language!.id }).returning();
  categoryId = category!.id;
});
afterAll(async () => {
  await database?.destroy();
});

type VariantSpec = Partial<typeof productVariants.$inferInsert> & { key: string };

/** The variants of each test: Charizard and Pikachu as singles, plus a sealed box. */
let v: Record<string, number> = {};
let pendingOrderId: number;

async function single(tcgdexId: string, name: string, variants: VariantSpec[]) {
  const [card] = await db.select().from(cards).where(eq(cards.tcgdexId, tcgdexId));
  const [product] = await db
    .insert(products)
    .values({ name, slug: `${tcgdexId}-${randomUUID().slice(0, 6)}`, categoryId, kind: "single", cardId: card!.id })
    .returning();
  for (const { key, ...values } of variants) {
    const [row] = await db.insert(productVariants).values({ productId: product!.id, price: 100, stock: 5, ...values }).returning();
    v[key] = row!.id;
  }
}

beforeEach(async () => {
  await db.delete(repricingRuns);
  await db.delete(stockReservations);
  await db.delete(orders);
  await db.delete(productVariants);
  await db.delete(products);
  await db.delete(marketPriceGuides);
  await db.execute(sql`DELETE FROM pricing_rules`);
  v = {};
  await single("base1-4", "Charizard 4/102 Base Set", [
    { key: "zardNm", condition: "nm", printing: "holo", language: "en", price: 25_000, premiumPrice: 24_000 },
    { key: "zardLp", condition: "lp", printing: "holo", language: "en", price: 20_000 },
    { key: "zardMpPinned", condition: "mp", printing: "holo", language: "en", price: 12_345, pricePinned: true },
    { key: "zardFirstEd", condition: "nm", printing: "first_edition", language: "en", price: 900_000 },
    { key: "zardPsa10", grader: "psa", grade: "10", price: 1_500_000 },
  ]);
  await single("base1-58", "Pikachu 58/102 Base Set", [
    { key: "pikaNm", condition: "nm", printing: "normal", language: "en", price: 300 },
    { key: "pikaRh", condition: "nm", printing: "reverse_holo", language: "en", price: 300 },
    { key: "pikaLpHeld", condition: "lp", printing: "normal", language: "en", price: 300 },
  ]);
  await single("base1-2", "Blastoise 2/102 Base Set", [{ key: "blastoiseNoFigure", condition: "nm", printing: "holo", language: "en", price: 9_999 }]);
  const [box] = await db.insert(products).values({ name: "Base Set Booster Box", slug: `box-${randomUUID().slice(0, 6)}`, categoryId }).returning();
  const [boxVariant] = await db.insert(productVariants).values({ productId: box!.id, price: 50_000, stock: 1 }).returning();
  v.sealed = boxVariant!.id;

  // A pending checkout holding one LP Pikachu.
  const [order] = await db
    .insert(orders)
    .values({
      userId: adminId, subtotalAmount: 300, shippingAmount: 0, totalAmount: 300, normalSubtotalAmount: 300, paymentProvider: "sandbox",
      reservationExpiresAt: new Date(Date.now() + 30 * 60_000), email: "buyer@example.test",
    })
    .returning();
  pendingOrderId = order!.id;
  await hold(v.pikaLpHeld!);
  await importPriceGuideFile(db, GUIDE_1);
});

async function hold(variantId: number, executor: Pick<Db, "insert"> = db) {
  await executor.insert(stockReservations).values({ orderId: pendingOrderId, variantId, quantity: 1, status: "held", expiresAt: new Date(Date.now() + 30 * 60_000) });
}

async function prices(): Promise<Record<string, [number, number | null, boolean]>> {
  const rows = await db.select().from(productVariants).where(inArray(productVariants.id, Object.values(v)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return Object.fromEntries(Object.entries(v).map(([key, id]) => [key, [byId.get(id)!.price, byId.get(id)!.premiumPrice, byId.get(id)!.pricePinned]]));
}

describe("previewRepricing", () => {
  it("lists every change with old and new prices, counts the rest, and writes nothing", async () => {
    const before = await prices();
    const preview = await previewRepricing(db);
    expect(preview.guide).toMatchObject({ fileName: "price_guide_2025-11-03.json", matchedCount: 2 });
    expect(preview.rules).toEqual(DEFAULT_PRICING_RULES);
    expect(preview.counts).toEqual({ variants: 9, changes: 4, held: 1, unchanged: 0, pinned: 1, graded: 1, firstEdition: 1, noFigure: 1, tooHigh: 0 });
    // Trend €318.04 × 0.85 = £270.34 → £270.49 (NM), × 85 % = £229.78 → £229.99 (LP), × 70 % (pinned MP) = £189.24 → £189.49.
    // Pikachu €3.67 → £3.12 → £3.49; reverse holo follows trend-holo €8.12 → £6.91 → £6.99; LP €3.67 × 0.85 × 85 % = £2.65 → £2.99.
    expect(preview.rows.map((r) => [r.productName, r.variantLabel, r.status, r.oldPrice, r.newPrice, r.newPremiumPrice, r.figureCents])).toEqual([
      ["Charizard 4/102 Base Set", "Near Mint · Holo · English", "change", 25_000, 27_049, 24_344, 31_804],
      ["Charizard 4/102 Base Set", "Lightly Played · Holo · English", "change", 20_000, 22_999, 20_699, 31_804],
      ["Charizard 4/102 Base Set", "Moderately Played · Holo · English", "pinned", 12_345, 18_949, 17_054, 31_804],
      ["Pikachu 58/102 Base Set", "Near Mint · Normal · English", "change", 300, 349, 314, 367],
      ["Pikachu 58/102 Base Set", "Near Mint · Reverse Holo · English", "change", 300, 699, 629, 812],
      ["Pikachu 58/102 Base Set", "Lightly Played · Normal · English", "held", 300, 299, 269, 367],
    ]);
    expect(preview.rows[0]).toMatchObject({ variantQuery: "condition=nm&printing=holo&language=en", trend: [{ cents: 31_804 }] });
    expect(preview.rows[4]!.trend).toEqual([{ publishedAt: expect.any(Date), cents: 812 }]);
    expect(preview.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(await prices()).toEqual(before);
  });

  it("pages the list and gives the same fingerprint on every page", async () => {
    const first = await previewRepricing(db, { page: 1, pageSize: 4 });
    const second = await previewRepricing(db, { page: 2, pageSize: 4 });
    expect(first.rows).toHaveLength(4);
    expect(second.rows.map((r) => r.variantId)).toEqual([v.pikaRh, v.pikaLpHeld]);
    expect([first.totalRows, first.totalPages, second.page]).toEqual([6, 2, 2]);
    expect(second.fingerprint).toBe(first.fingerprint);
    expect((await previewRepricing(db, { page: 9, pageSize: 4 })).rows).toEqual([]);
  });

  it("follows the saved rules: figure, rate, conditions, floor, endings and member price", async () => {
    const rules: PricingRules = {
      figure: "avg7",
      eurToGbpMicros: 1_000_000,
      conditionBasisPoints: { nm: 10_000, lp: 5_000, mp: 10_000, hp: 10_000, dmg: 10_000 },
      floorPence: 500,
      endingsPence: [],
      memberDiscountBasisPoints: null,
    };
    await savePricingRules(db, adminId, rules);
    expect((await loadPricingRules(db)).rules).toEqual(rules);
    const preview = await previewRepricing(db);
    const byVariant = new Map(preview.rows.map((r) => [r.variantId, r]));
    expect(byVariant.get(v.zardNm!)).toMatchObject({ newPrice: 30_510, newPremiumPrice: null, figureCents: 30_510 });
    expect(byVariant.get(v.zardLp!)).toMatchObject({ newPrice: 15_255 });
    expect(byVariant.get(v.pikaNm!)).toMatchObject({ newPrice: 500 }); // €3.90 lifted to the £5 floor
    expect(byVariant.get(v.pikaRh!)).toMatchObject({ newPrice: 770 });
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, "pricing.rules_saved"));
    expect(audit).toMatchObject({ actorUserId: adminId, entityType: "pricing_rules", entityId: "1" });
  });

  it("prices from the newest guide by its own date, whatever order guides were imported in", async () => {
    await importPriceGuideFile(db, GUIDE_2);
    const preview = await previewRepricing(db);
    expect(preview.guide?.fileName).toBe("price_guide_2025-11-10.json");
    // Charizard trend €341.27 → £290.08 → £290.49.
    expect(preview.rows.find((r) => r.variantId === v.zardNm)).toMatchObject({ newPrice: 29_049, trend: [{ cents: 31_804 }, { cents: 34_127 }] });
  });

  it("with no guide imported, lists nothing and offers nothing to apply", async () => {
    await db.delete(marketPriceGuides);
    const preview = await previewRepricing(db);
    expect(preview.guide).toBeNull();
    expect(preview.rows).toEqual([]);
    expect(await applyRepricing(db, adminId, preview.fingerprint)).toEqual({ status: "no_guide" });
  });
});

describe("applyRepricing", () => {
  it("does exactly what the preview showed, in one run with its changes and an audit row", async () => {
    const preview = await previewRepricing(db);
    const outcome = await applyRepricing(db, adminId, preview.fingerprint);
    expect(outcome).toMatchObject({ status: "applied", changed: 4, skippedHeld: 1 });

    const after = await prices();
    for (const row of preview.rows.filter((r) => r.status === "change")) {
      expect(after[Object.keys(v).find((k) => v[k] === row.variantId)!]!.slice(0, 2)).toEqual([row.newPrice, row.newPremiumPrice]);
    }
    const [run] = await db.select().from(repricingRuns);
    expect(run).toMatchObject({ appliedBy: adminId, guideId: preview.guide!.id, changedCount: 4, skippedHeldCount: 1, rules: DEFAULT_PRICING_RULES });
    const changes = await db.select().from(repricingChanges).where(eq(repricingChanges.runId, run!.id));
    expect(changes.map((c) => [c.variantId, c.oldPrice, c.newPrice, c.oldPremiumPrice, c.newPremiumPrice]).sort((a, b) => a[0]! - b[0]!)).toEqual(
      preview.rows
        .filter((r) => r.status === "change")
        .map((r) => [r.variantId, r.oldPrice, r.newPrice, r.oldPremiumPrice, r.newPremiumPrice])
        .sort((a, b) => a[0]! - b[0]!),
    );
    const audits = await db.select().from(auditLog).where(and(eq(auditLog.action, "pricing.repriced"), eq(auditLog.entityId, String(run!.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorUserId: adminId, entityType: "repricing_run", details: { changed: 4, skippedHeld: 1, guideId: preview.guide!.id } });

    // Applied once, the plan is done: a second preview has only the held variant left.
    const next = await previewRepricing(db);
    expect(next.counts).toMatchObject({ changes: 0, held: 1, unchanged: 4 });
    expect(await applyRepricing(db, adminId, next.fingerprint)).toEqual({ status: "nothing_to_apply", skippedHeld: 1 });
  });

  it("never touches pinned, graded, 1st-edition, sealed or held variants, nor one without a figure", async () => {
    const before = await prices();
    await applyRepricing(db, adminId, (await previewRepricing(db)).fingerprint);
    const after = await prices();
    for (const key of ["zardMpPinned", "zardFirstEd", "zardPsa10", "sealed", "pikaLpHeld", "blastoiseNoFigure"]) expect(after[key], key).toEqual(before[key]);
    expect(after.zardNm).toEqual([27_049, 24_344, false]);
  });

  it("reprices a held variant once its checkout is over", async () => {
    await applyRepricing(db, adminId, (await previewRepricing(db)).fingerprint);
    await db.update(stockReservations).set({ status: "released", settledAt: new Date() }).where(eq(stockReservations.variantId, v.pikaLpHeld!));
    const preview = await previewRepricing(db);
    expect(preview.counts).toMatchObject({ changes: 1, held: 0 });
    expect(await applyRepricing(db, adminId, preview.fingerprint)).toMatchObject({ status: "applied", changed: 1, skippedHeld: 0 });
    expect((await prices()).pikaLpHeld).toEqual([299, 269, false]);
  });

  it("skips a variant a checkout started holding after the preview, and counts it", async () => {
    const preview = await previewRepricing(db);
    await hold(v.pikaNm!);
    expect(await applyRepricing(db, adminId, preview.fingerprint)).toMatchObject({ status: "applied", changed: 3, skippedHeld: 2 });
    expect((await prices()).pikaNm).toEqual([300, null, false]);
  });

  it("refuses a stale fingerprint: a price edited, rules saved, a pin, or a newer guide since the preview", async () => {
    const stale = async (change: () => Promise<unknown>) => {
      const preview = await previewRepricing(db);
      await change();
      const before = await prices();
      expect(await applyRepricing(db, adminId, preview.fingerprint)).toEqual({ status: "stale" });
      expect(await prices()).toEqual(before);
    };
    await stale(() => db.update(productVariants).set({ price: 301 }).where(eq(productVariants.id, v.pikaNm!)));
    await stale(() => savePricingRules(db, adminId, { ...DEFAULT_PRICING_RULES, floorPence: 26 }));
    await stale(() => setVariantPinned(db, adminId, v.zardNm!, true));
    await stale(() => importPriceGuideFile(db, GUIDE_2));
  }, 60_000);

  it("refuses a fingerprint that was never a preview's", async () => {
    expect(await applyRepricing(db, adminId, "0".repeat(64))).toEqual({ status: "stale" });
    expect(await db.select().from(repricingRuns)).toEqual([]);
  });

  it("lets one of two concurrent applies of the same preview win; the other is refused as stale", async (context) => {
    if (database.kind === "pglite") context.skip("needs concurrent connections");
    const preview = await previewRepricing(db);
    const outcomes = await Promise.all([applyRepricing(db, adminId, preview.fingerprint), applyRepricing(db, adminId, preview.fingerprint)]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(["applied", "stale"]);
    expect(await db.select().from(repricingRuns)).toHaveLength(1);
  });

  it("waits for a checkout that is taking a variant right now, then leaves that variant alone", async (context) => {
    if (database.kind === "pglite") context.skip("needs concurrent connections");
    const preview = await previewRepricing(db);
    let commit!: () => void;
    let locked!: () => void;
    const gate = new Promise<void>((resolve) => (commit = resolve));
    const hasLock = new Promise<void>((resolve) => (locked = resolve));
    // A checkout: takes stock with a guarded update of the variant row, writes its held
    // reservation, and has not committed yet when apply starts.
    const checkout = db.transaction(async (tx) => {
      await tx.update(productVariants).set({ stock: sql`${productVariants.stock} - 1` }).where(eq(productVariants.id, v.pikaRh!));
      await hold(v.pikaRh!, tx);
      locked();
      await gate;
    });
    await hasLock;
    let settled = false;
    const apply = applyRepricing(db, adminId, preview.fingerprint).finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(settled, "apply waits for the checkout's row lock").toBe(false);
    commit();
    await checkout;
    expect(await apply).toMatchObject({ status: "applied", changed: 3, skippedHeld: 2 });
    expect((await prices()).pikaRh).toEqual([300, null, false]);
  });

  it("makes a checkout that starts while apply holds the variants wait, and then see the new price", async (context) => {
    if (database.kind === "pglite") context.skip("needs concurrent connections");
    const preview = await previewRepricing(db);
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    // Someone holds the Blastoise row (created after Charizard's, so a higher id): apply locks
    // Charizard's rows, in id order, then waits there, still inside its transaction.
    let release!: () => void;
    let blocking!: () => void;
    const blocker = db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM product_variants WHERE id = ${v.blastoiseNoFigure!} FOR NO KEY UPDATE`);
      blocking();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await new Promise<void>((resolve) => (blocking = resolve));
    let applied = false;
    const apply = applyRepricing(db, adminId, preview.fingerprint).finally(() => (applied = true));
    await sleep(300);
    // A checkout of Near Mint Charizard now: its guarded stock update waits for apply. (Written
    // out as checkout's statement; createCheckout's re-run on a changed price is tested in
    // checkout.test.ts.)
    let checkedOut = false;
    const checkout = db
      .transaction(async (tx) => {
        const [row] = await tx
          .update(productVariants)
          .set({ stock: sql`${productVariants.stock} - 1` })
          .where(and(eq(productVariants.id, v.zardNm!), sql`${productVariants.stock} >= 1`))
          .returning({ price: productVariants.price, premiumPrice: productVariants.premiumPrice });
        await hold(v.zardNm!, tx);
        return row!;
      })
      .finally(() => (checkedOut = true));
    await sleep(300);
    expect([applied, checkedOut], "apply waits for the blocker; the checkout waits for apply").toEqual([false, false]);
    release();
    await blocker;
    expect(await apply).toMatchObject({ status: "applied", changed: 4, skippedHeld: 1 });
    // The checkout got the row after apply committed: it holds the unit at the new price.
    expect(await checkout).toEqual({ price: 27_049, premiumPrice: 24_344 });
  });
});

describe("pinning", () => {
  it("pins and unpins a single's variant, with an audit row, and refuses a sealed product's", async () => {
    expect(await setVariantPinned(db, adminId, v.zardNm!, true)).toEqual({ status: "done" });
    expect((await prices()).zardNm![2]).toBe(true);
    const preview = await previewRepricing(db);
    expect(preview.rows.find((r) => r.variantId === v.zardNm)?.status).toBe("pinned");
    await applyRepricing(db, adminId, preview.fingerprint);
    expect((await prices()).zardNm).toEqual([25_000, 24_000, true]);

    expect(await setVariantPinned(db, adminId, v.zardNm!, false)).toEqual({ status: "done" });
    expect((await previewRepricing(db)).rows.find((r) => r.variantId === v.zardNm)?.status).toBe("change");
    expect(await setVariantPinned(db, adminId, v.sealed!, true)).toEqual({ status: "not_found" });
    expect(await setVariantPinned(db, adminId, 2_000_000_000, true)).toEqual({ status: "not_found" });
    const audits = await db.select().from(auditLog).where(and(eq(auditLog.entityType, "product_variant"), eq(auditLog.entityId, String(v.zardNm))));
    expect(audits.map((a) => a.action).sort()).toEqual(["pricing.variant_pinned", "pricing.variant_unpinned"]);
  });
});

describe("saving rules", () => {
  it("refuses rules the schema does not allow, saving nothing", async () => {
    await expect(savePricingRules(db, adminId, { ...DEFAULT_PRICING_RULES, eurToGbpMicros: 0.85 })).rejects.toThrow();
    await expect(savePricingRules(db, adminId, { ...DEFAULT_PRICING_RULES, endingsPence: [99, 49] })).rejects.toThrow();
    expect(await loadPricingRules(db)).toMatchObject({ saved: false, rules: DEFAULT_PRICING_RULES });
  });
});

describe("suggestListingPrices (the add-single form's suggestions)", () => {
  it("suggests per condition × printing what repricing would set, none for 1st edition, none without a figure", async () => {
    const suggestions = await suggestListingPrices(db, { cardmarketProductId: 273702, printings: ["normal", "reverse_holo", "first_edition"] });
    // The same prices the preview above shows for Pikachu's NM normal (£3.49), NM reverse holo (£6.99) and LP normal (£2.99).
    expect(suggestions["nm.normal"]).toBe(349);
    expect(suggestions["nm.reverse_holo"]).toBe(699);
    expect(suggestions["lp.normal"]).toBe(299);
    expect(Object.keys(suggestions).filter((key) => key.endsWith("first_edition"))).toEqual([]);
    // Every condition of both printings is suggested, worse conditions for less.
    expect(Object.keys(suggestions)).toHaveLength(10);
    expect(suggestions["dmg.normal"]!).toBeLessThan(suggestions["hp.normal"]!);
    expect(await suggestListingPrices(db, { cardmarketProductId: null, printings: ["normal"] })).toEqual({});
    expect(await suggestListingPrices(db, { cardmarketProductId: 999_999_999, printings: ["normal"] })).toEqual({});
  });

  it("suggests nothing before any price guide is imported", async () => {
    await db.delete(marketPriceGuides);
    expect(await suggestListingPrices(db, { cardmarketProductId: 273702, printings: ["normal"] })).toEqual({});
  });
});
