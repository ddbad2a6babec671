import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { orders } from "~/db/schema";

/** Whether any order was made with this payment session (success page, signed-out visitor). */
export async function orderExistsForSession(db: Db, sessionId: string): Promise<boolean> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.paymentSessionId, sessionId)).limit(1);
  return Boolean(row);
}

/** The order behind a payment session, only if it belongs to this user (success page). */
export async function findUserOrderBySession(db: Db, userId: string, sessionId: string) {
  const [row] = await db
    .select({ id: orders.id, status: orders.status, userId: orders.userId, totalAmount: orders.totalAmount, creditAmount: orders.creditAmount, email: orders.email })
    .from(orders)
    .where(and(eq(orders.paymentSessionId, sessionId), eq(orders.userId, userId)));
  return row ?? null;
}
