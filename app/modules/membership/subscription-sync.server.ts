import { and, desc, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { LIVE_SUBSCRIPTION_STATUSES, ONE_LIVE_SUBSCRIPTION_INDEX, subscriptions } from "~/db/schema";
import { customerEmail, customerExists } from "~/modules/accounts/customers.server";
import { NothingToRefundError, type PaymentProvider, type SubscriptionInfo } from "~/modules/payments/provider";
import { hasRefund, recordRefund } from "~/modules/payments/refunds.server";
import { loggableMessage, processLog } from "~/utils/log.server";
import { enqueueDuplicateMembershipRefunded } from "./emails.server";
import { isPlanType, type ProPlanType } from "./plans";
import { refreshPremiumStatus } from "./premium.server";

export type SubscriptionStatus = (typeof subscriptions.$inferSelect)["status"];

/**
 * Our status for the provider's. Anything that is not paid-up counts as not premium; an
 * ended subscription (`canceled`, or never paid: `incomplete_expired`) is `expired`, the one
 * state nothing comes back from (Stripe never reopens a cancelled subscription).
 */
export function statusFromProvider(status: string): "active" | "past_due" | "incomplete" | "expired" {
  switch (status) {
    case "active":
    case "trialing":
      return "active";
    case "past_due":
    case "unpaid":
    case "paused":
      return "past_due";
    case "canceled":
    case "incomplete_expired":
      return "expired";
    default:
      return "incomplete";
  }
}

/** What the event (or the success page) knows that the subscription itself may not say. */
export interface SyncHints {
  /** From our own session metadata / client_reference_id: whose membership this is. */
  userId?: string | null;
  /** The checkout session that started it (the spec's stripe_session_id). */
  paymentSessionId?: string | null;
  planType?: string | null;
  /** Pence actually charged for the first period. */
  amount?: number | null;
  customerId?: string | null;
}

export type SyncResult =
  | {
      status: "applied";
      userId: string;
      subscriptionStatus: string;
      premium: boolean;
      /** A second live membership for this customer: ended at the provider and refunded instead. */
      duplicate?: boolean;
    }
  /** The provider does not know this subscription (nothing to apply). */
  | { status: "unknown_subscription" }
  /** Neither our row, nor the session, nor the subscription's metadata names a customer of ours. */
  | { status: "no_owner" };


async function existingOwner(db: Db, providerSubscriptionId: string) {
  const [row] = await db
    .select({
      userId: subscriptions.userId,
      planType: subscriptions.planType,
      amount: subscriptions.amount,
      paymentSessionId: subscriptions.paymentSessionId,
      endedReason: subscriptions.endedReason,
    })
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId));
  return row ?? null;
}

/**
 * Makes our copy of one subscription match the provider's state, as the provider reports it
 * NOW (not as an event described it earlier): events that arrive late, twice or out of order
 * all lead to the same row. One guarded upsert keeps the rules that hold whatever the order:
 *   - `current_period_end` (and the "Pro until" end date) never moves backwards;
 *   - an expired subscription stays expired;
 *   - the owner and the session that started it, once stored, never change.
 * Then the profile's premium cache follows `isPremium`.
 */
export interface SyncOptions {
  /** For the email a refunded second membership sends (the demo name when absent). */
  shopName?: string;
}

export async function syncSubscription(
  db: Db,
  provider: PaymentProvider,
  providerSubscriptionId: string,
  hints: SyncHints = {},
  now = new Date(),
  options: SyncOptions = {},
): Promise<SyncResult> {
  const info = await provider.retrieveSubscription(providerSubscriptionId);
  if (!info) {
    processLog().warn({ provider: provider.name, subscriptionId: providerSubscriptionId }, "membership: the provider does not know this subscription; nothing applied");
    return { status: "unknown_subscription" };
  }
  const existing = await existingOwner(db, info.id);
  const candidates = existing ? [existing.userId] : [hints.userId, info.metadata.userId].filter((v): v is string => Boolean(v));
  let userId: string | null = null;
  for (const candidate of candidates) {
    if (await customerExists(db, candidate)) {
      userId = candidate;
      break;
    }
  }
  if (!userId) {
    processLog().warn({ subscriptionId: info.id }, "membership: the subscription names no customer of this shop; nothing applied");
    return { status: "no_owner" };
  }
  const stored =
    existing?.endedReason === "duplicate"
      ? "duplicate"
      : await storeSubscription(db, provider, info, userId, hints, existing, now, options);
  if (stored === "duplicate") await endDuplicate(db, provider, info, userId);
  const premium = await refreshPremiumStatus(db, userId, now);
  const [row] = await db
    .select({ status: subscriptions.status })
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, info.id));
  return { status: "applied", userId, subscriptionStatus: row?.status ?? "unknown", premium, ...(stored === "duplicate" ? { duplicate: true } : {}) };
}

