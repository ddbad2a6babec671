/**
 * The sandbox provider's subscriptions: what Stripe Billing would hold for a Pro membership
 * paid on the sandbox page, and the events it would send. The state sits on the
 * subscription-mode `sandbox_sessions` row (in `metadata`, prefixed `sub_`), so no table of
 * ours is involved: the shop's own `subscriptions` row only changes through events, exactly as
 * with Stripe.
 *
 *   - paying the session starts it: active, billed from `completed_at` (the billing anchor);
 *   - the portal sets or clears `cancel_at_period_end` → `customer.subscription.updated`;
 *   - at each period end the billing run (`runSandboxBilling`, the provider's `advanceBilling`,
 *     called by a background job) either charges the next period (`invoice.paid`, the period
 *     counted from the anchor: +1 or +3 calendar months) or, when cancelled, ends it
 *     (`customer.subscription.deleted`).
 *
 * Every change and the event describing it are written by ONE guarded update (the event as
 * `sub_pending`), then delivered; `sub_pending` is cleared only after delivery, and the job
 * delivers any that are left (a crash in between). Event ids are fixed per change, so a second
 * delivery is a replay and changes nothing.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { sandboxSessions } from "~/db/schema";
import { loggableMessage, processLog } from "~/utils/log.server";
import type { BillingRunResult, PaymentEvent, PlanType, SubscriptionInfo } from "../provider";
import { PLAN_MONTHS, periodEnd } from "./billing-periods";

type SandboxRow = typeof sandboxSessions.$inferSelect;

export type SandboxSubscriptionStatus = "active" | "canceled";

export interface SandboxSubscription {
  id: string;
  sessionId: string;
  userId: string | null;
  customerId: string | null;
  planType: PlanType;
  amount: number;
  status: SandboxSubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  anchor: Date;
  /** Periods paid so far (1 after sign-up). */
  periods: number;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  endedAt: Date | null;
  metadata: Record<string, string>;
  /** An event written but not yet delivered (raw, JSON). */
  pending: string | null;
}

const SUB_PREFIX = "sub_sbx_";
const SESSION_PREFIX = "cs_sbx_";

export function sandboxSessionIdOfSubscription(subscriptionId: string): string | null {
  return subscriptionId.startsWith(SUB_PREFIX) ? SESSION_PREFIX + subscriptionId.slice(SUB_PREFIX.length) : null;
}

