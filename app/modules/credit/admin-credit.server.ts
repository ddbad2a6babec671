/**
 * The back office's store-credit acts on one customer: a grant (goodwill, a price match) or a
 * correction (taking back credit given by mistake), each with a reason the customer sees, one
 * ledger row, and an audit entry. Callers have checked that the user is an admin.
 */
import type { Db } from "~/db/client.server";
import { customerExists } from "~/modules/accounts/customers.server";
import { recordAudit } from "~/modules/audit/audit-log.server";
import { formatPence, isFormattedPence } from "~/utils/money";
import { CREDIT_TEXT, creditDedupeKey, parseCreditAdjustment, type CreditAdjustmentForm, type CreditRefusal } from "./credit-rules";
import { creditBalance, creditHistory, moveCredit } from "./ledger.server";

export type CreditAdjustmentOutcome =
  | { status: "adjusted"; amount: number; balance: number }
  /** The same form came again: nothing more was added. */
  | { status: "replayed"; balance: number }
  | { status: "below_zero"; balance: number }
  /** An admin's own credit: another admin must change it (no one mints credit for themselves). */
  | { status: "self" }
  | { status: "not_found" };

export async function adjustCustomerCredit(
  db: Db,
  input: { userId: string; amount: number; reason: string; requestKey: string; adminId: string },
): Promise<CreditAdjustmentOutcome> {
  if (!(await customerExists(db, input.userId))) return { status: "not_found" };
  if (input.userId === input.adminId) return { status: "self" };
  return db.transaction(async (tx) => {
    const moved = await moveCredit(tx, {
      userId: input.userId,
      amount: input.amount,
      kind: input.amount > 0 ? "grant" : "correction",
      note: input.reason,
      actorUserId: input.adminId,
      // The form's one-time key: a double submit or a replayed post finds its row and adds nothing.
      dedupeKey: creditDedupeKey.adminAdjustment(input.userId, input.requestKey),
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

/**
 * The admin customer page's adjustment post, start to end: parse, adjust, and say what
 * happened — a refusal (with what was typed) or where to redirect (the notice's query).
 */
export async function postCreditAdjustment(
  db: Db,
  userId: string,
  adminId: string,
  values: CreditAdjustmentForm,
): Promise<{ kind: "refused"; status: number; refusal: CreditRefusal } | { kind: "done"; query: string } | { kind: "not_found" }> {
  const refuse = (status: number, field: CreditRefusal["field"], message: string) => ({
    kind: "refused" as const,
    status,
    refusal: { ok: false as const, intent: "adjust-credit" as const, field, message, values },
  });
  const parsed = parseCreditAdjustment(values);
  if (!parsed.ok) return refuse(400, parsed.field, parsed.message);
  const outcome = await adjustCustomerCredit(db, { userId, amount: parsed.amount, reason: parsed.reason, requestKey: parsed.requestKey, adminId });
  switch (outcome.status) {
    case "not_found":
      return { kind: "not_found" };
    case "below_zero":
      return refuse(409, "amount", CREDIT_TEXT.belowZero(formatPence(outcome.balance)));
    case "self":
      return refuse(403, "amount", CREDIT_TEXT.self);
    case "replayed":
      return { kind: "done", query: "done=credit" };
    case "adjusted": {
      const by = `${outcome.amount < 0 ? "−" : "+"}${formatPence(Math.abs(outcome.amount))}`;
      return { kind: "done", query: `done=credit&by=${encodeURIComponent(by)}` };
    }
  }
}

/** The credit section of the admin customer page: balance, latest movements, and the notice after a change. */
export async function customerCreditForAdmin(db: Db, userId: string, query: URLSearchParams) {
  const [balance, history] = await Promise.all([creditBalance(db, userId), creditHistory(db, userId, { limit: 20 })]);
  // Only a signed sum of money is echoed from the URL (anyone can write a link).
  const by = query.get("by");
  const notice = query.get("done") !== "credit" ? null : isFormattedPence(by, { signed: true }) ? CREDIT_TEXT.adjusted(by, formatPence(balance)) : CREDIT_TEXT.replayed(formatPence(balance));
  return { balance, history, notice };
}
