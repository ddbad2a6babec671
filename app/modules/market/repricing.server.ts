/**
 * Repricing singles from the latest market price guide (issue 13, decision 0030): a preview that
 * lists every change, and an apply step that makes exactly the previewed changes in one
 * transaction or refuses. Prices are computed here in TypeScript by pricing-rules.ts (the rules'
 * one home), then written with one bulk statement, so 100,000 variants reprice in seconds.
 *
 * Never repriced: pinned variants, slabs, 1st editions (pricing-rules.ts says why), sealed
 * products, and any variant a pending checkout holds (stock_reservations status 'held') when
 * the price would be written: a customer in the middle of paying keeps the price they saw.
 *
 * Tables: writes the market's own (repricing_runs, repricing_changes) and, on purpose, the price
 * columns of product_variants (price, premium_price, price_pinned); reads products, cards and
 * stock_reservations to decide (docs/development.md lists these reads and writes).
 */
import { createHash } from "node:crypto";
import { desc, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { marketPriceGuides, repricingRuns } from "~/db/schema";
import { recordAudit } from "~/modules/audit/audit-log.server";
import { compareVariants, variantLabel, variantQuery } from "~/modules/catalog/variants";
import { canonicalRules, pickFigure, priceVariantAt, type MarketFigure, type MarketFigures, type PricingRules } from "./pricing-rules";
import { PREVIEW_PAGE_SIZE, RECENT_GUIDES, type GuideSummary, type PreviewRow, type RepricingCounts, type RepricingPreview } from "./repricing";
import { loadPricingRules } from "./rules.server";
import { intArrayLiteral, selectRows } from "~/db/raw";
import { MARKET_LOCKS } from "./sql.server";

type Executor = Db | Tx;

/** The market_prices columns of each figure: [plain, reverse holo]. */
const FIGURE_COLUMNS: Record<MarketFigure, readonly [string, string]> = {
  trend: ["trend", "trend_holo"],
  avg: ["avg", "avg_holo"],
  low: ["low", "low_holo"],
  avg1: ["avg1", "avg1_holo"],
  avg7: ["avg7", "avg7_holo"],
  avg30: ["avg30", "avg30_holo"],
};

const guideColumns = {
  id: marketPriceGuides.id,
  source: marketPriceGuides.source,
  publishedAt: marketPriceGuides.publishedAt,
  importedAt: marketPriceGuides.importedAt,
  fileName: marketPriceGuides.fileName,
  rowCount: marketPriceGuides.rowCount,
  matchedCount: marketPriceGuides.matchedCount,
};

/** The most recent guides by their own date (the order a later import of an older file does not change). */
export async function listGuides(db: Executor, limit = RECENT_GUIDES): Promise<GuideSummary[]> {
  return db.select(guideColumns).from(marketPriceGuides).orderBy(desc(marketPriceGuides.publishedAt), desc(marketPriceGuides.id)).limit(limit);
}

export async function latestGuide(db: Executor): Promise<GuideSummary | null> {
  return (await listGuides(db, 1))[0] ?? null;
}

const HISTORY_COLUMNS = ["avg", "low", "trend", "avg1", "avg7", "avg30", "avg_holo", "low_holo", "trend_holo", "avg1_holo", "avg7_holo", "avg30_holo"] as const;

/** A card's figures in every kept guide, oldest first: its market price history. */
export async function marketHistory(db: Executor, cardmarketProductId: number): Promise<Array<{ guideId: number; publishedAt: Date } & MarketFigures>> {
  type Row = { guide_id: number; published_at: Date | string } & Record<(typeof HISTORY_COLUMNS)[number], number | null>;
  const rows = await selectRows<Row>(
    db,
    sql`SELECT g.id AS guide_id, g.published_at, ${sql.raw(HISTORY_COLUMNS.map((c) => `mp.${c}`).join(", "))}
        FROM market_prices mp JOIN market_price_guides g ON g.id = mp.guide_id
        WHERE mp.cardmarket_product_id = ${cardmarketProductId}
        ORDER BY g.published_at, g.id`,
  );
  return rows.map((r) => ({
    guideId: r.guide_id,
    publishedAt: new Date(r.published_at),
    avg: r.avg, low: r.low, trend: r.trend, avg1: r.avg1, avg7: r.avg7, avg30: r.avg30,
    avgHolo: r.avg_holo, lowHolo: r.low_holo, trendHolo: r.trend_holo, avg1Holo: r.avg1_holo, avg7Holo: r.avg7_holo, avg30Holo: r.avg30_holo,
  }));
}

/** Cards' figures in the latest guide, by Cardmarket id (absent: no row in that guide, or no guide at all). */
export async function latestFiguresFor(db: Executor, cardmarketProductIds: number[]): Promise<Map<number, MarketFigures>> {
  const found = new Map<number, MarketFigures>();
  const ids = [...new Set(cardmarketProductIds)];
  const guide = ids.length === 0 ? null : await latestGuide(db);
  if (!guide) return found;
  type Row = { cardmarket_product_id: number } & Record<(typeof HISTORY_COLUMNS)[number], number | null>;
  const rows = await selectRows<Row>(
    db,
    sql`SELECT mp.cardmarket_product_id, ${sql.raw(HISTORY_COLUMNS.map((c) => `mp.${c}`).join(", "))}
        FROM market_prices mp
        WHERE mp.guide_id = ${guide.id} AND mp.cardmarket_product_id = ANY(${intArrayLiteral(ids)}::int[])`,
  );
  for (const r of rows) {
    found.set(r.cardmarket_product_id, {
      avg: r.avg, low: r.low, trend: r.trend, avg1: r.avg1, avg7: r.avg7, avg30: r.avg30,
      avgHolo: r.avg_holo, lowHolo: r.low_holo, trendHolo: r.trend_holo, avg1Holo: r.avg1_holo, avg7Holo: r.avg7_holo, avg30Holo: r.avg30_holo,
    });
  }
  return found;
}

// ---- The plan -------------------------------------------------------------------------------

interface PlanRow {
  variantId: number;
  productId: number;
  status: PreviewRow["status"];
  oldPrice: number;
  oldPremiumPrice: number | null;
  newPrice: number;
  newPremiumPrice: number | null;
  figureCents: number;
}

interface Plan {
  guide: GuideSummary | null;
  rules: PricingRules;
  counts: RepricingCounts;
  /** What the preview lists, in the order it lists them (product name, then variant). */
  listed: PlanRow[];
  /** Every price the rules would change (held or not): what the fingerprint covers. */
  changes: PlanRow[];
  fingerprint: string;
}

interface VariantRow {
  id: number;
  product_id: number;
  condition: string | null;
  printing: string | null;
  language: string | null;
  grader: string | null;
  grade: string | null;
  price_pinned: boolean;
  price: number;
  premium_price: number | null;
  held: boolean;
  figure: number | null;
  figure_holo: number | null;
}

/**
 * The plan's fingerprint: the guide, the rules and every change the rules would make (variant,
 * old and new prices). It leaves out which variants are held: a checkout starting or ending
 * between preview and apply changes what apply may touch, not what the owner approved (held
 * variants are skipped at apply time and counted). Anything else that moves a planned price
 * (an edited price, a pin, new rules, a newer guide, another apply) changes it.
 */
function fingerprintOf(guide: GuideSummary | null, rules: PricingRules, changes: PlanRow[]): string {
  const lines = [...changes]
    .sort((a, b) => a.variantId - b.variantId)
    .map((c) => `${c.variantId}:${c.oldPrice}:${c.oldPremiumPrice ?? "-"}:${c.newPrice}:${c.newPremiumPrice ?? "-"}`);
  return createHash("sha256")
    .update(`repricing/1|${guide?.id ?? "none"}|${canonicalRules(rules)}|${lines.join(";")}`)
    .digest("hex");
}

/**
 * Every variant of every single with its card's figure in the latest guide, priced by the rules.
 * One query (the figure columns picked by the rules), then the rules in TypeScript. `listed` is
 * in screen order only when `ordered` (apply needs the changes, not their order on a page).
 */
async function computePlan(db: Executor, options: { ordered: boolean }): Promise<Plan> {
  const [guide, { rules }] = await Promise.all([latestGuide(db), loadPricingRules(db)]);
  const [plain, holo] = FIGURE_COLUMNS[rules.figure];
  const rows = await selectRows<VariantRow>(
    db,
    sql`SELECT v.id, v.product_id, v.condition, v.printing, v.language, v.grader, v.grade, v.price_pinned, v.price, v.premium_price,
               (h.variant_id IS NOT NULL) AS held,
               mp.${sql.raw(plain)} AS figure, mp.${sql.raw(holo)} AS figure_holo
        FROM product_variants v
        JOIN products p ON p.id = v.product_id AND p.kind = 'single'
        JOIN cards c ON c.id = p.card_id
        LEFT JOIN market_prices mp ON mp.guide_id = ${guide?.id ?? -1} AND mp.cardmarket_product_id = c.cardmarket_product_id
        LEFT JOIN (SELECT DISTINCT variant_id FROM stock_reservations WHERE status = 'held') h ON h.variant_id = v.id
        ${options.ordered ? sql`ORDER BY p.name, p.id` : sql``}`,
  );

  const counts: RepricingCounts = { variants: rows.length, changes: 0, held: 0, unchanged: 0, pinned: 0, graded: 0, firstEdition: 0, noFigure: 0, tooHigh: 0 };
  // Listed in product-name order (the query's), each product's variants in the order a customer
  // compares them (compareVariants, their one home).
  const listedWith: Array<{ row: PlanRow; rank: number; variant: VariantRow }> = [];
  const changes: PlanRow[] = [];
  for (const row of rows) {
    const cents = pickFigure(row.figure, row.figure_holo, row.printing);
    const decision = priceVariantAt(rules, { condition: row.condition, printing: row.printing, grader: row.grader, pricePinned: row.price_pinned }, cents);
    if (decision.outcome === "skipped") {
      if (decision.reason === "graded") counts.graded++;
      else if (decision.reason === "first_edition") counts.firstEdition++;
      else if (decision.reason === "too_high") counts.tooHigh++;
      else counts.noFigure++;
      continue;
    }
    const market = decision.outcome === "pinned" ? decision.market : decision;
    if (decision.outcome === "pinned") counts.pinned++;
    if (market === null) continue;
    if (market.price === row.price && market.premiumPrice === row.premium_price) {
      if (decision.outcome === "priced") counts.unchanged++;
      continue;
    }
    const status: PlanRow["status"] = decision.outcome === "pinned" ? "pinned" : row.held ? "held" : "change";
    const planned: PlanRow = {
      variantId: row.id,
      productId: row.product_id,
      status,
      oldPrice: row.price,
      oldPremiumPrice: row.premium_price,
      newPrice: market.price,
      newPremiumPrice: market.premiumPrice,
      figureCents: market.figureCents,
    };
    // Pinned rows are listed only where the market would move them: the pins worth a second look.
    listedWith.push({ row: planned, rank: listedWith.length, variant: row });
    if (status === "change") counts.changes++;
    if (status === "held") counts.held++;
    if (status !== "pinned") changes.push(planned);
  }
  if (!options.ordered) return { guide, rules, counts, listed: listedWith.map((entry) => entry.row), changes, fingerprint: fingerprintOf(guide, rules, changes) };
  const productRank = new Map<number, number>();
  for (const entry of listedWith) if (!productRank.has(entry.row.productId)) productRank.set(entry.row.productId, entry.rank);
  const listed = listedWith
    .sort((a, b) => productRank.get(a.row.productId)! - productRank.get(b.row.productId)! || compareVariants(a.variant, b.variant) || a.row.variantId - b.row.variantId)
    .map((entry) => entry.row);
  return { guide, rules, counts, listed, changes, fingerprint: fingerprintOf(guide, rules, changes) };
}

// ---- Preview --------------------------------------------------------------------------------

/** Names, variant attributes and the recent trend of the rows on one page. */
async function describeRows(db: Executor, rows: PlanRow[], figure: MarketFigure): Promise<PreviewRow[]> {
  if (rows.length === 0) return [];
  const [plain, holo] = FIGURE_COLUMNS[figure];
  const details = await selectRows<{
    id: number; name: string; slug: string; condition: string | null; printing: string | null; language: string | null;
    grader: string | null; grade: string | null; cardmarket_product_id: number | null;
  }>(
    db,
    sql`SELECT v.id, p.name, p.slug, v.condition, v.printing, v.language, v.grader, v.grade, c.cardmarket_product_id
        FROM product_variants v JOIN products p ON p.id = v.product_id JOIN cards c ON c.id = p.card_id
        WHERE v.id = ANY(${intArrayLiteral(rows.map((r) => r.variantId))}::int[])`,
  );
  const byId = new Map(details.map((d) => [d.id, d]));
  const productIds = [...new Set(details.map((d) => d.cardmarket_product_id).filter((id): id is number => id !== null))];
  const history = productIds.length === 0 ? [] : await selectRows<{ cardmarket_product_id: number; published_at: Date | string; figure: number | null; figure_holo: number | null }>(
    db,
    sql`SELECT mp.cardmarket_product_id, g.published_at, mp.${sql.raw(plain)} AS figure, mp.${sql.raw(holo)} AS figure_holo
        FROM (SELECT id, published_at FROM market_price_guides ORDER BY published_at DESC, id DESC LIMIT ${RECENT_GUIDES}) g
        JOIN market_prices mp ON mp.guide_id = g.id
        WHERE mp.cardmarket_product_id = ANY(${intArrayLiteral(productIds)}::int[])
        ORDER BY g.published_at, g.id`,
  );
  return rows.map((row) => {
    const d = byId.get(row.variantId)!;
    const attributes = { condition: d.condition, printing: d.printing, language: d.language, grader: d.grader, grade: d.grade };
    const trend = history
      .filter((h) => h.cardmarket_product_id === d.cardmarket_product_id)
      .map((h) => ({ publishedAt: new Date(h.published_at), cents: d.printing === "reverse_holo" ? h.figure_holo : h.figure }));
    return {
      ...row,
      productName: d.name,
      productSlug: d.slug,
      variantLabel: variantLabel(attributes),
      variantQuery: variantQuery(attributes),
      trend,
    };
  });
}

/**
 * Every change repricing would make now, with counts, one page of rows for the screen, and the
 * plan's fingerprint for apply. Writes nothing.
 */
export async function previewRepricing(db: Db, options: { page?: number; pageSize?: number } = {}): Promise<RepricingPreview> {
  const pageSize = options.pageSize ?? PREVIEW_PAGE_SIZE;
  const page = Math.max(1, Math.floor(options.page ?? 1));
  const plan = await computePlan(db, { ordered: true });
  const slice = plan.listed.slice((page - 1) * pageSize, page * pageSize);
  return {
    guide: plan.guide,
    rules: plan.rules,
    counts: plan.counts,
    rows: await describeRows(db, slice, plan.rules.figure),
    page,
    pageSize,
    totalRows: plan.listed.length,
    totalPages: Math.max(1, Math.ceil(plan.listed.length / pageSize)),
    fingerprint: plan.fingerprint,
  };
}

// ---- Apply ----------------------------------------------------------------------------------

export type ApplyOutcome =
  | { status: "applied"; runId: number; changed: number; skippedHeld: number }
  | { status: "stale" }
  | { status: "nothing_to_apply"; skippedHeld: number }
  | { status: "no_guide" };

/**
 * Applies the previewed plan, if it is still the plan: recomputes it inside one transaction and
 * refuses when its fingerprint differs from the preview's. Held variants are left alone and
 * counted. Writes the new prices with one statement, the run and its changes, and an audit row.
 *
 * Locking, so that a checkout cannot slip between "not held" and the new price:
 *  1. An advisory lock makes applies take turns. A second apply waits here, then recomputes
 *     after the first committed, finds the prices moved, and is refused as stale.
 *  2. Every raw variant of a single is locked (FOR NO KEY UPDATE, in id order: the order
 *     checkout locks variants in, so the two cannot deadlock). Checkout takes stock with a
 *     guarded UPDATE of the variant row before writing its held reservation, in one
 *     transaction: so a checkout already past that point holds the row, and we wait here until
 *     it commits (or rolls back); a checkout arriving after this point waits for us at its
 *     guarded stock update, which then finds the price changed, and the checkout runs again
 *     with the cart read under the lock: the new price (decision 0059).
 *  3. Only then is the plan computed (READ COMMITTED: a new snapshot per statement), so the
 *     held reservations it reads include every checkout that got its units before us, and no
 *     other can get any until we commit. Held variants are skipped; the rest are written.
 * A price set by hand, a pin, or a rules change racing with apply either lands before the plan
 * is read (and changes the fingerprint: refused) or waits for the lock / the row (and then acts
 * on the new prices).
 */
export async function applyRepricing(db: Db, adminId: string, fingerprint: string): Promise<ApplyOutcome> {
  return db.transaction(async (tx): Promise<ApplyOutcome> => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${MARKET_LOCKS.apply})`);
    // (Counted rather than returned: the ids themselves are not needed, only the locks.)
    await tx.execute(sql`
      WITH locked AS (
        SELECT v.id FROM product_variants v JOIN products p ON p.id = v.product_id
        WHERE p.kind = 'single' AND v.grader IS NULL
        ORDER BY v.id
        FOR NO KEY UPDATE OF v
      )
      SELECT count(*) FROM locked`);

    const plan = await computePlan(tx, { ordered: false });
    if (!plan.guide) return { status: "no_guide" };
    if (plan.fingerprint !== fingerprint) return { status: "stale" };
    const toApply = plan.changes.filter((c) => c.status === "change");
    const skippedHeld = plan.changes.length - toApply.length;
    if (toApply.length === 0) return { status: "nothing_to_apply", skippedHeld };

    const [run] = await tx
      .insert(repricingRuns)
      .values({ appliedBy: adminId, guideId: plan.guide.id, rules: plan.rules, changedCount: toApply.length, skippedHeldCount: skippedHeld })
      .returning({ id: repricingRuns.id });
    // One statement: the new prices of every variant, and the run's record of each change.
    await tx.execute(sql`
      WITH planned AS (
        SELECT * FROM unnest(${intArrayLiteral(toApply.map((c) => c.variantId))}::int[],
                             ${intArrayLiteral(toApply.map((c) => c.oldPrice))}::int[], ${intArrayLiteral(toApply.map((c) => c.newPrice))}::int[],
                             ${intArrayLiteral(toApply.map((c) => c.oldPremiumPrice))}::int[], ${intArrayLiteral(toApply.map((c) => c.newPremiumPrice))}::int[])
                      AS u(variant_id, old_price, new_price, old_premium_price, new_premium_price)
      ),
      repriced AS (
        UPDATE product_variants v
        SET price = planned.new_price, premium_price = planned.new_premium_price, updated_at = now()
        FROM planned
        WHERE v.id = planned.variant_id
      )
      INSERT INTO repricing_changes (run_id, variant_id, old_price, new_price, old_premium_price, new_premium_price)
      SELECT ${run!.id}::int, variant_id, old_price, new_price, old_premium_price, new_premium_price FROM planned`);
    await recordAudit(tx, {
      actorUserId: adminId,
      action: "pricing.repriced",
      entityType: "repricing_run",
      entityId: String(run!.id),
      details: { guideId: plan.guide.id, changed: toApply.length, skippedHeld, rules: plan.rules },
    });
    return { status: "applied", runId: run!.id, changed: toApply.length, skippedHeld };
  });
}

// ---- Pins -----------------------------------------------------------------------------------

/**
 * Pins a single's variant to its current price (repricing leaves it alone) or unpins it. Takes
 * the variant's row lock like any price change, so it waits for an apply in progress.
 */
export async function setVariantPinned(db: Db, adminId: string, variantId: number, pinned: boolean): Promise<{ status: "done" | "not_found" }> {
  return db.transaction(async (tx) => {
    const rows = await selectRows<{ id: number }>(
      tx,
      sql`UPDATE product_variants v SET price_pinned = ${pinned}, updated_at = now()
          FROM products p
          WHERE v.id = ${variantId} AND p.id = v.product_id AND p.kind = 'single'
          RETURNING v.id`,
    );
    if (rows.length === 0) return { status: "not_found" as const };
    await recordAudit(tx, {
      actorUserId: adminId,
      action: pinned ? "pricing.variant_pinned" : "pricing.variant_unpinned",
      entityType: "product_variant",
      entityId: String(variantId),
    });
    return { status: "done" as const };
  });
}

/** The runs applied so far, newest first (for the screen's "last applied" line). */
export async function lastRun(db: Executor) {
  const [run] = await db.select().from(repricingRuns).orderBy(desc(repricingRuns.id)).limit(1);
  return run ?? null;
}

