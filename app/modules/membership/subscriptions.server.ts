import { and, desc, eq, ne } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { subscriptions } from "~/db/schema";
import { CHECKOUT_SESSION_ID_TEMPLATE, PaymentProviderError, type PaymentProvider } from "~/modules/payments/provider";
import { loggableMessage, processLog } from "~/utils/log.server";
import { MEMBERSHIP_MESSAGES, type ProPlanType } from "./plans";
import { isPremium } from "./premium.server";
import { providerCustomerIdFor, syncSubscription, type SyncOptions } from "./subscription-sync.server";

export interface MembershipConfig {
  /** PUBLIC_URL: the provider's pages link back with absolute URLs. */
  publicUrl: string;
}

export type HostedPageResult =
  | { ok: true; url: string }
  | {
      ok: false;
      code: "unauthenticated" | "already_member" | "payment_overdue" | "no_subscription" | "provider_error";
      status: number;
      message: string;
    };

/** The spec §8 text for a provider failure: the status when the provider gave one, else the generic text. */
function providerFailure(kind: "subscription" | "portal", error: unknown): HostedPageResult {
  const status = error instanceof PaymentProviderError ? error.status : undefined;
  const message = (error as Error)?.message ?? "";
  processLog().error({ kind, status, reason: loggableMessage(error) }, "membership: payment session could not be created");
  if (/no (checkout|portal) url/i.test(message)) {
    return {
      ok: false,
      code: "provider_error",
      status: 502,
      message: kind === "subscription" ? MEMBERSHIP_MESSAGES.noCheckoutUrl : MEMBERSHIP_MESSAGES.noPortalUrl,
    };
  }
  if (typeof status === "number") {
    return {
      ok: false,
      code: "provider_error",
      status: 502,
      message: kind === "subscription" ? MEMBERSHIP_MESSAGES.subscriptionFailedStatus(status) : MEMBERSHIP_MESSAGES.portalFailedStatus(status),
    };
  }
  return {
    ok: false,
    code: "provider_error",
    status: 502,
    message: kind === "subscription" ? MEMBERSHIP_MESSAGES.subscriptionFailed : MEMBERSHIP_MESSAGES.portalFailed,
  };
}

/**
 * "Subscribe": opens the provider's hosted sign-up page for a plan. The customer comes from
 * the session (never the form); the price from the provider's configuration (never the
 * form). `attempt` is a token from the page the button was on, so a double-click is one
 * session and a fresh visit is a fresh one.
 */
export async function startSubscription(
  db: Db,
  provider: PaymentProvider,
  input: { user: { id: string; email: string } | null; planType: ProPlanType; attempt: string },
  config: MembershipConfig,
): Promise<HostedPageResult> {
  if (!input.user) return { ok: false, code: "unauthenticated", status: 401, message: MEMBERSHIP_MESSAGES.notAuthenticated };
  const { user } = input;
  if (await isPremium(db, user.id)) {
    return {
      ok: false,
      code: "already_member",
      status: 409,
      message: "You are already a Pro member. Use Manage subscription to change or cancel your membership.",
    };
  }
  // A membership whose renewal failed is still being retried by the provider: a second one
  // would charge twice once the card works again. The portal is where the card is updated.
  const [overdue] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, user.id), eq(subscriptions.status, "past_due")))
    .limit(1);
  if (overdue) {
    return {
      ok: false,
      code: "payment_overdue",
      status: 409,
      message: "Your last membership payment did not go through. Use Manage subscription to update your card or cancel before starting a new plan.",
    };
  }
  try {
    const session = await provider.createSubscriptionSession({
      userId: user.id,
      planType: input.planType,
      customerEmail: user.email,
      customerId: await providerCustomerIdFor(db, user.id, provider.name),
      clientReferenceId: user.id,
      metadata: { userId: user.id, planType: input.planType },
      successUrl: `${config.publicUrl}/pro?session_id=${CHECKOUT_SESSION_ID_TEMPLATE}`,
      cancelUrl: `${config.publicUrl}/pro?cancelled=1`,
      idempotencyKey: `pro-${user.id}-${input.planType}-${input.attempt}`,
    });
    if (!session.url) return providerFailure("subscription", new Error("No checkout URL"));
    return { ok: true, url: session.url };
  } catch (error) {
    return providerFailure("subscription", error);
  }
}

