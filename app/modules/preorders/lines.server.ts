import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { rowsOf } from "~/db/raw";
import { orderItems, orders, preorderRefunds, preorders } from "~/db/schema";
import { fillLines, type LineFill } from "./rules";
import type { PreorderLine } from "./views";

export type { PreorderLine };

type Executor = Db | Tx;

export type PreorderRow = typeof preorders.$inferSelect;

/**
 * Every order line of the variant placed while it was on pre-order (from the pre-order's start
 * until its release), any status, paid ones first in the order they were paid. Reads `orders` and
 * `order_items` (a reporting read, listed in docs/development.md).
 */
export async function preorderLines(db: Executor, pre: Pick<PreorderRow, "variantId" | "createdAt" | "releasedAt">): Promise<PreorderLine[]> {
  const result = await db.execute(sql`
    SELECT oi.id AS order_item_id, oi.order_id, o.user_id, oi.quantity, oi.unit_price,
           coalesce(r.units, 0)::int AS refunded_units, o.status, o.paid_at, o.email, o.shipping_name,
           o.total_amount, o.refunded_amount,
           (SELECT count(*)::int FROM ${orderItems} x WHERE x.order_id = o.id) AS line_count
      FROM ${orderItems} oi
      JOIN ${orders} o ON o.id = oi.order_id
      LEFT JOIN ${preorderRefunds} r ON r.order_item_id = oi.id
     WHERE oi.variant_id = ${pre.variantId}
       AND o.created_at >= ${pre.createdAt.toISOString()}::timestamptz
       AND (${pre.releasedAt?.toISOString() ?? null}::timestamptz IS NULL OR o.created_at < ${pre.releasedAt?.toISOString() ?? null}::timestamptz)
     ORDER BY o.paid_at NULLS LAST, o.id, oi.id`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    orderItemId: Number(r.order_item_id),
    orderId: Number(r.order_id),
    userId: String(r.user_id),
    quantity: Number(r.quantity),
    unitPrice: Number(r.unit_price),
    refundedUnits: Number(r.refunded_units),
    orderStatus: String(r.status),
    paidAt: r.paid_at ? new Date(r.paid_at as string) : null,
    email: String(r.email),
    shippingName: (r.shipping_name as string | null) ?? null,
    orderTotal: Number(r.total_amount),
    orderRefunded: Number(r.refunded_amount),
    orderLineCount: Number(r.line_count),
  }));
}

/** Paid and not given back: the orders whose pre-order units the shop owes. */
export function isPaidLine(line: PreorderLine): boolean {
  return (line.orderStatus === "completed" || line.orderStatus === "dispatched") && line.paidAt !== null;
}

/** The fills of the variant's paid pre-order lines by what has been delivered. */
export function fillsOf(lines: PreorderLine[], delivered: number): Map<number, LineFill> {
  const fills = fillLines(lines.filter(isPaidLine), delivered);
  return new Map(fills.map((f) => [f.orderItemId, f]));
}

/**
 * Why order `orderId` may not be dispatched yet, or null: one of its lines was sold on a
 * pre-order that is not released, or released but not (fully) filled by the deliveries so far.
 * Called by the dispatch step (modules/orders/dispatch.server.ts) under its order lock.
 */
export async function preorderDispatchHold(db: Executor, orderId: number): Promise<"not_released" | "not_filled" | null> {
  const rows = await db
    .select({ pre: preorders, createdAt: orders.createdAt })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(preorders, eq(preorders.variantId, orderItems.variantId))
    .where(
      and(
        eq(orderItems.orderId, orderId),
        sql`${orders.createdAt} >= ${preorders.createdAt}`,
        sql`(${preorders.releasedAt} IS NULL OR ${orders.createdAt} < ${preorders.releasedAt})`,
      ),
    );
  for (const { pre } of rows) {
    if (!pre.releasedAt) return "not_released";
    const lines = await preorderLines(db, pre);
    const fills = fillsOf(lines, pre.delivered);
    for (const line of lines) {
      if (line.orderId !== orderId) continue;
      const fill = fills.get(line.orderItemId);
      if (fill && fill.short > 0) return "not_filled";
    }
  }
  return null;
}
