/**
 * The sandbox's Pro pages, standing in for Stripe's hosted subscription page
 * (/sandbox/subscription/:id) and Billing Portal (/sandbox/portal/:id) when no
 * STRIPE_SECRET_KEY is set. They change the sandbox provider's state and hand its
 * Stripe-shaped events to the shop's dispatch, the same one Stripe's webhooks go through.
 *
 * What they need to know about memberships (plan names, "is this customer already Pro") comes
 * in through `SandboxMembership`, implemented at the composition root
 * (app/web/payments.server.ts): payments knows no business module.
 */
import type { Db } from "~/db/client.server";
import { loggableMessage, processLog } from "~/utils/log.server";
import type { PaymentEvent, PlanType } from "../provider";
import { checkSandboxCard } from "./card";
import { loadHostedSession, type SandboxPageDeps, type SandboxPageSession } from "./checkout-page.server";
import { getSandboxSession, sandboxSuccessUrl, settleSandboxSession } from "./provider.server";
import {
  listSandboxSubscriptions,
  markSandboxEventDelivered,
  setSandboxCancelAtPeriodEnd,
} from "./subscriptions.server";

/** How the shop names its plans, as the sandbox's pages show them. */
export interface SandboxPlanLabels {
  /** "Pro Monthly" */
  planName(planType: PlanType): string;
  /** What one charge buys: "/month", "/quarter". */
  periodLabel(planType: PlanType): string;
}

/** The membership facts the sandbox's Pro pages need (the port they take). */
export type { SandboxPortalView } from "./portal-view";
import type { SandboxPortalView } from "./portal-view";

export interface SandboxMembership extends SandboxPlanLabels {
  /** The customer is a paid-up member now: a second sign-up must not be charged. */
  isMember(userId: string, now: Date): Promise<boolean>;
}

export interface SandboxProPageDeps extends SandboxPageDeps {
  membership: SandboxMembership;
}

/** The sign-up page's session: a subscription-mode session of this viewer, else null. */
export async function loadSandboxSignup(db: Db, sessionId: string, viewerId: string | null, labels: SandboxPlanLabels, now = new Date()) {
  const page = await loadHostedSession(db, sessionId, viewerId, now);
  if (!page || page.kind !== "subscription") return null;
  const row = await getSandboxSession(db, sessionId);
  const planType: PlanType = row?.metadata?.planType === "quarterly" ? "quarterly" : "monthly";
  return { ...page, planType, planName: labels.planName(planType), periodLabel: labels.periodLabel(planType) };
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
export async function paySandboxSignup(db: Db, sessionId: string, cardNumber: string, deps: SandboxProPageDeps): Promise<SandboxSignupResult> {
  const now = deps.now ?? new Date();
  const page = await loadSandboxSignup(db, sessionId, deps.viewerId, deps.membership, now);
  if (!page) return { status: "not_found" };
  if (page.state !== "open") return { status: "closed", state: page.state };
  const card = checkSandboxCard(cardNumber);
  if (!card.ok) return { status: "invalid", message: card.message };
  if (card.outcome === "decline") return { status: "declined" };
  // A sign-up page opened before the customer became Pro elsewhere must not start a second membership.
  if (deps.viewerId && (await deps.membership.isMember(deps.viewerId, now))) return { status: "already_member" };

  const settled = await settleSandboxSession(db, sessionId, "pay", now);
  if (!settled) {
    const again = await loadSandboxSignup(db, sessionId, deps.viewerId, deps.membership, now);
    return again ? { status: "closed", state: again.state } : { status: "not_found" };
  }
  try {
    await deps.dispatch(settled.event, { now });
  } catch (error) {
    // Paid all the same: the success page asks the provider and applies the session itself.
    processLog().error({ eventId: settled.event.id, reason: loggableMessage(error) }, "sandbox: a sign-up event failed; the success page will apply it");
  }
  return { status: "paid", redirectTo: sandboxSuccessUrl(settled.row) };
}

/** The portal session for this viewer (null if it is not theirs or not a portal session). */
export async function loadSandboxPortal(
  db: Db,
  portalId: string,
  viewerId: string | null,
  labels: SandboxPlanLabels,
  now = new Date(),
): Promise<SandboxPortalView | null> {
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
        planName: labels.planName(s.planType),
        amount: s.amount,
        periodLabel: labels.periodLabel(s.planType),
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
  deps: SandboxProPageDeps,
): Promise<SandboxPortalResult> {
  const now = deps.now ?? new Date();
  const portal = await loadSandboxPortal(db, portalId, deps.viewerId, deps.membership, now);
  if (!portal || !portal.subscriptions.some((s) => s.id === subscriptionId)) return { status: "not_found" };
  if (portal.state !== "open") return { status: "expired" };
  const event = await setSandboxCancelAtPeriodEnd(db, subscriptionId, cancel, now);
  if (!event) return { status: "unchanged" };
  await deliver(db, subscriptionId, event, deps, now);
  return { status: "changed" };
}

async function deliver(db: Db, subscriptionId: string, event: PaymentEvent, deps: SandboxPageDeps, now: Date) {
  try {
    await deps.dispatch(event, { now });
    await markSandboxEventDelivered(db, subscriptionId, event);
  } catch (error) {
    // Stays pending on the sandbox row; the billing job delivers it again.
    processLog().error({ eventId: event.id, reason: loggableMessage(error) }, "sandbox: an event failed; it will be delivered again");
  }
}
