/**
 * The sandbox's Pro pages, standing in for Stripe's hosted subscription page and Billing
 * Portal when no STRIPE_SECRET_KEY is set. They change the sandbox provider's state and hand
 * its Stripe-shaped events to the same dispatch as Stripe's webhooks.
 */
import type { ShopIdentity } from "~/config/shop";
import type { Db } from "~/db/client.server";
import { dispatchPaymentEvent } from "~/modules/payments/event-handlers.server";
import type { PaymentEvent, PaymentProvider } from "~/modules/payments/provider";
import { loadSandboxPage, type SandboxPageSession } from "~/modules/payments/sandbox-checkout.server";
import { checkSandboxCard, getSandboxSession, sandboxSuccessUrl, settleSandboxSession } from "~/modules/payments/sandbox-provider.server";
import {
  listSandboxSubscriptions,
  markSandboxEventDelivered,
  setSandboxCancelAtPeriodEnd,
  type SandboxSubscription,
} from "~/modules/payments/sandbox-subscriptions.server";
import { PLAN_NAMES, periodLabel, type ProPlanType } from "./plans";
import { isPremium } from "./premium.server";

export interface SandboxDeps {
  provider: PaymentProvider;
  viewerId: string | null;
  shop?: ShopIdentity;
  publicUrl?: string;
  now?: Date;
}

/** The sign-up page's session: a subscription-mode session of this viewer, else null. */
export async function loadSandboxSignup(db: Db, sessionId: string, viewerId: string | null, now = new Date()) {
  const page = await loadSandboxPage(db, sessionId, viewerId, now);
  if (!page || page.kind !== "subscription") return null;
  const row = await getSandboxSession(db, sessionId);
  const planType: ProPlanType = row?.metadata?.planType === "quarterly" ? "quarterly" : "monthly";
  return { ...page, planType, planName: PLAN_NAMES[planType], periodLabel: periodLabel(planType) };
}

export type SandboxSignupResult =
  | { status: "paid"; redirectTo: string }
  | { status: "declined" }
  | { status: "invalid"; message: string }
  | { status: "already_member" }
  | { status: "closed"; state: SandboxPageSession["state"] }
  | { status: "not_found" };

/**
 * "Subscribe" on the sandbox page. 4242… pays: the session completes and its
 * `checkout.session.completed` (mode subscription) goes through the shop's event dispatch.
 * 4000…0002 is declined like on Stripe's page: an error, nothing stored, and the session stays
 * open for another card (nothing is reserved for a subscription, so there is nothing to free).
 */
export async function paySandboxSignup(db: Db, sessionId: string, cardNumber: string, deps: SandboxDeps): Promise<SandboxSignupResult> {
  const now = deps.now ?? new Date();
  const page = await loadSandboxSignup(db, sessionId, deps.viewerId, now);
  if (!page) return { status: "not_found" };
  if (page.state !== "open") return { status: "closed", state: page.state };
  const card = checkSandboxCard(cardNumber);
  if (!card.ok) return { status: "invalid", message: card.message };
  if (card.outcome === "decline") return { status: "declined" };
  // A sign-up page opened before the customer became Pro elsewhere must not start a second membership.
  if (deps.viewerId && (await isPremium(db, deps.viewerId, now))) return { status: "already_member" };

  const settled = await settleSandboxSession(db, sessionId, "pay", now);
  if (!settled) {
    const again = await loadSandboxSignup(db, sessionId, deps.viewerId, now);
    return again ? { status: "closed", state: again.state } : { status: "not_found" };
  }
  try {
    await dispatchPaymentEvent(db, settled.event, { provider: deps.provider, shop: deps.shop, publicUrl: deps.publicUrl, now });
  } catch (error) {
    // Paid all the same: the success page asks the provider and applies the session itself.
    console.error(`[sandbox] sign-up event ${settled.event.id} failed; the success page will apply it:`, (error as Error).message);
  }
  return { status: "paid", redirectTo: sandboxSuccessUrl(settled.row) };
}

export interface SandboxPortalView {
  id: string;
  state: "open" | "expired";
  returnUrl: string;
  subscriptions: {
    id: string;
    planName: string;
    amount: number;
    periodLabel: string;
    status: SandboxSubscription["status"];
    cancelAtPeriodEnd: boolean;
    currentPeriodEnd: string;
    endedAt: string | null;
  }[];
}

/** The portal session for this viewer (null if it is not theirs or not a portal session). */
export async function loadSandboxPortal(db: Db, portalId: string, viewerId: string | null, now = new Date()): Promise<SandboxPortalView | null> {
  const row = await getSandboxSession(db, portalId);
  if (!row || row.kind !== "portal" || !row.userId || row.userId !== viewerId) return null;
  const customerId = row.metadata?.customerId;
  const subs = customerId ? await listSandboxSubscriptions(db, customerId) : [];
  return {
    id: row.id,
    state: row.expiresAt > now ? "open" : "expired",
    returnUrl: row.successUrl,
    subscriptions: subs
      // The customer's own: the portal's customer record is the sandbox's per-user customer.
      .filter((s) => s.userId === viewerId)
      .map((s) => ({
        id: s.id,
        planName: PLAN_NAMES[s.planType],
        amount: s.amount,
        periodLabel: periodLabel(s.planType),
        status: s.status,
        cancelAtPeriodEnd: s.cancelAtPeriodEnd,
        currentPeriodEnd: s.currentPeriodEnd.toISOString(),
        endedAt: s.endedAt?.toISOString() ?? null,
      })),
  };
}

export type SandboxPortalResult = { status: "changed" | "unchanged" } | { status: "not_found" } | { status: "expired" };

/**
 * The portal's "Cancel subscription" (Pro stays until the period end) and "Don't cancel".
 * The subscription must belong to the portal session's customer.
 */
export async function changeSandboxCancellation(
  db: Db,
  portalId: string,
  subscriptionId: string,
  cancel: boolean,
  deps: SandboxDeps,
): Promise<SandboxPortalResult> {
  const now = deps.now ?? new Date();
  const portal = await loadSandboxPortal(db, portalId, deps.viewerId, now);
  if (!portal || !portal.subscriptions.some((s) => s.id === subscriptionId)) return { status: "not_found" };
  if (portal.state !== "open") return { status: "expired" };
  const event = await setSandboxCancelAtPeriodEnd(db, subscriptionId, cancel, now);
  if (!event) return { status: "unchanged" };
  await deliver(db, subscriptionId, event, deps, now);
  return { status: "changed" };
}

async function deliver(db: Db, subscriptionId: string, event: PaymentEvent, deps: SandboxDeps, now: Date) {
  try {
    await dispatchPaymentEvent(db, event, { provider: deps.provider, shop: deps.shop, publicUrl: deps.publicUrl, now });
    await markSandboxEventDelivered(db, subscriptionId, event);
  } catch (error) {
    // Stays pending on the sandbox row; the billing job delivers it again.
    console.error(`[sandbox] event ${event.id} failed; it will be delivered again:`, (error as Error).message);
  }
}
