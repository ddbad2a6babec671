/**
 * The built-in sandbox payment provider: the `PaymentProvider` the shop uses when no
 * STRIPE_SECRET_KEY is set, so `npm start` works offline and never takes real money. Its
 * sessions are rows of `sandbox_sessions`; its hosted pages are the shop's own
 * (/sandbox/checkout, /sandbox/subscription, /sandbox/portal: checkout-page.server.ts and
 * pro-pages.server.ts in this folder); its subscriptions and their billing run are in
 * subscriptions.server.ts. Everything it produces is Stripe-shaped.
 */
import { createHash, createHmac, randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { sandboxSessions } from "~/db/schema";
import {
  CHECKOUT_SESSION_ID_TEMPLATE,
  PaymentProviderError,
  WebhookSignatureError,
  type CheckoutSessionInfo,
  type CreateCheckoutSessionInput,
  type CreatePortalSessionInput,
  type CreateSubscriptionSessionInput,
  type HostedSession,
  type PaymentEvent,
  type PaymentProvider,
  type PlanType,
  type RefundInput,
  type RefundResult,
  type SubscriptionInfo,
} from "../provider";
import { cancelSandboxSubscriptionNow, retrieveSandboxSubscription, runSandboxBilling } from "./subscriptions.server";

export interface SandboxConfig {
  publicUrl: string;
  /** Pro prices in pence (env PRO_MONTHLY_PRICE_PENCE / PRO_QUARTERLY_PRICE_PENCE). */
  planPrices: Record<PlanType, number>;
}

type SandboxRow = typeof sandboxSessions.$inferSelect;

/** How long an unpaid subscription or portal session stays usable (Stripe: 24 h; shorter is kinder to tests). */
const SUBSCRIPTION_SESSION_MINUTES = 60;

/** Same key → same id (refunds: a repeated refund is the same refund). */
function idFromKey(prefix: string, key: string): string {
  return `${prefix}_${createHash("sha256").update(key).digest("hex").slice(0, 24)}`;
}

/** The id suffix shared by a session's payment intent / subscription / customer ids. */
function suffixOf(sessionId: string): string {
  return sessionId.replace(/^cs_sbx_/, "");
}

export function sandboxCustomerId(userId: string): string {
  return `cus_sbx_${userId.replace(/-/g, "")}`;
}

export function sandboxPaymentIntentId(sessionId: string): string {
  return `pi_sbx_${suffixOf(sessionId)}`;
}

/**
 * The sandbox's stand-in for Stripe's card fingerprint (`payment_method.card.fingerprint`): the
 * same test card number always gives the same value, another number another value, and the
 * number itself cannot be read back. The key is fixed on purpose: the sandbox's cards are
 * Stripe's public test numbers, so the value only has to be stable, not secret.
 */
export function sandboxCardFingerprint(cardDigits: string): string {
  return createHmac("sha256", "nearmint-sandbox-card-fingerprint").update(cardDigits).digest("base64url").slice(0, 16);
}

export function sandboxSubscriptionId(sessionId: string): string {
  return `sub_sbx_${suffixOf(sessionId)}`;
}

export function sandboxCheckoutUrl(publicUrl: string, sessionId: string): string {
  return `${publicUrl}/sandbox/checkout/${sessionId}`;
}

/** Where the browser goes after paying: the success URL with the session id filled in. */
export function sandboxSuccessUrl(row: Pick<SandboxRow, "id" | "successUrl">): string {
  return row.successUrl.replace(CHECKOUT_SESSION_ID_TEMPLATE, row.id);
}

/** The Pro sign-up page (app/routes/sandbox-subscription.tsx, pro-pages.server.ts). */
export function sandboxSubscriptionUrl(publicUrl: string, sessionId: string): string {
  return `${publicUrl}/sandbox/subscription/${sessionId}`;
}

export function sandboxPortalUrl(publicUrl: string, sessionId: string): string {
  return `${publicUrl}/sandbox/portal/${sessionId}`;
}

/**
 * Stripe's session status for a stored sandbox session. A declined or cancelled sandbox
 * session can no longer be paid, which Stripe would call "expired".
 */
function stripeStatus(row: SandboxRow, now: Date): CheckoutSessionInfo["status"] {
  if (row.status === "complete") return "complete";
  if (row.status === "open" && row.expiresAt > now) return "open";
  return "expired";
}

/** The session as Stripe would return it (`checkout.session` object), for sandbox events. */
export function sandboxSessionObject(row: SandboxRow, now = new Date()): Record<string, unknown> {
  const info = sandboxSessionInfo(row, now);
  // What Stripe gives when the session is read with `expand: ["payment_intent.payment_method"]`
  // (the Stripe adapter asks for that, for the card's fingerprint).
  const paymentIntent =
    info.paymentIntentId && info.cardFingerprint
      ? {
          id: info.paymentIntentId,
          object: "payment_intent",
          payment_method: {
            id: info.paymentIntentId.replace(/^pi_/, "pm_"),
            object: "payment_method",
            type: "card",
            card: { fingerprint: info.cardFingerprint },
          },
        }
      : info.paymentIntentId;
  return {
    id: info.id,
    object: "checkout.session",
    mode: info.mode,
    status: info.status,
    payment_status: info.paymentStatus,
    amount_total: info.amountTotal,
    currency: info.currency,
    client_reference_id: info.clientReferenceId,
    metadata: info.metadata,
    payment_intent: paymentIntent,
    customer: info.customerId,
    subscription: info.subscriptionId,
    customer_email: info.customerEmail,
    expires_at: Math.floor(row.expiresAt.getTime() / 1000),
    livemode: false,
  };
}

export function sandboxSessionInfo(row: SandboxRow, now = new Date()): CheckoutSessionInfo {
  const paid = row.status === "complete";
  // The sandbox keeps its own bookkeeping in metadata; callers see only what they put there.
  const { idempotencyKey: _key, customerEmail, customerId, cardFingerprint, ...metadata } = row.metadata ?? {};
  const mode = row.kind === "subscription" ? "subscription" : "payment";
  return {
    id: row.id,
    mode,
    status: stripeStatus(row, now),
    paymentStatus: paid ? (row.amount === 0 ? "no_payment_required" : "paid") : "unpaid",
    amountTotal: row.amount,
    currency: row.currency,
    clientReferenceId: row.clientReferenceId,
    metadata,
    paymentIntentId: paid && mode === "payment" ? sandboxPaymentIntentId(row.id) : null,
    customerId: customerId ?? (row.userId ? sandboxCustomerId(row.userId) : null),
    subscriptionId: paid && mode === "subscription" ? sandboxSubscriptionId(row.id) : null,
    customerEmail: customerEmail ?? null,
    expiresAt: row.expiresAt,
    cardFingerprint: paid && mode === "payment" ? (cardFingerprint ?? null) : null,
  };
}

export function createSandboxProvider(db: Db, config: SandboxConfig): PaymentProvider {
  /**
   * Stores a session unless one was already made with the same idempotency key (kept in its
   * metadata). Ids are random: they are bearer links to the hosted page and must not be guessable.
   */
  async function insertOrGet(idempotencyKey: string, values: Omit<typeof sandboxSessions.$inferInsert, "id">): Promise<SandboxRow> {
    const [existing] = await db
      .select()
      .from(sandboxSessions)
      .where(sql`${sandboxSessions.metadata} @> ${JSON.stringify({ idempotencyKey })}::jsonb`)
      .limit(1);
    if (existing) return existing;
    const [row] = await db
      .insert(sandboxSessions)
      .values({ ...values, id: `cs_sbx_${randomBytes(12).toString("hex")}`, metadata: { ...values.metadata, idempotencyKey } })
      .returning();
    if (!row) throw new PaymentProviderError("sandbox session could not be stored");
    return row;
  }

  return {
    name: "sandbox",

    async createCheckoutSession(input: CreateCheckoutSessionInput): Promise<HostedSession> {
      const lineItems = input.lineItems.map((l) => ({ name: l.name, quantity: l.quantity, unitAmount: l.unitAmount }));
      if (input.discountAmount > 0) {
        lineItems.push({ name: input.discountLabel ?? "Discount", quantity: 1, unitAmount: -input.discountAmount });
      }
      const row = await insertOrGet(input.idempotencyKey, {
        kind: "payment",
        userId: input.userId,
        amount: input.amountTotal,
        description: `Order ${input.clientReferenceId}`,
        lineItems,
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        clientReferenceId: input.clientReferenceId,
        metadata: { ...input.metadata, customerEmail: input.customerEmail },
        expiresAt: input.expiresAt,
      });
      return { id: row.id, url: sandboxCheckoutUrl(config.publicUrl, row.id), expiresAt: row.expiresAt };
    },

    async createSubscriptionSession(input: CreateSubscriptionSessionInput): Promise<HostedSession> {
      const amount = config.planPrices[input.planType];
      const row = await insertOrGet(input.idempotencyKey, {
        kind: "subscription",
        userId: input.userId,
        amount,
        description: `Pro membership (${input.planType})`,
        lineItems: [{ name: `Pro membership, ${input.planType}`, quantity: 1, unitAmount: amount }],
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        clientReferenceId: input.clientReferenceId,
        metadata: {
          ...input.metadata,
          planType: input.planType,
          userId: input.userId,
          customerEmail: input.customerEmail,
          customerId: input.customerId ?? sandboxCustomerId(input.userId),
        },
        expiresAt: new Date(Date.now() + SUBSCRIPTION_SESSION_MINUTES * 60_000),
      });
      return { id: row.id, url: sandboxSubscriptionUrl(config.publicUrl, row.id), expiresAt: row.expiresAt };
    },

    async createPortalSession(input: CreatePortalSessionInput): Promise<HostedSession> {
      const row = await insertOrGet(`portal-${randomBytes(12).toString("hex")}`, {
        kind: "portal",
        userId: input.userId ?? null,
        successUrl: input.returnUrl,
        cancelUrl: input.returnUrl,
        metadata: { customerId: input.customerId },
        expiresAt: new Date(Date.now() + SUBSCRIPTION_SESSION_MINUTES * 60_000),
      });
      return { id: row.id, url: sandboxPortalUrl(config.publicUrl, row.id), expiresAt: row.expiresAt };
    },

    async retrieveCheckoutSession(sessionId: string): Promise<CheckoutSessionInfo | null> {
      const [row] = await db.select().from(sandboxSessions).where(eq(sandboxSessions.id, sessionId));
      if (!row || row.kind === "portal") return null;
      return sandboxSessionInfo(row);
    },

    async expireCheckoutSession(sessionId: string): Promise<void> {
      await db
        .update(sandboxSessions)
        .set({ status: sql`CASE WHEN ${sandboxSessions.expiresAt} <= now() THEN 'expired' ELSE 'cancelled' END` })
        .where(and(eq(sandboxSessions.id, sessionId), eq(sandboxSessions.status, "open")));
    },

    async refundPayment(input: RefundInput): Promise<RefundResult> {
      // No money moved, so nothing to return: the caller's row in `refunds` is the refund.
      return { id: idFromKey("re_sbx", input.idempotencyKey), status: "succeeded", amount: input.amount };
    },

    async cancelSubscription(subscriptionId: string): Promise<void> {
      // Its `customer.subscription.deleted` is delivered by the billing run, as Stripe's webhook would be.
      await cancelSandboxSubscriptionNow(db, subscriptionId);
    },

    parseWebhook(): PaymentEvent {
      throw new WebhookSignatureError("The sandbox payment provider does not receive webhooks");
    },

    retrieveSubscription(subscriptionId: string): Promise<SubscriptionInfo | null> {
      return retrieveSandboxSubscription(db, subscriptionId);
    },

    // What Stripe Billing does on its side: renewals and cancellations at the period end.
    advanceBilling(deliver, now = new Date()) {
      return runSandboxBilling(db, deliver, now);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The hosted pages' side: a session paid (or declined) with a test card (see card.ts).

export async function getSandboxSession(db: Db, sessionId: string): Promise<SandboxRow | null> {
  const [row] = await db.select().from(sandboxSessions).where(eq(sandboxSessions.id, sessionId));
  return row ?? null;
}

/**
 * Moves an open, unexpired sandbox session to `complete` or `declined` exactly once (a
 * guarded update), and returns the Stripe-shaped event that describes it; null when the
 * session was no longer open (paid twice, expired, cancelled). A payment keeps the card's
 * simulated fingerprint (never the number), which its event then carries.
 */
export async function settleSandboxSession(
  db: Db,
  sessionId: string,
  outcome: "pay" | "decline",
  now = new Date(),
  cardDigits: string | null = null,
): Promise<{ row: SandboxRow; event: PaymentEvent } | null> {
  const fingerprint = cardDigits ? { cardFingerprint: sandboxCardFingerprint(cardDigits) } : {};
  const [row] = await db
    .update(sandboxSessions)
    .set(
      outcome === "pay"
        ? { status: "complete", completedAt: now, metadata: sql`coalesce(${sandboxSessions.metadata}, '{}'::jsonb) || ${JSON.stringify(fingerprint)}::jsonb` }
        : { status: "declined" },
    )
    .where(
      and(
        eq(sandboxSessions.id, sessionId),
        eq(sandboxSessions.status, "open"),
        sql`${sandboxSessions.expiresAt} > ${now}`,
      ),
    )
    .returning();
  if (!row) return null;
  // Stripe's names: a finished payment is `checkout.session.completed`; a failed one that ends
  // the session is reported like an asynchronous payment failure.
  const type = outcome === "pay" ? "checkout.session.completed" : "checkout.session.async_payment_failed";
  const object = sandboxSessionObject(row, now);
  const id = `evt_sbx_${suffixOf(row.id)}_${outcome === "pay" ? "completed" : "failed"}`;
  const created = Math.floor(now.getTime() / 1000);
  const event: PaymentEvent = {
    id,
    provider: "sandbox",
    type,
    created,
    object,
    raw: { id, object: "event", type, created, data: { object } },
  };
  return { row, event };
}
