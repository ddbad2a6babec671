import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { preorderRefunds, preorders, productVariants, products, stockReservations } from "~/db/schema";
import { recordAudit } from "~/modules/audit/audit-log.server";
import { adjustStock, lockVariants, setStock } from "~/modules/catalog/inventory.server";
import { variantLabel, type VariantAttributes } from "~/modules/catalog/variants";
import { refundOrder } from "~/modules/orders/admin-order.server";
import type { PaymentProvider } from "~/modules/payments/provider";
import { enqueueShortRefundEmail, enqueueWaitingEmail, type PreorderEmailBranding } from "./emails.server";
import { fillsOf, isPaidLine, preorderLines, type PreorderLine } from "./lines.server";
import type { PreorderDetail, PreorderFigures, ProductPreorderView } from "./views";
import { hasWaitingAlert } from "./alerts.server";
import { PREORDER_TEXT, allocationChange, stockAfterDelivery, type ShortfallChoice } from "./rules";

type Executor = Db | Tx;

export type PreorderRefusal = { ok: false; status: 400 | 404 | 409 | 502; message: string };
export type PreorderResult<T = object> = ({ ok: true } & T) | PreorderRefusal;

const refuse = (status: PreorderRefusal["status"], message: string): PreorderRefusal => ({ ok: false, status, message });

const variantColumns = {
  id: productVariants.id,
  productId: productVariants.productId,
  stock: productVariants.stock,
  condition: productVariants.condition,
  printing: productVariants.printing,
  language: productVariants.language,
  grader: productVariants.grader,
  grade: productVariants.grade,
  productName: products.name,
  productSlug: products.slug,
  releaseDate: products.releaseDate,
};

function labelOf(v: VariantAttributes & { productName: string }) {
  const label = variantLabel(v);
  return label ? `${v.productName} (${label})` : v.productName;
}

async function lockPreorder(tx: Tx, variantId: number) {
  // Lock order: the variant row (as every stock change takes it) before its pre-order row.
  await lockVariants(tx, [variantId]);
  const [pre] = await tx.select().from(preorders).where(eq(preorders.variantId, variantId)).for("update");
  return pre ?? null;
}

/**
 * Puts a variant on pre-order with `allocation` units to sell: its stock becomes the allocation
 * (what checkout takes from, guarded as ever). The product needs a release date (the "ships" day).
 */
export async function openPreorder(db: Db, input: { variantId: number; allocation: number; adminId: string }): Promise<PreorderResult> {
  return db.transaction(async (tx) => {
    const [variant] = await tx.select(variantColumns).from(productVariants).innerJoin(products, eq(products.id, productVariants.productId)).where(eq(productVariants.id, input.variantId));
    if (!variant) return refuse(404, PREORDER_TEXT.noVariant);
    if (!variant.releaseDate) return refuse(409, PREORDER_TEXT.noReleaseDate);
    const existing = await lockPreorder(tx, input.variantId);
    if (existing) return refuse(409, PREORDER_TEXT.alreadyOpen);
    await tx.insert(preorders).values({ variantId: input.variantId, allocation: input.allocation });
    await setStock(tx, input.variantId, input.allocation, { reason: "adjustment", actorId: input.adminId, note: "pre-order allocation" });
    await recordAudit(tx, { actorUserId: input.adminId, action: "preorder.opened", entityType: "variant", entityId: String(input.variantId), details: { allocation: input.allocation, stockBefore: variant.stock } });
    return { ok: true };
  });
}

/** A new allocation before any delivery: the units left to sell move with it, never below what is sold or held. */
export async function setAllocation(db: Db, input: { variantId: number; allocation: number; adminId: string }): Promise<PreorderResult> {
  return db.transaction(async (tx) => {
    const pre = await lockPreorder(tx, input.variantId);
    if (!pre) return refuse(404, PREORDER_TEXT.notFound);
    if (pre.releasedAt || pre.deliveredAt) return refuse(409, PREORDER_TEXT.notOpen);
    const [variant] = await tx.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, input.variantId));
    const change = allocationChange({ allocation: pre.allocation, stock: variant!.stock }, input.allocation);
    if (!change.ok) return refuse(409, PREORDER_TEXT.allocationBelowCommitted(change.committed));
    if (change.stockDelta !== 0) {
      const after = await adjustStock(tx, input.variantId, change.stockDelta, { reason: "adjustment", actorId: input.adminId, note: "pre-order allocation" });
      if (after === null) return refuse(409, PREORDER_TEXT.allocationBelowCommitted(pre.allocation - variant!.stock));
    }
    await tx.update(preorders).set({ allocation: input.allocation, updatedAt: new Date() }).where(eq(preorders.variantId, input.variantId));
    await recordAudit(tx, { actorUserId: input.adminId, action: "preorder.allocation", entityType: "variant", entityId: String(input.variantId), details: { before: pre.allocation, after: input.allocation } });
    return { ok: true };
  });
}

