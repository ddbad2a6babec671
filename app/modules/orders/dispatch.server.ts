import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { orders } from "~/db/schema";
import { preorderDispatchHold } from "~/modules/preorders/lines.server";
import { enqueueOrderDispatched, type EmailBranding } from "./emails.server";

/** Royal Mail style references and the like: letters, digits, spaces and dashes. */
const TRACKING_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]{3,38}[A-Za-z0-9]$/;

export type SetTrackingResult =
  | { ok: true; changed: boolean }
  | { ok: false; reason: "not_found" | "not_paid" | "invalid_tracking" | "preorder_held" };

/**
 * Admin side: records the tracking number of a paid order, marks it dispatched and writes the
 * dispatch email in the same transaction. Setting the same number again changes nothing and
 * sends nothing; a corrected number sends one new email.
 */
export async function setTrackingNumber(
  db: Db,
  orderId: number,
  trackingNumber: string,
  brand: EmailBranding = {},
): Promise<SetTrackingResult> {
  const tracking = trackingNumber.trim().toUpperCase();
  if (!TRACKING_PATTERN.test(tracking)) return { ok: false, reason: "invalid_tracking" };
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) return { ok: false, reason: "not_found" } as const;
    if (order.status !== "completed" && order.status !== "dispatched") return { ok: false, reason: "not_paid" } as const;
    if (order.status === "dispatched" && order.trackingNumber === tracking) return { ok: true, changed: false } as const;
    // A line sold on pre-order ships only once released and filled (issue 16, decision 0050).
    if (order.status === "completed" && (await preorderDispatchHold(tx, orderId))) return { ok: false, reason: "preorder_held" } as const;
    await tx
      .update(orders)
      // The first dispatch's moment stays when a number is corrected.
      .set({ status: "dispatched", trackingNumber: tracking, dispatchedAt: sql`coalesce(${orders.dispatchedAt}, now())`, updatedAt: new Date() })
      .where(and(eq(orders.id, orderId), inArray(orders.status, ["completed", "dispatched"])));
    await enqueueOrderDispatched(tx, order, tracking, brand);
    return { ok: true, changed: true } as const;
  });
}
