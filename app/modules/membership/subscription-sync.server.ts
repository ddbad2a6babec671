import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { subscriptions } from "~/db/schema";
import { customerExists } from "~/modules/accounts/customers.server";
import type { PaymentProvider, SubscriptionInfo } from "~/modules/payments/provider";
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
  | { status: "applied"; userId: string; subscriptionStatus: string; premium: boolean }
  /** The provider does not know this subscription (nothing to apply). */
  | { status: "unknown_subscription" }
  /** Neither our row, nor the session, nor the subscription's metadata names a customer of ours. */
  | { status: "no_owner" };


async function existingOwner(db: Db, providerSubscriptionId: string) {
  const [row] = await db
    .select({ userId: subscriptions.userId, planType: subscriptions.planType, amount: subscriptions.amount })
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
export async function syncSubscription(
  db: Db,
  provider: PaymentProvider,
  providerSubscriptionId: string,
  hints: SyncHints = {},
  now = new Date(),
): Promise<SyncResult> {
  const info = await provider.retrieveSubscription(providerSubscriptionId);
  if (!info) {
    console.warn(`[membership] ${provider.name} does not know subscription ${providerSubscriptionId}; nothing applied`);
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
    console.warn(`[membership] subscription ${info.id} names no customer of this shop; nothing applied`);
    return { status: "no_owner" };
  }
  await upsertSubscription(db, provider.name, info, userId, hints, existing, now);
  const premium = await refreshPremiumStatus(db, userId, now);
  const [row] = await db
    .select({ status: subscriptions.status })
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, info.id));
  return { status: "applied", userId, subscriptionStatus: row?.status ?? "unknown", premium };
}

async function upsertSubscription(
  db: Db,
  providerName: string,
  info: SubscriptionInfo,
  userId: string,
  hints: SyncHints,
  existing: { planType: string; amount: number } | null,
  now: Date,
) {
  const planType: ProPlanType = info.planType ?? (isPlanType(hints.planType) ? hints.planType : null) ?? (isPlanType(existing?.planType) ? existing.planType : "monthly");
  const amount = info.amount ?? hints.amount ?? existing?.amount ?? 0;
  const status = statusFromProvider(info.status);
  const currentPeriodEnd = info.currentPeriodEnd;
  // "Pro until": the end of the paid period while it runs; when it has ended, when it ended.
  const endDate = status === "expired" ? (info.endedAt ?? currentPeriodEnd) : currentPeriodEnd;

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