/** "Manage subscription": the provider's billing portal for the member's customer record. */
export async function openBillingPortal(
  db: Db,
  provider: PaymentProvider,
  input: { userId: string | null },
  config: MembershipConfig,
): Promise<HostedPageResult> {
  if (!input.userId) return { ok: false, code: "unauthenticated", status: 401, message: MEMBERSHIP_MESSAGES.notAuthenticated };
  const customerId = await providerCustomerIdFor(db, input.userId, provider.name);
  if (!customerId) {
    return { ok: false, code: "no_subscription", status: 404, message: "You have no subscription to manage yet." };
  }
  try {
    const session = await provider.createPortalSession({
      customerId,
      returnUrl: `${config.publicUrl}/account?tab=subscription`,
      userId: input.userId,
    });
    if (!session.url) return providerFailure("portal", new Error("No portal URL"));
    return { ok: true, url: session.url };
  } catch (error) {
    return providerFailure("portal", error);
  }
}

export type ConfirmResult = { status: "active" } | { status: "pending" } | { status: "not_found" };

/**
 * The sign-up success page: the browser may come back before the provider's event does, so
 * the page asks the provider about its own session and applies it (the same idempotent sync
 * as the event). Only the customer the session was made for may confirm it.
 */
export async function confirmSubscriptionCheckout(
  db: Db,
  provider: PaymentProvider,
  sessionId: string,
  viewerId: string,
  now = new Date(),
  options: SyncOptions = {},
): Promise<ConfirmResult> {
  let session;
  try {
    session = await provider.retrieveCheckoutSession(sessionId);
  } catch (error) {
    processLog().error({ sessionId, reason: loggableMessage(error) }, "membership: could not look up a payment session");
    return { status: "pending" };
  }
  if (!session || session.mode !== "subscription") return { status: "not_found" };
  const owner = session.metadata.userId ?? session.clientReferenceId;
  if (owner !== viewerId) return { status: "not_found" };
  const paid = session.status === "complete" && session.paymentStatus !== "unpaid";
  if (!paid || !session.subscriptionId) return { status: "pending" };
  try {
    const result = await syncSubscription(
      db,
      provider,
      session.subscriptionId,
      {
        userId: owner,
        paymentSessionId: session.id,
        planType: session.metadata.planType,
        amount: session.amountTotal,
        customerId: session.customerId,
      },
      now,
      options,
    );
    return result.status === "applied" && result.premium ? { status: "active" } : { status: "pending" };
  } catch (error) {
    processLog().error({ sessionId, reason: loggableMessage(error) }, "membership: could not apply a payment session");
    return { status: "pending" };
  }
}

export interface MembershipSummary {
  isPremium: boolean;
  /** The subscription shown on /pro: the newest one that has not ended. */
  subscription: {
    planType: string;
    status: string;
    amount: number;
    currentPeriodEnd: Date | null;
    cancelAtPeriodEnd: boolean;
  } | null;
  /** A provider customer exists, so "Manage subscription" has somewhere to go. */
  canManage: boolean;
}

export async function getMembershipSummary(db: Db, userId: string, providerName: string, now = new Date()): Promise<MembershipSummary> {
  const [premium, [subscription], customerId] = await Promise.all([
    isPremium(db, userId, now),
    db
      .select({
        planType: subscriptions.planType,
        status: subscriptions.status,
        amount: subscriptions.amount,
        currentPeriodEnd: subscriptions.currentPeriodEnd,
        cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, "expired"), ne(subscriptions.status, "incomplete")))
      .orderBy(desc(subscriptions.createdAt))
      .limit(1),
    providerCustomerIdFor(db, userId, providerName),
  ]);
  return { isPremium: premium, subscription: subscription ?? null, canManage: customerId !== null };
}