async function heldUnits(tx: Executor, variantId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${stockReservations.quantity}), 0)::int` })
    .from(stockReservations)
    .where(and(eq(stockReservations.variantId, variantId), eq(stockReservations.status, "held")));
  return Number(row?.n ?? 0);
}

/**
 * A delivery of `units` arrived. The first one replaces the unsold allocation: the variant then
 * sells only what arrived beyond every promised unit (none when short). A later one fills waiting
 * lines first and puts the rest on sale. While the delivery is short and checkouts still hold
 * units, it is refused: an expiring hold would put back units that never arrived.
 */
export async function recordDelivery(db: Db, input: { variantId: number; units: number; adminId: string }): Promise<PreorderResult<{ short: number }>> {
  return db.transaction(async (tx) => {
    const pre = await lockPreorder(tx, input.variantId);
    if (!pre) return refuse(404, PREORDER_TEXT.notFound);
    const lines = await preorderLines(tx, pre);
    const before = [...fillsOf(lines, pre.delivered).values()];
    const owed = before.reduce((s, f) => s + f.owed, 0);
    const delivered = pre.delivered + input.units;
    const held = pre.releasedAt ? 0 : await heldUnits(tx, input.variantId);
    const movement = { reason: "adjustment" as const, actorId: input.adminId, note: `pre-order delivery of ${input.units}` };
    if (pre.deliveredAt === null) {
      if (held > 0 && delivered < owed + held) return refuse(409, PREORDER_TEXT.heldWhileShort(held));
      await setStock(tx, input.variantId, stockAfterDelivery(delivered, owed, held), movement);
    } else {
      const shortBefore = before.reduce((s, f) => s + f.short, 0);
      const extra = input.units - shortBefore;
      if (extra > 0) await adjustStock(tx, input.variantId, extra, movement);
    }
    await tx.update(preorders).set({ delivered, deliveredAt: new Date(), updatedAt: new Date() }).where(eq(preorders.variantId, input.variantId));
    const short = [...fillsOf(lines, delivered).values()].reduce((s, f) => s + f.short, 0);
    await recordAudit(tx, { actorUserId: input.adminId, action: "preorder.delivery", entityType: "variant", entityId: String(input.variantId), details: { units: input.units, delivered, owed, short } });
    return { ok: true, short };
  });
}

/**
 * The paid pre-orders the deliveries do not cover: refunded (each short line through the order
 * refund path, card first, with the provider's idempotency; the whole order when nothing of it
 * will ship) or kept waiting; either way each customer is emailed. Lines are handled in paid order;
 * a provider failure stops the run (what was refunded stays refunded, a retry carries on).
 */
export async function settleShortfall(
  db: Db,
  provider: PaymentProvider,
  input: { variantId: number; choice: ShortfallChoice; adminId: string },
  brand: PreorderEmailBranding = {},
): Promise<PreorderResult<{ count: number }>> {
  const [pre] = await db.select().from(preorders).where(eq(preorders.variantId, input.variantId));
  if (!pre) return refuse(404, PREORDER_TEXT.notFound);
  if (!pre.deliveredAt) return refuse(409, PREORDER_TEXT.noDelivery);
  const [variant] = await db.select(variantColumns).from(productVariants).innerJoin(products, eq(products.id, productVariants.productId)).where(eq(productVariants.id, input.variantId));
  const productName = labelOf(variant!);
  const lines = await preorderLines(db, pre);
  const fills = fillsOf(lines, pre.delivered);
  const short = lines.filter((l) => isPaidLine(l) && (fills.get(l.orderItemId)?.short ?? 0) > 0);
  if (short.length === 0) return refuse(409, PREORDER_TEXT.nothingShort);

  for (const line of short) {
    const fill = fills.get(line.orderItemId)!;
    if (input.choice === "wait") {
      await db.transaction(async (tx) => {
        await enqueueWaitingEmail(tx, { ...line, productName, units: fill.short, delivered: pre.delivered }, brand);
      });
      continue;
    }
    const refunded = await refundShortLine(db, provider, line, fill.short, fill.filled, input.adminId, brand, productName);
    if (!refunded) return refuse(502, PREORDER_TEXT.refundFailed(line.orderId));
  }
  await db.transaction(async (tx) => {
    await tx.update(preorders).set({ shortfallSettledFor: pre.delivered, updatedAt: new Date() }).where(eq(preorders.variantId, input.variantId));
    await recordAudit(tx, {
      actorUserId: input.adminId,
      action: input.choice === "refund" ? "preorder.short_refunded" : "preorder.short_waiting",
      entityType: "variant",
      entityId: String(input.variantId),
      details: { delivered: pre.delivered, lines: short.map((l) => ({ orderId: l.orderId, orderItemId: l.orderItemId, short: fills.get(l.orderItemId)!.short })) },
    });
  });
  return { ok: true, count: short.length };
}

async function refundShortLine(db: Db, provider: PaymentProvider, line: PreorderLine, units: number, filled: number, adminId: string, brand: PreorderEmailBranding, productName: string): Promise<boolean> {
  // Nothing of a one-line order will ship: it all goes back, shipping included.
  const whole = line.orderLineCount === 1 && filled === 0;
  const remaining = line.orderTotal - line.orderRefunded;
  const amount = Math.min(units * line.unitPrice, remaining);
  if (!whole && amount <= 0) return true;
  const outcome = await refundOrder(
    db,
    provider,
    {
      orderId: line.orderId,
      mode: whole ? "full" : "amount",
      amount: whole ? undefined : amount,
      // One key per line: a retry after a failure or a double submit is known as a replay.
      requestKey: `preorder-short:${line.orderItemId}`,
      adminId,
      reason: "preorder_short",
    },
    brand,
  );
  if (outcome.status !== "refunded" && outcome.status !== "replayed" && !(outcome.status === "refused" && outcome.reason === "nothing_left")) return false;
  const paid = outcome.status === "refunded" ? outcome.amount : outcome.status === "replayed" ? outcome.amount : 0;
  await db.transaction(async (tx) => {
    await tx.insert(preorderRefunds).values({ orderItemId: line.orderItemId, orderId: line.orderId, units, amount: paid }).onConflictDoNothing();
    await enqueueShortRefundEmail(tx, { ...line, productName, units, amount: paid }, brand);
  });
  return true;
}

/**
 * Lets the pre-orders go out: filled lines may be dispatched and the variant sells as stock. Needs
 * a delivery, and any short lines settled (refunded or told they wait) for the delivered total.
 */
export async function releasePreorder(db: Db, input: { variantId: number; adminId: string }): Promise<PreorderResult> {
  return db.transaction(async (tx) => {
    const pre = await lockPreorder(tx, input.variantId);
    if (!pre) return refuse(404, PREORDER_TEXT.notFound);
    if (pre.releasedAt) return refuse(409, PREORDER_TEXT.notOpen);
    if (!pre.deliveredAt) return refuse(409, PREORDER_TEXT.noDelivery);
    const lines = await preorderLines(tx, pre);
    const short = [...fillsOf(lines, pre.delivered).values()].some((f) => f.short > 0);
    if (short && pre.shortfallSettledFor !== pre.delivered) return refuse(409, PREORDER_TEXT.stillShort);
    await tx.update(preorders).set({ releasedAt: new Date(), updatedAt: new Date() }).where(eq(preorders.variantId, input.variantId));
    await recordAudit(tx, { actorUserId: input.adminId, action: "preorder.released", entityType: "variant", entityId: String(input.variantId), details: { delivered: pre.delivered } });
    return { ok: true };
  });
}

// ---------------------------------------------------------------------------------------------
// What the back office and the shop read

function figuresOf(pre: typeof preorders.$inferSelect, variant: { productId: number; productSlug: string; stock: number; releaseDate: string | null } & VariantAttributes & { productName: string }, lines: PreorderLine[]): PreorderFigures {
  const live = lines.filter((l) => l.orderStatus === "pending" || isPaidLine(l));
  const fills = [...fillsOf(lines, pre.delivered).values()];
  return {
    variantId: pre.variantId,
    productId: variant.productId,
    productSlug: variant.productSlug,
    name: labelOf(variant),
    releaseDate: variant.releaseDate,
    allocation: pre.allocation,
    stock: variant.stock,
    ordered: live.reduce((s, l) => s + l.quantity, 0),
    paid: lines.filter(isPaidLine).reduce((s, l) => s + l.quantity, 0),
    delivered: pre.delivered,
    deliveredAt: pre.deliveredAt,
    filled: fills.reduce((s, f) => s + f.filled, 0),
    short: pre.deliveredAt ? fills.reduce((s, f) => s + f.short, 0) : 0,
    refundedUnits: lines.reduce((s, l) => s + l.refundedUnits, 0),
    releasedAt: pre.releasedAt,
    shortfallSettled: pre.shortfallSettledFor === pre.delivered,
  };
}

/** Every pre-order, open ones first (by release date), then released ones, newest first. */
export async function listPreorders(db: Db, limit = 200): Promise<PreorderFigures[]> {
  const rows = await db
    .select({ pre: preorders, v: variantColumns })
    .from(preorders)
    .innerJoin(productVariants, eq(productVariants.id, preorders.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .orderBy(sql`${preorders.releasedAt} IS NOT NULL`, asc(products.releaseDate), desc(preorders.releasedAt), asc(preorders.variantId))
    .limit(limit);
  return Promise.all(rows.map(async ({ pre, v }) => figuresOf(pre, v, await preorderLines(db, pre))));
}

export async function preorderDetail(db: Db, variantId: number): Promise<PreorderDetail | null> {
  const [row] = await db
    .select({ pre: preorders, v: variantColumns })
    .from(preorders)
    .innerJoin(productVariants, eq(productVariants.id, preorders.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(preorders.variantId, variantId));
  if (!row) return null;
  const lines = await preorderLines(db, row.pre);
  const fills = fillsOf(lines, row.pre.delivered);
  return {
    ...figuresOf(row.pre, row.v, lines),
    lines: lines.map((l) => ({ ...l, filled: fills.get(l.orderItemId)?.filled ?? 0, short: row.pre.deliveredAt ? (fills.get(l.orderItemId)?.short ?? 0) : 0 })),
  };
}

/** Variants that may go on pre-order: their product has a release date today or later, and they are not on one yet. */
export async function preorderCandidates(db: Db, limit = 200): Promise<{ variantId: number; name: string; releaseDate: string }[]> {
  const rows = await db
    .select(variantColumns)
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(preorders, eq(preorders.variantId, productVariants.id))
    .where(and(isNull(preorders.variantId), sql`${products.releaseDate} >= (now() AT TIME ZONE 'Europe/London')::date`))
    .orderBy(asc(products.releaseDate), asc(products.name), asc(productVariants.id))
    .limit(limit);
  return rows.map((v) => ({ variantId: v.id, name: labelOf(v), releaseDate: v.releaseDate! }));
}

/** The product page's pre-order facts: which of its variants are on pre-order (not released). */
export async function openPreorderVariantIds(db: Db, productId: number): Promise<number[]> {
  const rows = await db
    .select({ id: preorders.variantId })
    .from(preorders)
    .innerJoin(productVariants, eq(productVariants.id, preorders.variantId))
    .where(and(eq(productVariants.productId, productId), isNull(preorders.releasedAt)));
  return rows.map((r) => r.id);
}

/**
 * The product page's pre-order and alert facts, for the signed-in customer (or a guest: null).
 * `knownReleaseDate`: the product's release date when the caller read it with the product (the
 * product page does), which spares a statement per page view (decision 0054); else read here.
 */
export async function productPreorderView(
  db: Db,
  productId: number,
  user: { id: string; emailVerified: boolean } | null,
  knownReleaseDate?: string | null,
): Promise<ProductPreorderView> {
  const [preorderVariantIds, releaseDate, alertWaiting] = await Promise.all([
    openPreorderVariantIds(db, productId),
    knownReleaseDate !== undefined
      ? knownReleaseDate
      : db.select({ releaseDate: products.releaseDate }).from(products).where(eq(products.id, productId)).then(([product]) => product?.releaseDate ?? null),
    user ? hasWaitingAlert(db, user.id, productId) : Promise.resolve(null),
  ]);
  return { preorderVariantIds, releaseDate, alertWaiting, emailVerified: user?.emailVerified ?? false };
}