function subscriptionIdOfSession(sessionId: string): string {
  return SUB_PREFIX + sessionId.replace(/^cs_sbx_/, "");
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The subscription a paid subscription-mode session started; null for anything else. */
export function sandboxSubscriptionOf(row: SandboxRow): SandboxSubscription | null {
  if (row.kind !== "subscription" || row.status !== "complete" || !row.completedAt) return null;
  const meta = row.metadata ?? {};
  const planType: PlanType = meta.planType === "quarterly" ? "quarterly" : "monthly";
  // Periods are counted from the moment it was paid, as Stripe counts from its billing anchor.
  const anchor = row.completedAt;
  const periods = Math.max(1, Number(meta.sub_periods ?? 1) || 1);
  const status: SandboxSubscriptionStatus = meta.sub_status === "canceled" ? "canceled" : "active";
  // The subscription's own metadata only: sub_* and the idempotency key are the sandbox's bookkeeping.
  const metadata = Object.fromEntries(Object.entries(meta).filter(([key]) => !key.startsWith("sub_") && key !== "idempotencyKey"));
  return {
    id: subscriptionIdOfSession(row.id),
    sessionId: row.id,
    userId: row.userId,
    customerId: meta.customerId ?? null,
    planType,
    amount: row.amount,
    status,
    cancelAtPeriodEnd: meta.sub_cancel === "1",
    anchor,
    periods,
    currentPeriodStart: periodEnd(anchor, planType, periods - 1),
    currentPeriodEnd: periodEnd(anchor, planType, periods),
    endedAt: meta.sub_ended_at ? new Date(Number(meta.sub_ended_at) * 1000) : null,
    metadata,
    pending: meta.sub_pending ?? null,
  };
}

export function sandboxSubscriptionInfo(sub: SandboxSubscription): SubscriptionInfo {
  return {
    id: sub.id,
    status: sub.status,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    customerId: sub.customerId,
    metadata: sub.metadata,
    planType: sub.planType,
    amount: sub.amount,
    startDate: sub.anchor,
    currentPeriodStart: sub.currentPeriodStart,
    currentPeriodEnd: sub.currentPeriodEnd,
    endedAt: sub.endedAt,
  };
}

/** Stripe's `subscription` object for a sandbox subscription (what its events carry). */
export function sandboxSubscriptionObject(sub: SandboxSubscription): Record<string, unknown> {
  return {
    id: sub.id,
    object: "subscription",
    status: sub.status,
    cancel_at_period_end: sub.cancelAtPeriodEnd,
    customer: sub.customerId,
    metadata: sub.metadata,
    start_date: seconds(sub.anchor),
    ended_at: sub.endedAt ? seconds(sub.endedAt) : null,
    livemode: false,
    items: {
      object: "list",
      data: [
        {
          object: "subscription_item",
          quantity: 1,
          current_period_start: seconds(sub.currentPeriodStart),
          current_period_end: seconds(sub.currentPeriodEnd),
          price: {
            id: `price_sbx_${sub.planType}`,
            object: "price",
            currency: "gbp",
            unit_amount: sub.amount,
            recurring: { interval: "month", interval_count: PLAN_MONTHS[sub.planType] },
          },
        },
      ],
    },
  };
}

function invoiceObject(sub: SandboxSubscription, status: "paid" | "open"): Record<string, unknown> {
  return {
    id: `in_sbx_${sub.sessionId.replace(/^cs_sbx_/, "")}_${sub.periods}`,
    object: "invoice",
    status,
    billing_reason: sub.periods === 1 ? "subscription_create" : "subscription_cycle",
    customer: sub.customerId,
    currency: "gbp",
    amount_due: sub.amount,
    amount_paid: status === "paid" ? sub.amount : 0,
    parent: { type: "subscription_details", subscription_details: { subscription: sub.id, metadata: sub.metadata } },
    lines: {
      object: "list",
      data: [
        {
          object: "line_item",
          amount: sub.amount,
          period: { start: seconds(sub.currentPeriodStart), end: seconds(sub.currentPeriodEnd) },
        },
      ],
    },
    livemode: false,
  };
}

function eventOf(id: string, type: string, object: Record<string, unknown>, now: Date): PaymentEvent {
  const created = seconds(now);
  return { id, provider: "sandbox", type, created, object, raw: { id, object: "event", type, created, data: { object } } };
}

/** A stored pending event back as a PaymentEvent. */
function pendingEvent(json: string): PaymentEvent | null {
  try {
    const raw = JSON.parse(json) as { id: string; type: string; created: number; data: { object: Record<string, unknown> } };
    return { id: raw.id, provider: "sandbox", type: raw.type, created: raw.created, object: raw.data.object, raw };
  } catch {
    return null;
  }
}

async function loadRow(db: Db, sessionId: string): Promise<SandboxRow | null> {
  const [row] = await db.select().from(sandboxSessions).where(eq(sandboxSessions.id, sessionId));
  return row ?? null;
}

export async function getSandboxSubscription(db: Db, subscriptionId: string): Promise<SandboxSubscription | null> {
  const sessionId = sandboxSessionIdOfSubscription(subscriptionId);
  const row = sessionId ? await loadRow(db, sessionId) : null;
  return row ? sandboxSubscriptionOf(row) : null;
}

/** The provider's `retrieveSubscription` for the sandbox. */
export async function retrieveSandboxSubscription(db: Db, subscriptionId: string): Promise<SubscriptionInfo | null> {
  const sub = await getSandboxSubscription(db, subscriptionId);
  return sub ? sandboxSubscriptionInfo(sub) : null;
}

/** A customer's sandbox subscriptions, newest first (the portal lists them). */
export async function listSandboxSubscriptions(db: Db, customerId: string): Promise<SandboxSubscription[]> {
  const rows = await db
    .select()
    .from(sandboxSessions)
    .where(
      and(
        eq(sandboxSessions.kind, "subscription"),
        eq(sandboxSessions.status, "complete"),
        sql`${sandboxSessions.metadata}->>'customerId' = ${customerId}`,
      ),
    )
    .orderBy(sql`${sandboxSessions.completedAt} DESC`);
  return rows.map(sandboxSubscriptionOf).filter((s): s is SandboxSubscription => s !== null);
}

/**
 * Writes a change to a subscription together with the event describing it, if the state is
 * still the one the change was computed from (`expect`). Null when someone else got there first.
 */
async function commitChange(
  db: Db,
  sub: SandboxSubscription,
  patch: Record<string, string>,
  event: PaymentEvent,
): Promise<PaymentEvent | null> {
  const pending = JSON.stringify(event.raw);
  const [row] = await db
    .update(sandboxSessions)
    .set({ metadata: sql`coalesce(${sandboxSessions.metadata}, '{}'::jsonb) || ${JSON.stringify({ ...patch, sub_pending: pending })}::jsonb` })
    .where(
      and(
        eq(sandboxSessions.id, sub.sessionId),
        // The state this change was computed from: periods, status and cancel flag unchanged.
        sql`coalesce(${sandboxSessions.metadata}->>'sub_periods', '1') = ${String(sub.periods)}`,
        sql`coalesce(${sandboxSessions.metadata}->>'sub_status', 'active') = ${sub.status}`,
        sql`coalesce(${sandboxSessions.metadata}->>'sub_cancel', '0') = ${sub.cancelAtPeriodEnd ? "1" : "0"}`,
      ),
    )
    .returning({ id: sandboxSessions.id });
  return row ? event : null;
}

/** After delivery: forget the pending event (only that one; a newer change keeps its own). */
export async function markSandboxEventDelivered(db: Db, subscriptionId: string, event: PaymentEvent): Promise<void> {
  const sessionId = sandboxSessionIdOfSubscription(subscriptionId);
  if (!sessionId) return;
  await db
    .update(sandboxSessions)
    .set({ metadata: sql`${sandboxSessions.metadata} - 'sub_pending'` })
    .where(and(eq(sandboxSessions.id, sessionId), sql`${sandboxSessions.metadata}->>'sub_pending' = ${JSON.stringify(event.raw)}`));
}

/**
 * The portal's "Cancel subscription" (cancel = true: Pro stays until the period end) and its
 * undo (cancel = false). Null when nothing changes (already so, ended, or unknown).
 */
export async function setSandboxCancelAtPeriodEnd(
  db: Db,
  subscriptionId: string,
  cancel: boolean,
  now = new Date(),
): Promise<PaymentEvent | null> {
  const sub = await getSandboxSubscription(db, subscriptionId);
  if (!sub || sub.status !== "active" || sub.cancelAtPeriodEnd === cancel) return null;
  if (sub.currentPeriodEnd <= now) return null; // due: the renewal job decides what happens now
  const next: SandboxSubscription = { ...sub, cancelAtPeriodEnd: cancel };
  const event = eventOf(
    `evt_sbx_${sub.id.slice(SUB_PREFIX.length)}_${cancel ? "cancel" : "resume"}_${now.getTime()}`,
    "customer.subscription.updated",
    sandboxSubscriptionObject(next),
    now,
  );
  return commitChange(db, sub, { sub_cancel: cancel ? "1" : "0" }, event);
}

/**
 * The provider's `cancelSubscription` for the sandbox: ends an active subscription now (no
 * refund of its own; the caller refunds what it wants to). Its `customer.subscription.deleted`
 * is stored as pending and delivered by the billing run. Null when there was nothing to end.
 */
export async function cancelSandboxSubscriptionNow(db: Db, subscriptionId: string, now = new Date()): Promise<PaymentEvent | null> {
  const sub = await getSandboxSubscription(db, subscriptionId);
  if (!sub || sub.status !== "active") return null;
  const ended: SandboxSubscription = { ...sub, status: "canceled", endedAt: now };
  const event = eventOf(`evt_sbx_${sub.id.slice(SUB_PREFIX.length)}_deleted`, "customer.subscription.deleted", sandboxSubscriptionObject(ended), now);
  return commitChange(db, sub, { sub_status: "canceled", sub_ended_at: String(seconds(now)) }, event);
}

/**
 * What happens to one subscription whose paid period is over: renew it for one more period
 * (`invoice.paid`) or, when it was cancelled, end it (`customer.subscription.deleted`).
 * Null when it is not due or another run did it first.
 */
export async function settleDueSandboxSubscription(db: Db, sub: SandboxSubscription, now = new Date()): Promise<PaymentEvent | null> {
  if (sub.status !== "active" || sub.currentPeriodEnd > now) return null;
  const suffix = sub.id.slice(SUB_PREFIX.length);
  if (sub.cancelAtPeriodEnd) {
    const ended: SandboxSubscription = { ...sub, status: "canceled", endedAt: sub.currentPeriodEnd };
    const event = eventOf(`evt_sbx_${suffix}_deleted`, "customer.subscription.deleted", sandboxSubscriptionObject(ended), now);
    return commitChange(db, sub, { sub_status: "canceled", sub_ended_at: String(seconds(sub.currentPeriodEnd)) }, event);
  }
  const periods = sub.periods + 1;
  const renewed: SandboxSubscription = {
    ...sub,
    periods,
    currentPeriodStart: sub.currentPeriodEnd,
    currentPeriodEnd: periodEnd(sub.anchor, sub.planType, periods),
  };
  const event = eventOf(`evt_sbx_${suffix}_renewal_${periods}`, "invoice.paid", invoiceObject(renewed, "paid"), now);
  return commitChange(db, sub, { sub_periods: String(periods) }, event);
}

/**
 * The sandbox's billing run: every active subscription whose period has ended is renewed or
 * ended (one period per run; a shop that was down for months catches up a period per run),
 * and every event left undelivered is handed over again. `deliver` is the shop's event
 * dispatch; an event is only forgotten after it returns.
 */
export async function runSandboxBilling(
  db: Db,
  deliver: (event: PaymentEvent) => Promise<unknown>,
  now = new Date(),
  limit = 100,
): Promise<BillingRunResult> {
  const nowSeconds = seconds(now);
  // Candidates: anything with an undelivered event, and active subscriptions whose period end
  // (anchor + months × periods, computed by PostgreSQL with a day to spare for time zones) has
  // come; whether one is really due is decided in code, with the exact calendar arithmetic.
  const rows = await db
    .select()
    .from(sandboxSessions)
    .where(
      and(
        eq(sandboxSessions.kind, "subscription"),
        eq(sandboxSessions.status, "complete"),
        sql`(${sandboxSessions.metadata}->>'sub_pending' IS NOT NULL OR (
          coalesce(${sandboxSessions.metadata}->>'sub_status', 'active') = 'active'
          AND ${sandboxSessions.completedAt} + make_interval(months => (CASE WHEN ${sandboxSessions.metadata}->>'planType' = 'quarterly' THEN 3 ELSE 1 END) * coalesce((${sandboxSessions.metadata}->>'sub_periods')::int, 1))
              <= to_timestamp(${nowSeconds}) + interval '1 day'))`,
      ),
    )
    .orderBy(sandboxSessions.completedAt)
    .limit(limit);

  let delivered = 0;
  let failed = 0;
  for (const row of rows) {
    const sub = sandboxSubscriptionOf(row);
    if (!sub) continue;
    const events: PaymentEvent[] = [];
    const pending = sub.pending ? pendingEvent(sub.pending) : null;
    if (pending) events.push(pending);
    else {
      const due = await settleDueSandboxSubscription(db, sub, now);
      if (due) events.push(due);
    }
    for (const event of events) {
      try {
        await deliver(event);
        await markSandboxEventDelivered(db, sub.id, event);
        delivered++;
      } catch (error) {
        failed++;
        processLog().error({ eventId: event.id, eventType: event.type, reason: loggableMessage(error) }, "sandbox: delivering an event failed; it stays pending");
      }
    }
  }
  return { delivered, failed };
}
