/**
 * How often a coupon code has been redeemed: orders carrying it in a counted status (awaiting
 * payment, paid, dispatched; the purchase limit's list). A pending order holds its redemption;
 * a failed, expired or refunded one frees it. The rule on these numbers is pricing's
 * (`couponRedemptionProblem`); checkout asks inside its transaction (decision 0018).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { orders } from "~/db/schema";
import { LIMIT_COUNTED_ORDER_STATUSES } from "./purchase-limit";

export async function couponRedemptions(db: Db | Tx, code: string, userId: string): Promise<{ total: number; byCustomer: number }> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      byCustomer: sql<number>`count(*) FILTER (WHERE ${orders.userId} = ${userId})::int`,
    })
    .from(orders)
    .where(and(eq(orders.couponCode, code), inArray(orders.status, [...LIMIT_COUNTED_ORDER_STATUSES])));
  return { total: Number(row?.total ?? 0), byCustomer: Number(row?.byCustomer ?? 0) };
}