/** Whether an error is PostgreSQL refusing a second live membership (the unique partial index). */
function isSecondLiveMembership(error: unknown): boolean {
  for (let e = error as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === "23505" && (e.constraint === ONE_LIVE_SUBSCRIPTION_INDEX || e.message?.includes(ONE_LIVE_SUBSCRIPTION_INDEX))) return true;
  }
  return false;
}

type Existing = Awaited<ReturnType<typeof existingOwner>>;

/**
 * Stores the subscription; "duplicate" when it would be the customer's second live membership
 * (two sign-ups paid at once, or a second one paid after the first made them Pro). The unique
 * index `subscriptions_one_live_per_user` decides, so a race cannot get past it. Before calling
 * it a duplicate, the live one is read back from the provider once: our copy may be stale (a
 * period over, its "ended" event still on its way).
 */
async function storeSubscription(
  db: Db,
  provider: PaymentProvider,
  info: SubscriptionInfo,
  userId: string,
  hints: SyncHints,
  existing: Existing,
  now: Date,
  options: SyncOptions,
): Promise<"stored" | "duplicate"> {
  // Each try in its own savepoint: a refused statement must not abort the caller's transaction.
  const attempt = () =>
    db
      .transaction((tx) => upsertSubscription(tx, provider.name, info, userId, hints, existing, now))
      .then(() => "stored" as const)
      .catch((error: unknown) => {
        if (isSecondLiveMembership(error)) return "refused" as const;
        throw error;
      });
  if ((await attempt()) === "stored") return "stored";

  const others = await db
    .select({ providerSubscriptionId: subscriptions.providerSubscriptionId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        inArray(subscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES]),
        ne(subscriptions.providerSubscriptionId, info.id),
      ),
    );
  for (const other of others) {
    const current = other.providerSubscriptionId ? await provider.retrieveSubscription(other.providerSubscriptionId) : null;
    if (current) await upsertSubscription(db, provider.name, current, userId, {}, await existingOwner(db, current.id), now);
  }
  if ((await attempt()) === "stored") return "stored";

  // A second membership: kept as a record, ended, and the customer told, in one transaction.
  const amount = hints.amount ?? info.amount ?? existing?.amount ?? 0;
  const planType: ProPlanType = info.planType ?? (isPlanType(hints.planType) ? hints.planType : "monthly");
  const to = await customerEmail(db, userId);
  processLog().warn({ provider: provider.name, subscriptionId: info.id, userId }, "membership: a second live membership; cancelling and refunding it");
  await db.transaction(async (tx) => {
    await upsertSubscription(tx, provider.name, info, userId, hints, existing, now, { endedAsDuplicate: true });
    if (to) {
      await enqueueDuplicateMembershipRefunded(tx, { to, providerSubscriptionId: info.id, planType, amount, shopName: options.shopName });
    }
  });
  return "duplicate";
}

/**
 * A duplicate membership is stopped at the provider and its first payment refunded, once
 * (idempotency key per subscription, one `refunds` row). Outside any transaction (provider
 * calls); if the provider fails this throws, the webhook answers 500 and Stripe delivers the
 * event again, which comes back here (the row stays marked 'duplicate').
 */
