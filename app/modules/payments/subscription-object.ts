import type { PlanType, SubscriptionInfo } from "./provider";

/**
 * Reading Stripe's subscription and invoice objects (from the API or an event's
 * `data.object`). Stripe moved fields between API versions: `current_period_*` went from the
 * subscription onto its items (2025-03-31), and an invoice's subscription from `subscription`
 * into `parent.subscription_details`. Both shapes are read, newest first.
 */

type Obj = Record<string, unknown>;

function obj(value: unknown): Obj | null {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Obj) : null;
}

function idOf(value: unknown): string | null {
  if (typeof value === "string" && value !== "") return value;
  const o = obj(value);
  return o && typeof o.id === "string" ? o.id : null;
}

function dateOf(seconds: unknown): Date | null {
  return typeof seconds === "number" && Number.isFinite(seconds) ? new Date(seconds * 1000) : null;
}

function firstOf(list: unknown): Obj | null {
  const data = obj(list)?.data;
  return Array.isArray(data) ? obj(data[0]) : null;
}

function isPlanType(value: unknown): value is PlanType {
  return value === "monthly" || value === "quarterly";
}

/** The plan a recurring price stands for: every 1 month → monthly, every 3 months → quarterly. */
export function planFromRecurring(recurring: unknown): PlanType | null {
  const r = obj(recurring);
  if (!r) return null;
  const months = r.interval === "month" ? Number(r.interval_count ?? 1) : r.interval === "year" ? 12 * Number(r.interval_count ?? 1) : 0;
  if (months === 1) return "monthly";
  if (months === 3) return "quarterly";
  return null;
}

/**
 * A Stripe subscription object as SubscriptionInfo. `priceIds` maps the configured price ids
 * (STRIPE_PRICE_MONTHLY / _QUARTERLY) to plans, for subscriptions without our metadata.
 */
export function subscriptionInfoFromObject(object: Obj, priceIds: Partial<Record<PlanType, string>> = {}): SubscriptionInfo {
  const item = firstOf(object.items);
  const price = obj(item?.price) ?? obj(object.plan);
  const metadata = (obj(object.metadata) ?? {}) as Record<string, string>;
  const priceId = idOf(price);
  const byPriceId = (Object.entries(priceIds) as [PlanType, string | undefined][]).find(([, id]) => id && id === priceId)?.[0] ?? null;
  const planType = isPlanType(metadata.planType) ? metadata.planType : (byPriceId ?? planFromRecurring(price?.recurring));
  const unitAmount = price?.unit_amount;
  return {
    id: String(object.id),
    status: typeof object.status === "string" ? object.status : "incomplete",
    cancelAtPeriodEnd: object.cancel_at_period_end === true,
    customerId: idOf(object.customer),
    metadata,
    planType,
    amount: typeof unitAmount === "number" ? unitAmount * Number(item?.quantity ?? 1) : null,
    startDate: dateOf(object.start_date),
    currentPeriodStart: dateOf(item?.current_period_start ?? object.current_period_start),
    currentPeriodEnd: dateOf(item?.current_period_end ?? object.current_period_end),
    endedAt: dateOf(object.ended_at),
  };
}

/**
 * The subscription an event is about, by event type: a `customer.subscription.*` event carries
 * the subscription itself, a `checkout.session.*` or `invoice.*` event points at one.
 */
export function subscriptionIdOfEvent(type: string, object: Obj): string | null {
  if (type.startsWith("customer.subscription.")) return idOf(object.id);
  if (type.startsWith("checkout.session.")) return idOf(object.subscription);
  if (type.startsWith("invoice.")) {
    const parent = obj(object.parent);
    const fromParent = idOf(obj(parent?.subscription_details)?.subscription);
    if (fromParent) return fromParent;
    const legacy = idOf(object.subscription);
    if (legacy) return legacy;
    const line = firstOf(object.lines);
    return idOf(line?.subscription) ?? idOf(obj(obj(line?.parent)?.subscription_item_details)?.subscription);
  }
  return null;
}
