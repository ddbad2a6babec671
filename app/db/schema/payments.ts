import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";

/** Every provider event we have seen, by id: a replayed event finds its row and changes nothing. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: text().primaryKey(),
    provider: text().notNull(),
    type: text().notNull(),
    payload: jsonb().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp({ withTimezone: true }),
    error: text(),
  },
  (t) => [index("payment_events_type_idx").on(t.type)],
);

/** Refunds issued, whoever asked: a late payment for stock that is gone, an admin decision. */
export const refunds = pgTable(
  "refunds",
  {
    id: text().primaryKey(),
    provider: text().notNull(),
    orderId: integer(),
    paymentIntentId: text(),
    /** A second Pro membership paid while the customer already had one (its first charge). */
    providerSubscriptionId: text(),
    amount: integer().notNull(),
    reason: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("refunds_subscription_idx").on(t.providerSubscriptionId).where(sql`${t.providerSubscriptionId} IS NOT NULL`)],
);

/**
 * The built-in sandbox provider's own state: what Stripe would hold for a Checkout Session,
 * a subscription or a portal session. Only used when STRIPE_SECRET_KEY is unset.
 */
export const sandboxSessions = pgTable(
  "sandbox_sessions",
  {
    id: text().primaryKey(),
    kind: text().notNull(),
    status: text().notNull().default("open"),
    userId: uuid().references(() => users.id, { onDelete: "cascade" }),
    amount: integer().notNull().default(0),
    currency: text().notNull().default("gbp"),
    description: text(),
    lineItems: jsonb().$type<{ name: string; quantity: number; unitAmount: number }[]>(),
    successUrl: text().notNull(),
    cancelUrl: text().notNull(),
    clientReferenceId: text(),
    metadata: jsonb().$type<Record<string, string>>(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
    livemode: boolean().notNull().default(false),
  },
  (t) => [
    check("sandbox_sessions_kind_valid", sql`${t.kind} IN ('payment', 'subscription', 'portal')`),
    check("sandbox_sessions_status_valid", sql`${t.status} IN ('open', 'complete', 'declined', 'cancelled', 'expired')`),
    check("sandbox_sessions_amount_nonneg", sql`${t.amount} >= 0`),
  ],
);

export const SUBSCRIPTION_STATUSES = ["incomplete", "active", "past_due", "canceled", "expired"] as const;

/**
 * The unique index that makes "one live membership per customer" a database fact: a
 * subscription that is `active` or `past_due` (still being retried by the provider) is live.
 * membership's sync recognises a violation of it by this name.
 */
export const ONE_LIVE_SUBSCRIPTION_INDEX = "subscriptions_one_live_per_user";
export const LIVE_SUBSCRIPTION_STATUSES = ["active", "past_due"] as const;

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text().notNull(),
    /** Checkout session that started it (the spec's stripe_session_id). */
    paymentSessionId: text().unique(),
    providerSubscriptionId: text().unique(),
    providerCustomerId: text(),
    planType: text().notNull(),
    status: text().notNull().default("incomplete"),
    /** Cancelled by the member: stays active until current_period_end, then ends. */
    cancelAtPeriodEnd: boolean().notNull().default(false),
    amount: integer().notNull(),
    startDate: timestamp({ withTimezone: true }),
    endDate: timestamp({ withTimezone: true }),
    currentPeriodEnd: timestamp({ withTimezone: true }),
    /**
     * Why we ended it ourselves: 'duplicate' = paid while the customer already had a live
     * membership, so it was cancelled at the provider and its payment refunded.
     */
    endedReason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("subscriptions_plan_valid", sql`${t.planType} IN ('monthly', 'quarterly')`),
    check("subscriptions_status_valid", sql`${t.status} IN ('incomplete', 'active', 'past_due', 'canceled', 'expired')`),
    check("subscriptions_amount_nonneg", sql`${t.amount} >= 0`),
    check("subscriptions_ended_reason_valid", sql`${t.endedReason} IS NULL OR ${t.endedReason} IN ('duplicate')`),
    index("subscriptions_user_idx").on(t.userId, t.status),
    // At most one live membership per customer, whatever races (LIVE_SUBSCRIPTION_STATUSES).
    uniqueIndex(ONE_LIVE_SUBSCRIPTION_INDEX).on(t.userId).where(sql`${t.status} IN ('active', 'past_due')`),
  ],
);