async function endDuplicate(db: Db, provider: PaymentProvider, info: SubscriptionInfo, userId: string) {
  if (info.status !== "canceled" && info.status !== "incomplete_expired") await provider.cancelSubscription(info.id);
  if (await hasRefund(db, { providerSubscriptionId: info.id })) return;
  const [row] = await db
    .select({ amount: subscriptions.amount, paymentSessionId: subscriptions.paymentSessionId })
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, info.id));
  if (!row || row.amount <= 0) return;
  try {
    const refund = await provider.refundPayment({
      paymentIntentId: null,
      sessionId: row.paymentSessionId,
      subscriptionId: info.id,
      amount: row.amount,
      reason: "duplicate_membership",
      idempotencyKey: `refund-subscription-${info.id}`,
      metadata: { userId, subscriptionId: info.id },
    });
    await recordRefund(db, {
      id: refund.id,
      provider: provider.name,
      providerSubscriptionId: info.id,
      amount: refund.amount,
      reason: "duplicate_membership",
    });
  } catch (error) {
    // Never charged (e.g. its first payment failed): cancelled, and nothing to give back.
    if (error instanceof NothingToRefundError) {
      processLog().warn({ subscriptionId: info.id, reason: loggableMessage(error) }, "membership: duplicate subscription had nothing to refund");
      return;
    }
    throw error;
  }
}

async function upsertSubscription(
  db: Db,
  providerName: string,
  info: SubscriptionInfo,
  userId: string,
  hints: SyncHints,
  existing: { planType: string; amount: number } | null,
  now: Date,
  { endedAsDuplicate = false }: { endedAsDuplicate?: boolean } = {},
) {
  const planType: ProPlanType = info.planType ?? (isPlanType(hints.planType) ? hints.planType : null) ?? (isPlanType(existing?.planType) ? existing.planType : "monthly");
  const amount = info.amount ?? hints.amount ?? existing?.amount ?? 0;
  // A duplicate is ended by us, now, whatever the provider still says.
  const status = endedAsDuplicate ? "expired" : statusFromProvider(info.status);
  const currentPeriodEnd = info.currentPeriodEnd;
  // "Pro until": the end of the paid period while it runs; when it has ended, when it ended.
  const endDate = endedAsDuplicate ? now : status === "expired" ? (info.endedAt ?? currentPeriodEnd) : currentPeriodEnd;

  await db
    .insert(subscriptions)
    .values({
      userId,
      provider: providerName,
      paymentSessionId: hints.paymentSessionId ?? null,
      providerSubscriptionId: info.id,
      providerCustomerId: info.customerId ?? hints.customerId ?? null,
      planType,
      status,
      cancelAtPeriodEnd: info.cancelAtPeriodEnd,
      amount,
      startDate: info.startDate ?? info.currentPeriodStart ?? now,
      endDate,
      currentPeriodEnd,
      endedReason: endedAsDuplicate ? "duplicate" : null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: subscriptions.providerSubscriptionId,
      set: {
        status: sql`CASE WHEN "subscriptions"."status" = 'expired' THEN 'expired' ELSE excluded.status END`,
        cancelAtPeriodEnd: sql`CASE WHEN "subscriptions"."status" = 'expired' THEN "subscriptions"."cancel_at_period_end" ELSE excluded.cancel_at_period_end END`,
        // GREATEST ignores NULLs: a state without a period never erases the one we hold.
        currentPeriodEnd: sql`GREATEST("subscriptions"."current_period_end", excluded.current_period_end)`,
        endDate: sql`CASE
          WHEN "subscriptions"."status" = 'expired' THEN "subscriptions"."end_date"
          WHEN excluded.status = 'expired' THEN coalesce(excluded.end_date, "subscriptions"."end_date")
          ELSE GREATEST("subscriptions"."end_date", excluded.end_date) END`,
        startDate: sql`coalesce("subscriptions"."start_date", excluded.start_date)`,
        paymentSessionId: sql`coalesce("subscriptions"."payment_session_id", excluded.payment_session_id)`,
        providerCustomerId: sql`coalesce(excluded.provider_customer_id, "subscriptions"."provider_customer_id")`,
        endedReason: sql`coalesce("subscriptions"."ended_reason", excluded.ended_reason)`,
        planType: sql`excluded.plan_type`,
        amount: sql`excluded.amount`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

/** The provider customer of a user's latest subscription with this provider (for the portal and re-subscribing). */
export async function providerCustomerIdFor(db: Db, userId: string, providerName: string): Promise<string | null> {
  const [row] = await db
    .select({ customerId: subscriptions.providerCustomerId })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.provider, providerName), isNotNull(subscriptions.providerCustomerId)))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row?.customerId ?? null;
}
