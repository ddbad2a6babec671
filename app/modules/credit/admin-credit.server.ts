/**
 * The back office's store-credit acts on one customer: a grant (goodwill, a price match) or a
 * correction (taking back credit given by mistake), each with a reason the customer sees, one
 * ledger row, and an audit entry. Callers have checked that the user is an admin.
 */
import type { Db } from "~/db/client.server";
import { recordAudit } from "~/modules/audit/audit-log.server";
import { customerExists } from "~/modules/accounts/customers.server";
import { moveCredit } from "./ledger.server";

export type CreditAdjustmentOutcome =
  | { status: "adjusted"; amount: number; balance: number }
  /** The same form came again: nothing more was added. */
  | { status: "replayed"; balance: number }
  | { status: "below_zero"; balance: number }
  | { status: "not_found" };

export async function adjustCustomerCredit(
  db: Db,
  input: { userId: string; amount: number; reason: string; requestKey: string; adminId: string },
): Promise<CreditAdjustmentOutcome> {
  if (!(await customerExists(db, input.userId))) return { status: "not_found" };
  return db.transaction(async (tx) => {
    const moved = await moveCredit(tx, {
      userId: input.userId,
      amount: input.amount,
      kind: input.amount > 0 ? "grant" : "correction",
      note: input.reason,
      actorUserId: input.adminId,
      // The form's one-time key: a double submit or a replayed post finds its row and adds nothing.
      dedupeKey: `admin-credit:${input.requestKey}`,
    });
    if (!moved.ok) return moved.reason === "duplicate" ? { status: "replayed", balance: moved.balance } : { status: "below_zero", balance: moved.balance };
    await recordAudit(tx, {
      actorUserId: input.adminId,
      action: input.amount > 0 ? "credit.granted" : "credit.corrected",
      entityType: "user",
      entityId: input.userId,
      details: { amount: input.amount, reason: input.reason, before: { balance: moved.balance - input.amount }, after: { balance: moved.balance } },
    });
    return { status: "adjusted", amount: input.amount, balance: moved.balance };
  });
}
