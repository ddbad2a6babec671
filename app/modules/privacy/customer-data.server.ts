/**
 * A customer's rights over their own data (UK GDPR arts. 15, 17 and 20): a download of
 * everything the shop holds about them, and erasure of their account. Each table's owner does
 * its part; this module only decides the order and the rules between them. Retention of what
 * is kept (orders, without personal details) is documented in docs/personal-data.md.
 */
import type { Db } from "~/db/client.server";
import { accountData, confirmPassword, eraseAccount, erasedEmail } from "~/modules/accounts/erasure.server";
import { tooManyAttemptsMessage } from "~/modules/accounts/messages";
import { ERASURE_ATTEMPTS } from "~/modules/accounts/policy";
import { consumeRateLimit, rateLimitKey } from "~/modules/accounts/rate-limit.server";
import { recordAudit } from "~/modules/audit/audit-log.server";
import { clearCart } from "~/modules/cart/cart.server";
import { allCreditEntries, creditBalance, lockCreditBalance } from "~/modules/credit/ledger.server";
import { formatPence } from "~/utils/money";
import { forgetRecipient } from "~/modules/email/recipient.server";
import { hasRunningSubscription, subscriptionsData } from "~/modules/membership/subscription-summary.server";
import { countOpenOrders, erasePersonalDetailsFromOrders, ordersData } from "~/modules/orders/customer-data.server";
import { applicationsData, deleteApplicationsOf } from "~/modules/wholesale/customer-data.server";
import { countOpenSubmissions, submissionsData } from "~/modules/buylist/customer-data.server";
import { alertsData, deleteAlertsOf } from "~/modules/preorders/alerts.server";


export const ERASURE_MESSAGES = {
  wrongPassword: "That password is not right, so nothing was deleted.",
  openOrders:
    "You have an order we have not sent yet (or one awaiting payment), and we need your address to send it. You can delete your account once it has been dispatched.",
  runningSubscription:
    "Your Pro membership is still running. Please cancel it under Subscription on your account page; you can delete your account once it has ended.",
  openSellLists:
    "You have a sell list we are still handling (we may have your cards, or owe you for them). You can delete your account once it is paid, returned or closed; you can withdraw a list we have not quoted yet from its page.",
  notFound: "Your account could not be found.",
  storeCredit: (balance: string) =>
    `You have ${balance} of store credit, which would be lost. Please spend it (or ask us about it) before deleting your account.`,
} as const;

/** Everything the shop holds about the customer, as one JSON-ready object. */
export async function exportCustomerData(db: Db, userId: string, now = new Date()) {
  const account = await accountData(db, userId);
  if (!account) return null;
  const [orders, subscriptions, wholesaleApplications, balance, credit, sellLists, availabilityAlerts] = await Promise.all([
    ordersData(db, userId),
    subscriptionsData(db, userId),
    // Applications are found by email, and anyone may apply under any address: they are the
    // customer's only once the customer has proved the mailbox.
    account.emailVerified ? applicationsData(db, account.email) : Promise.resolve(null),
    creditBalance(db, userId),
    allCreditEntries(db, userId),
    submissionsData(db, userId),
    alertsData(db, userId),
  ]);
  return {
    exportedAt: now.toISOString(),
    account: { email: account.email, emailVerified: account.emailVerified, role: account.role, createdAt: account.createdAt },
    profile: account.profile,
    orders,
    subscriptions,
    wholesaleApplications: wholesaleApplications ?? [],
    sellLists,
    availabilityAlerts,
    storeCredit: {
      balancePence: balance,
      history: credit.map((e) => ({ at: e.createdAt, kind: e.kind, amountPence: e.amount, balanceAfterPence: e.balanceAfter, orderId: e.orderId, note: e.note })),
    },
    ...(wholesaleApplications === null ? { note: UNVERIFIED_EXPORT_NOTE } : {}),
  };
}

/** Why an unverified customer's download holds no wholesale applications. */
export const UNVERIFIED_EXPORT_NOTE =
  "Wholesale applications are matched by email address, so they are included once you have verified your email address.";

export type ErasureResult = { ok: true } | { ok: false; status: 400 | 404 | 409 | 429; message: string; retryAfterSeconds?: number };

/**
 * Erases the customer's account after a password check. Refused while an order is open (the
 * address is needed to send it), a subscription is still billing or a sell list is under way. One transaction: the
 * account, order details, cart, wholesale applications and kept emails go together.
 */
export async function eraseCustomerAccount(db: Db, userId: string, password: string, now = new Date()): Promise<ErasureResult> {
  const attempt = await consumeRateLimit(db, rateLimitKey("erase:account", userId), ERASURE_ATTEMPTS, now);
  if (!attempt.allowed) {
    return { ok: false, status: 429, message: tooManyAttemptsMessage(attempt.retryAfterSeconds), retryAfterSeconds: attempt.retryAfterSeconds };
  }
  if (!(await confirmPassword(db, userId, password))) return { ok: false, status: 400, message: ERASURE_MESSAGES.wrongPassword };
  try {
    return await db.transaction(async (tx): Promise<ErasureResult> => {
      // The account row is locked first (checkout locks the same row), so a checkout starting
      // meanwhile either finished before and is seen below, or waits and finds an empty cart.
      const account = await eraseAccount(tx, userId, now);
      if (account === null) return { ok: false, status: 404, message: ERASURE_MESSAGES.notFound };
      if ((await countOpenOrders(tx, userId)) > 0) throw new ErasureRefused(ERASURE_MESSAGES.openOrders);
      if (await hasRunningSubscription(tx, userId)) throw new ErasureRefused(ERASURE_MESSAGES.runningSubscription);
      if ((await countOpenSubmissions(tx, userId)) > 0) throw new ErasureRefused(ERASURE_MESSAGES.openSellLists);
      // Credit is money the shop owes the customer: erasing would silently forfeit it. Locked
      // (after the account row, checkout's order too) so a refund or payout to credit cannot
      // commit between this read and the erasure.
      const credit = await lockCreditBalance(tx, userId);
      if (credit > 0) throw new ErasureRefused(ERASURE_MESSAGES.storeCredit(formatPence(credit)));
      const ordersKept = await erasePersonalDetailsFromOrders(tx, userId, erasedEmail(userId), now);
      await clearCart(tx, { userId });
      await deleteAlertsOf(tx, userId);
      // What is found by email is the customer's only if they proved the mailbox: otherwise
      // anyone registering an address could delete what others sent or were sent under it.
      const applications = account.emailVerified ? await deleteApplicationsOf(tx, account.email) : 0;
      const emails = account.emailVerified ? await forgetRecipient(tx, account.email) : 0;
      await recordAudit(tx, {
        actorUserId: userId,
        action: "account.erased",
        entityType: "user",
        entityId: userId,
        details: { ordersKeptWithoutPersonalDetails: ordersKept, wholesaleApplicationsDeleted: applications, emailsDeleted: emails },
        createdAt: now,
      });
      return { ok: true };
    });
  } catch (error) {
    // Thrown to roll the erasure back: nothing of it may stay when it is refused.
    if (error instanceof ErasureRefused) return { ok: false, status: 409, message: error.message };
    throw error;
  }
}

class ErasureRefused extends Error {}
