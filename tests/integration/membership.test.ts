import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { paymentEvents, profiles, sandboxSessions, subscriptions } from "~/db/schema";
import { expirePremiumStatuses, isPremium } from "~/modules/membership/premium.server";
import { syncSubscription } from "~/modules/membership/subscription-sync.server";
import { confirmSubscriptionCheckout, openBillingPortal, startSubscription } from "~/modules/membership/subscriptions.server";
import { paymentProviderFor } from "~/modules/payments/payment-provider.server";
import type { PaymentEvent, PaymentProvider } from "~/modules/payments/provider";
import { changeSandboxCancellation, loadSandboxPortal, paySandboxSignup } from "~/modules/payments/sandbox/pro-pages.server";
import { runSandboxBilling } from "~/modules/payments/sandbox/subscriptions.server";
import { createStripeProvider } from "~/modules/payments/stripe-provider.server";
import { dispatchPaymentEvent, paymentsFor } from "~/web/payments.server";
import { action as webhookAction } from "~/routes/api-stripe-webhook";
import { action as proAction } from "~/routes/pro";
import { runBillingAndMembership } from "../../server/jobs";
import { startStripeFake, type StripeFake, type StripeObject } from "../fakes/stripe-fake";
import { createUser, formRequest, settle, testContext } from "../support/accounts";
import { createTestDatabase, type TestDatabase } from "../setup/database";

const WEBHOOK_SECRET = "whsec_test_membership";
const PUBLIC_URL = "https://shop.test";


let database: TestDatabase;
let fake: StripeFake;
let stripeContext: AppLoadContext;
let stripe: PaymentProvider;

beforeAll(async () => {
  [database, fake] = await Promise.all([createTestDatabase(), startStripeFake()]);
  stripeContext = testContext(database.db, {
    STRIPE_SECRET_KEY: "sk_test_membership",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.url,
  });
  stripe = paymentProviderFor(stripeContext);
});
afterAll(async () => {
  await Promise.all([database?.destroy(), fake?.close()]);
});
beforeEach(() => {
  fake.requests.length = 0;
});

const db = () => database.db;

/** A delivery to the real webhook route, signed as Stripe signs it. */
function deliver(type: string, object: StripeObject, options: { id?: string; timestamp?: number } = {}) {
  const event = fake.signedEvent(type, structuredClone(object), WEBHOOK_SECRET, options);
  const request = new Request(`${PUBLIC_URL}/api/stripe/webhook`, {
    method: "POST",
    body: event.payload,
    headers: { "Content-Type": "application/json", "Stripe-Signature": event.header },
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return settle(() => webhookAction({ request, context: stripeContext, params: {} } as any)).then((r) => ({ ...r, eventId: event.id }));
}

async function rowOf(providerSubscriptionId: string) {
  const [row] = await db().select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId));
  return row;
}

async function premiumCache(userId: string) {
  const [row] = await db().select({ premium: profiles.premiumStatus }).from(profiles).where(eq(profiles.id, userId));
  return row?.premium;
}

const seconds = (d: Date | null | undefined) => (d ? Math.floor(d.getTime() / 1000) : null);

/** A customer who opened Stripe's subscription page for a plan and paid: the fake's state, nothing delivered yet. */
async function paidOnStripe(planType: "monthly" | "quarterly" = "monthly", options: { now?: number } = {}) {
  const user = await createUser(db());
  const started = await startSubscription(
    db(),
    stripe,
    { user: { id: user.id, email: user.email }, planType, attempt: crypto.randomUUID() },
    { publicUrl: PUBLIC_URL },
  );
  if (!started.ok) throw new Error(started.message);
  const sessionId = started.url.split("/").pop()!;
  const paid = fake.completeSubscriptionSession(sessionId, options);
  return { user, sessionId, ...paid };
}

describe("starting a subscription and opening the portal (spec §8 texts)", () => {
  it("opens a Stripe subscription-mode session with our metadata and the plan's recurring price", async () => {
    const user = await createUser(db());
    const result = await startSubscription(
      db(),
      stripe,
      { user: { id: user.id, email: user.email }, planType: "quarterly", attempt: crypto.randomUUID() },
      { publicUrl: PUBLIC_URL },
    );
    expect(result.ok).toBe(true);
    const create = fake.requests.find((r) => r.method === "POST" && r.path === "/v1/checkout/sessions")!;
    expect(create.body).toMatchObject({
      mode: "subscription",
      client_reference_id: user.id,
      customer_email: user.email,
      metadata: { userId: user.id, planType: "quarterly" },
      subscription_data: { metadata: { userId: user.id, planType: "quarterly" } },
      success_url: `${PUBLIC_URL}/pro?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${PUBLIC_URL}/pro?cancelled=1`,
      line_items: [{ quantity: "1", price_data: { unit_amount: "1299", currency: "gbp", recurring: { interval: "month", interval_count: "3" } } }],
    });
  });

  it("uses the configured Stripe price id when there is one", async () => {
    const provider = createStripeProvider({
      secretKey: "sk_test_membership",
      apiBase: fake.url,
      planPriceIds: { monthly: "price_pro_monthly" },
      planPrices: { monthly: 499, quarterly: 1299 },
    });
    const user = await createUser(db());
    const result = await startSubscription(db(), provider, { user: { id: user.id, email: user.email }, planType: "monthly", attempt: crypto.randomUUID() }, { publicUrl: PUBLIC_URL });
    expect(result.ok).toBe(true);
    expect(fake.requests.at(-1)!.body.line_items).toEqual([{ price: "price_pro_monthly", quantity: "1" }]);
  });

  it("refuses a guest with 'User not authenticated'; the route sends them to sign in and back to /pro", async () => {
    const result = await startSubscription(db(), stripe, { user: null, planType: "monthly", attempt: crypto.randomUUID() }, { publicUrl: PUBLIC_URL });
    expect(result).toMatchObject({ ok: false, code: "unauthenticated", message: "User not authenticated" });
    const response = await settle(() =>
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      proAction({ request: formRequest("/pro", { intent: "subscribe", plan: "monthly", attempt: crypto.randomUUID() }), context: stripeContext, params: {} } as any),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fpro");
    expect(fake.requests).toHaveLength(0);
  });

  it("answers a bad plan or a missing token with 400 and asks nothing of the provider", async () => {
    const bad: Record<string, string>[] = [{ intent: "subscribe", plan: "yearly", attempt: crypto.randomUUID() }, { intent: "subscribe", plan: "monthly" }, { intent: "nope" }];
    for (const fields of bad) {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const response = await settle(() => proAction({ request: formRequest("/pro", fields), context: stripeContext, params: {} } as any));
      expect(response.status).toBe(400);
    }
    expect(fake.requests).toHaveLength(0);
  });

  it("shows the spec's texts when the provider fails", async () => {
    const user = await createUser(db());
    const input = () => ({ user: { id: user.id, email: user.email }, planType: "monthly" as const, attempt: crypto.randomUUID() });
    const portal = { userId: user.id };
    const cfg = { publicUrl: PUBLIC_URL };

    fake.failNext("POST", /^\/v1\/checkout\/sessions$/, 500);
    expect(await startSubscription(db(), stripe, input(), cfg)).toMatchObject({ ok: false, message: "Failed to create subscription session: 500" });

    // The portal needs a customer: one from an earlier subscription.
    await db().insert(subscriptions).values({
      userId: user.id,
      provider: "stripe",
      providerSubscriptionId: `sub_old_${user.id.slice(0, 8)}`,
      providerCustomerId: "cus_existing",
      planType: "monthly",
      status: "expired",
      amount: 499,
    });
    fake.failNext("POST", /^\/v1\/billing_portal\/sessions$/, 503);
    expect(await openBillingPortal(db(), stripe, portal, cfg)).toMatchObject({ ok: false, message: "Failed to create management session: 503" });
    const opened = await openBillingPortal(db(), stripe, portal, cfg);
    expect(opened).toMatchObject({ ok: true, url: expect.stringMatching(/^https:\/\/billing\.stripe\.test\//) });
    expect(fake.requests.at(-1)!.body).toEqual({ customer: "cus_existing", return_url: `${PUBLIC_URL}/account?tab=subscription` });

    // A provider that answers without a URL.
    const broken = await startStripeFake();
    try {
      broken.route("POST", /^\/v1\/checkout\/sessions$/, () => ({ status: 200, body: { id: "cs_test_nourl", object: "checkout.session", url: null, expires_at: 0 } }));
      broken.route("POST", /^\/v1\/billing_portal\/sessions$/, () => ({ status: 200, body: { id: "bps_nourl", object: "billing_portal.session", url: null } }));
      const noUrl = createStripeProvider({ secretKey: "sk_test_x", apiBase: broken.url, planPrices: { monthly: 499, quarterly: 1299 } });
      expect(await startSubscription(db(), noUrl, input(), cfg)).toMatchObject({ ok: false, message: "No checkout URL returned from server" });
      expect(await openBillingPortal(db(), noUrl, portal, cfg)).toMatchObject({ ok: false, message: "No portal URL returned from server" });
    } finally {
      await broken.close();
    }

    // A provider that cannot be reached at all: no status, the generic texts.
    const unreachable = createStripeProvider({ secretKey: "sk_test_x", apiBase: "http://127.0.0.1:9", planPrices: { monthly: 499, quarterly: 1299 } });
    expect(await startSubscription(db(), unreachable, input(), cfg)).toMatchObject({ ok: false, message: "Failed to create subscription session" });
    expect(await openBillingPortal(db(), unreachable, portal, cfg)).toMatchObject({
      ok: false,
      message: "Failed to create subscription management session",
    });
  });

  it("has no portal for someone who never subscribed, and none for a guest", async () => {
    const user = await createUser(db());
    expect(await openBillingPortal(db(), stripe, { userId: user.id }, { publicUrl: PUBLIC_URL })).toMatchObject({ ok: false, code: "no_subscription", status: 404 });
    expect(await openBillingPortal(db(), stripe, { userId: null }, { publicUrl: PUBLIC_URL })).toMatchObject({ ok: false, message: "User not authenticated" });
    expect(fake.requests).toHaveLength(0);
  });
});

describe("Stripe webhooks: the subscription's life", () => {
  it("stores the subscription on checkout.session.completed and makes the customer Pro at once", async () => {
    const { user, session, subscription } = await paidOnStripe("monthly");
    const response = await deliver("checkout.session.completed", session);
    expect(response).toMatchObject({ status: 200, body: { received: true, outcome: "processed" } });

    const row = await rowOf(subscription.id);
    const periodEnd = subscription.items.data[0].current_period_end;
    expect(row).toMatchObject({
      userId: user.id,
      provider: "stripe",
      paymentSessionId: session.id,
      providerCustomerId: session.customer,
      planType: "monthly",
      status: "active",
      cancelAtPeriodEnd: false,
      amount: 499,
    });
    expect(seconds(row!.startDate)).toBe(subscription.start_date);
    expect(seconds(row!.currentPeriodEnd)).toBe(periodEnd);
    expect(seconds(row!.endDate)).toBe(periodEnd);
    // One calendar month after the start.
    const start = new Date(subscription.start_date * 1000);
    const expected = new Date(start);
    expected.setUTCMonth(start.getUTCMonth() + 1);
    if (expected.getUTCDate() !== start.getUTCDate()) expected.setUTCDate(0);
    expect(periodEnd).toBe(Math.floor(expected.getTime() / 1000));
    expect(await isPremium(db(), user.id)).toBe(true);
    expect(await premiumCache(user.id)).toBe(true);
    const [event] = await db().select().from(paymentEvents).where(eq(paymentEvents.id, response.eventId));
    expect(event?.processedAt).not.toBeNull();
  });

  it("refuses a bad signature and changes nothing; a replay changes nothing either", async () => {
    const { user, session, subscription } = await paidOnStripe();
    const forged = fake.signedEvent("checkout.session.completed", session, "whsec_wrong");
    const request = new Request(`${PUBLIC_URL}/api/stripe/webhook`, {
      method: "POST",
      body: forged.payload,
      headers: { "Stripe-Signature": forged.header },
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const refused = await settle(() => webhookAction({ request, context: stripeContext, params: {} } as any));
    expect(refused.status).toBe(400);
    expect(await rowOf(subscription.id)).toBeUndefined();
    expect(await isPremium(db(), user.id)).toBe(false);

    const id = `evt_replay_${subscription.id}`;
    expect((await deliver("checkout.session.completed", session, { id })).body).toMatchObject({ outcome: "processed" });
    const before = await rowOf(subscription.id);
    // Stripe's state moves on, but a replay of the old event id must not apply anything.
    fake.setCancelAtPeriodEnd(subscription.id, true);
    expect((await deliver("checkout.session.completed", session, { id })).body).toMatchObject({ outcome: "duplicate" });
    expect(await rowOf(subscription.id)).toEqual(before);
  });

  it("renews: invoice.paid extends monthly by one month and quarterly by three", async () => {
    for (const [planType, months] of [["monthly", 1], ["quarterly", 3]] as const) {
      const start = Math.floor(Date.UTC(2026, 0, 31, 9, 0, 0) / 1000); // the 31st: calendar months clamp
      const { user, session, subscription } = await paidOnStripe(planType, { now: start });
      await deliver("checkout.session.completed", session);
      const first = await rowOf(subscription.id);
      expect(first!.currentPeriodEnd!.toISOString()).toBe(planType === "monthly" ? "2026-02-28T09:00:00.000Z" : "2026-04-30T09:00:00.000Z");

      const invoice = fake.renewSubscription(subscription.id);
      expect((await deliver("invoice.paid", invoice)).status).toBe(200);
      const renewed = await rowOf(subscription.id);
      const end = new Date(Date.UTC(2026, 0 + 2 * months, 31, 9, 0, 0));
      if (end.getUTCDate() !== 31) end.setUTCDate(0);
      expect(renewed!.currentPeriodEnd!.toISOString()).toBe(end.toISOString());
      expect(renewed!.endDate!.toISOString()).toBe(end.toISOString());
      expect(renewed!.status).toBe("active");
      expect(renewed!.amount).toBe(planType === "monthly" ? 499 : 1299);
      // Periods in 2026 are long past: not premium by the clock, whatever the status says.
      expect(await isPremium(db(), user.id)).toBe(false);
      expect(await isPremium(db(), user.id, new Date(end.getTime() - 1000))).toBe(true);
    }
  });

  it("cancels: Pro stays until the period end, then customer.subscription.deleted ends it", async () => {
    const { user, session, subscription } = await paidOnStripe();
    await deliver("checkout.session.completed", session);
    const periodEnd = new Date(subscription.items.data[0].current_period_end * 1000);

    await deliver("customer.subscription.updated", fake.setCancelAtPeriodEnd(subscription.id, true));
    expect(await rowOf(subscription.id)).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    expect(await isPremium(db(), user.id)).toBe(true);
    expect(await isPremium(db(), user.id, new Date(periodEnd.getTime() - 1000))).toBe(true);
    expect(await isPremium(db(), user.id, new Date(periodEnd.getTime() + 1000))).toBe(false);

    await deliver("customer.subscription.deleted", fake.endSubscription(subscription.id, { at: subscription.items.data[0].current_period_end }));
    const ended = await rowOf(subscription.id);
    expect(ended).toMatchObject({ status: "expired" });
    expect(ended!.endDate!.getTime()).toBe(periodEnd.getTime());
    expect(await isPremium(db(), user.id)).toBe(false);
    expect(await premiumCache(user.id)).toBe(false);
  });

  it("a failed renewal takes Pro away (past_due); the retried payment gives it back", async () => {
    const { user, session, subscription } = await paidOnStripe();
    await deliver("checkout.session.completed", session);
    const failed = fake.failSubscriptionRenewal(subscription.id);
    await deliver("invoice.payment_failed", failed);
    expect(await rowOf(subscription.id)).toMatchObject({ status: "past_due" });
    expect(await isPremium(db(), user.id)).toBe(false);
    expect(await premiumCache(user.id)).toBe(false);
    // Not a second membership while the first is being retried: the portal is the way.
    const again = await startSubscription(db(), stripe, { user: { id: user.id, email: user.email }, planType: "monthly", attempt: crypto.randomUUID() }, { publicUrl: PUBLIC_URL });
    expect(again).toMatchObject({ ok: false, code: "payment_overdue", status: 409 });
    expect(await openBillingPortal(db(), stripe, { userId: user.id }, { publicUrl: PUBLIC_URL })).toMatchObject({ ok: true });

    await deliver("invoice.paid", fake.payOpenInvoice(failed.id));
    const row = await rowOf(subscription.id);
    expect(row).toMatchObject({ status: "active" });
    expect(seconds(row!.currentPeriodEnd)).toBe(subscription.items.data[0].current_period_end);
    expect(await isPremium(db(), user.id)).toBe(true);
    expect(await premiumCache(user.id)).toBe(true);
  });

  it("is safe against late and out-of-order events", async () => {
    const { user, session, subscription } = await paidOnStripe();
    const firstInvoice = structuredClone(fake.objects.get(subscription.latest_invoice)!);
    const activeCopy = structuredClone(subscription);

    // Stripe often sends the subscription's own events before checkout.session.completed.
    await deliver("customer.subscription.created", activeCopy);
    expect(await rowOf(subscription.id)).toMatchObject({ userId: user.id, status: "active", paymentSessionId: null });
    await deliver("checkout.session.completed", session);
    expect(await rowOf(subscription.id)).toMatchObject({ paymentSessionId: session.id });

    // Renewed twice; then the first period's invoice.paid arrives late: the period never moves back.
    fake.renewSubscription(subscription.id);
    await deliver("invoice.paid", fake.renewSubscription(subscription.id));
    const renewedEnd = (await rowOf(subscription.id))!.currentPeriodEnd;
    await deliver("invoice.paid", firstInvoice);
    expect((await rowOf(subscription.id))!.currentPeriodEnd).toEqual(renewedEnd);

    // Ended; then an old "updated (active)" arrives: it stays ended.
    await deliver("customer.subscription.deleted", fake.endSubscription(subscription.id));
    await deliver("customer.subscription.updated", activeCopy);
    expect(await rowOf(subscription.id)).toMatchObject({ status: "expired" });
    expect(await isPremium(db(), user.id)).toBe(false);

    // Even if the provider itself were to report an older state, we never go back.
    const sub = fake.subscription(subscription.id);
    sub.status = "active";
    sub.items.data[0].current_period_end = activeCopy.items.data[0].current_period_end;
    await syncSubscription(db(), stripe, subscription.id);
    const after = await rowOf(subscription.id);
    expect(after).toMatchObject({ status: "expired" });
    expect(after!.currentPeriodEnd).toEqual(renewedEnd);
  });

  it("cancel and undo delivered in the wrong order end with what Stripe holds now", async () => {
    const { user, session, subscription } = await paidOnStripe();
    await deliver("checkout.session.completed", session);
    const cancelled = structuredClone(fake.setCancelAtPeriodEnd(subscription.id, true));
    const resumed = structuredClone(fake.setCancelAtPeriodEnd(subscription.id, false));
    await deliver("customer.subscription.updated", resumed);
    await deliver("customer.subscription.updated", cancelled); // late
    expect(await rowOf(subscription.id)).toMatchObject({ status: "active", cancelAtPeriodEnd: false });
    expect(await isPremium(db(), user.id)).toBe(true);
  });

  it("one event delivered many times at once is applied once", async () => {
    const { user, session, subscription } = await paidOnStripe();
    const id = `evt_burst_${subscription.id}`;
    const results = await Promise.all(Array.from({ length: 8 }, () => deliver("checkout.session.completed", session, { id })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const rows = await db().select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "active", paymentSessionId: session.id });
    const events = await db().select().from(paymentEvents).where(eq(paymentEvents.id, id));
    expect(events).toHaveLength(1);
    expect(events[0]!.processedAt).not.toBeNull();
  });

  it("ignores subscriptions that are not ours and subscription sessions still unpaid", async () => {
    const { session, subscription } = await paidOnStripe();
    const stranger = structuredClone(subscription);
    stranger.id = "sub_not_ours";
    stranger.metadata = {};
    fake.objects.set(stranger.id, stranger);
    expect((await deliver("customer.subscription.updated", stranger)).body).toMatchObject({ outcome: "processed" });
    expect(await rowOf("sub_not_ours")).toBeUndefined();

    // Someone else's user id in the metadata is not a user here.
    stranger.metadata = { userId: "00000000-0000-4000-8000-000000000000" };
    await deliver("customer.subscription.updated", stranger);
    expect(await rowOf("sub_not_ours")).toBeUndefined();

    // Unknown to Stripe: nothing to apply.
    const ghost = { ...structuredClone(subscription), id: "sub_ghost" };
    expect((await deliver("customer.subscription.updated", ghost)).status).toBe(200);
    expect(await rowOf("sub_ghost")).toBeUndefined();

    const unpaid = { ...structuredClone(session), payment_status: "unpaid", subscription: "sub_other" };
    await deliver("checkout.session.completed", unpaid);
    expect(await rowOf("sub_other")).toBeUndefined();
  });

  it("a payment-mode session is left to orders; a provider outage is retried (500) and then applied", async () => {
    const { user, session, subscription } = await paidOnStripe();
    fake.failNext("GET", /^\/v1\/subscriptions\//, 500);
    const id = `evt_retry_${subscription.id}`;
    const first = await deliver("checkout.session.completed", session, { id });
    expect(first.status).toBe(500);
    expect(await rowOf(subscription.id)).toBeUndefined();
    const [failedEvent] = await db().select().from(paymentEvents).where(eq(paymentEvents.id, id));
    expect(failedEvent).toMatchObject({ processedAt: null });
    expect(failedEvent!.error).toMatch(/subscription lookup failed/);

    const retried = await deliver("checkout.session.completed", session, { id });
    expect(retried).toMatchObject({ status: 200, body: { outcome: "processed" } });
    expect(await isPremium(db(), user.id)).toBe(true);
  });
});

describe("the success page applies the sign-up itself", () => {
  it("confirms a paid session for its own customer only", async () => {
    const { user, sessionId, subscription } = await paidOnStripe();
    const other = await createUser(db());
    expect(await confirmSubscriptionCheckout(db(), stripe, sessionId, other.id)).toEqual({ status: "not_found" });
    expect(await rowOf(subscription.id)).toBeUndefined();
    expect(await confirmSubscriptionCheckout(db(), stripe, sessionId, user.id)).toEqual({ status: "active" });
    expect(await rowOf(subscription.id)).toMatchObject({ userId: user.id, paymentSessionId: sessionId, status: "active" });
    // The webhook that follows finds it done.
    await deliver("checkout.session.completed", fake.session(sessionId));
    expect(await db().select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toHaveLength(1);
  });

  it("says pending while the session is unpaid, and not_found for unknown ids", async () => {
    const user = await createUser(db());
    const started = await startSubscription(db(), stripe, { user: { id: user.id, email: user.email }, planType: "monthly", attempt: crypto.randomUUID() }, { publicUrl: PUBLIC_URL });
    if (!started.ok) throw new Error(started.message);
    expect(await confirmSubscriptionCheckout(db(), stripe, started.url.split("/").pop()!, user.id)).toEqual({ status: "pending" });
    expect(await confirmSubscriptionCheckout(db(), stripe, "cs_test_unknown", user.id)).toEqual({ status: "not_found" });
  });

  it("will not start a second membership for a member", async () => {
    const { user, session } = await paidOnStripe();
    await deliver("checkout.session.completed", session);
    const again = await startSubscription(db(), stripe, { user: { id: user.id, email: user.email }, planType: "quarterly", attempt: crypto.randomUUID() }, { publicUrl: PUBLIC_URL });
    expect(again).toMatchObject({ ok: false, code: "already_member", status: 409 });
  });
});

describe("the sandbox provider", () => {
  let context: AppLoadContext;
  let sandbox: PaymentProvider;
  beforeAll(() => {
    context = testContext(database.db);
    sandbox = paymentProviderFor(context);
  });

  async function signUp(planType: "monthly" | "quarterly" = "monthly", now = new Date()) {
    const user = await createUser(db());
    const started = await startSubscription(db(), sandbox, { user: { id: user.id, email: user.email }, planType, attempt: crypto.randomUUID() }, { publicUrl: PUBLIC_URL });
    if (!started.ok) throw new Error(started.message);
    const sessionId = started.url.split("/").pop()!;
    expect(started.url).toBe(`${PUBLIC_URL}/sandbox/subscription/${sessionId}`);
    const deps = { ...paymentsFor(context), viewerId: user.id, now };
    return { user, sessionId, deps };
  }

  async function sandboxSubscriptionId(userId: string) {
    const [row] = await db().select().from(subscriptions).where(eq(subscriptions.userId, userId));
    return row!.providerSubscriptionId!;
  }

  it("declines 4000 0000 0000 0002 (page stays open), pays with 4242 4242 4242 4242, refuses strangers", async () => {
    const { user, sessionId, deps } = await signUp();
    const stranger = await createUser(db());
    expect(await paySandboxSignup(db(), sessionId, "4242 4242 4242 4242", { ...deps, viewerId: stranger.id })).toEqual({ status: "not_found" });
    expect(await paySandboxSignup(db(), sessionId, "1234", deps)).toMatchObject({ status: "invalid" });
    expect(await paySandboxSignup(db(), sessionId, "4000 0000 0000 0002", deps)).toEqual({ status: "declined" });
    expect(await isPremium(db(), user.id)).toBe(false);

    const paid = await paySandboxSignup(db(), sessionId, "4242 4242 4242 4242", deps);
    expect(paid).toEqual({ status: "paid", redirectTo: `${PUBLIC_URL}/pro?session_id=${sessionId}` });
    expect(await paySandboxSignup(db(), sessionId, "4242 4242 4242 4242", deps)).toMatchObject({ status: "closed", state: "complete" });
    const [row] = await db().select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(row).toMatchObject({ provider: "sandbox", status: "active", planType: "monthly", amount: 499, paymentSessionId: sessionId });
    expect(await isPremium(db(), user.id)).toBe(true);
    expect(await premiumCache(user.id)).toBe(true);
    expect(await confirmSubscriptionCheckout(db(), sandbox, sessionId, user.id)).toEqual({ status: "active" });
  });

  it("renews at the period end through invoice.paid (+1 month; +3 for quarterly), one period per run", async () => {
    const start = new Date(Date.UTC(2026, 0, 31, 12, 0, 0));
    for (const [planType, months] of [["monthly", 1], ["quarterly", 3]] as const) {
      const { user, sessionId, deps } = await signUp(planType, start);
      await paySandboxSignup(db(), sessionId, "4242424242424242", deps);
      const id = await sandboxSubscriptionId(user.id);
      const firstEnd = (await rowOf(id))!.currentPeriodEnd!;
      expect(firstEnd.toISOString()).toBe(planType === "monthly" ? "2026-02-28T12:00:00.000Z" : "2026-04-30T12:00:00.000Z");

      const deliver = (event: PaymentEvent) => dispatchPaymentEvent(db(), event, { provider: sandbox, now: start });
      // Before the period end: nothing is due.
      await runSandboxBilling(db(), deliver, new Date(firstEnd.getTime() - 1000));
      expect((await rowOf(id))!.currentPeriodEnd).toEqual(firstEnd);
      // After it: one renewal, then (run again) nothing more until the next end.
      const later = new Date(firstEnd.getTime() + 1000);
      await runSandboxBilling(db(), deliver, later);
      await runSandboxBilling(db(), deliver, later);
      const second = new Date(Date.UTC(2026, 2 * months, 31, 12, 0, 0));
      if (second.getUTCDate() !== 31) second.setUTCDate(0);
      expect((await rowOf(id))!.currentPeriodEnd!.toISOString()).toBe(second.toISOString());
      expect(await isPremium(db(), user.id, later)).toBe(true);
      const renewals = await db().select().from(paymentEvents).where(eq(paymentEvents.type, "invoice.paid"));
      expect(renewals.filter((e) => JSON.stringify(e.payload).includes(id))).toHaveLength(1);
    }
  });

  it("cancel in the portal keeps Pro until the period end; the billing run then ends it", async () => {
    const { user, sessionId, deps } = await signUp();
    await paySandboxSignup(db(), sessionId, "4242 4242 4242 4242", deps);
    const id = await sandboxSubscriptionId(user.id);
    const portal = await openBillingPortal(db(), sandbox, { userId: user.id }, { publicUrl: PUBLIC_URL });
    if (!portal.ok) throw new Error(portal.message);
    const portalId = portal.url.split("/").pop()!;
    expect(portal.url).toBe(`${PUBLIC_URL}/sandbox/portal/${portalId}`);

    // Only the customer sees their portal, and only their subscriptions in it.
    const stranger = await createUser(db());
    expect(await loadSandboxPortal(db(), portalId, stranger.id, deps.membership)).toBeNull();
    expect(await changeSandboxCancellation(db(), portalId, id, true, { ...deps, viewerId: stranger.id })).toEqual({ status: "not_found" });
    const view = await loadSandboxPortal(db(), portalId, user.id, deps.membership);
    expect(view).toMatchObject({ state: "open", returnUrl: `${PUBLIC_URL}/account?tab=subscription`, subscriptions: [{ id, status: "active", cancelAtPeriodEnd: false }] });

    expect(await changeSandboxCancellation(db(), portalId, id, true, deps)).toEqual({ status: "changed" });
    expect(await changeSandboxCancellation(db(), portalId, id, true, deps)).toEqual({ status: "unchanged" });
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    expect(await isPremium(db(), user.id)).toBe(true);

    const afterEnd = new Date(row!.currentPeriodEnd!.getTime() + 1000);
    await runBillingAndMembership(context, afterEnd);
    expect(await rowOf(id)).toMatchObject({ status: "expired", cancelAtPeriodEnd: true });
    expect(await isPremium(db(), user.id, afterEnd)).toBe(false);
    expect(await premiumCache(user.id)).toBe(false);
    // The portal now shows it ended and offers nothing to change.
    expect((await loadSandboxPortal(db(), portalId, user.id, deps.membership))!.subscriptions[0]).toMatchObject({ status: "canceled" });
    expect(await changeSandboxCancellation(db(), portalId, id, false, deps)).toEqual({ status: "unchanged" });
  });

  it("undoing a cancellation keeps the renewal", async () => {
    const { user, sessionId, deps } = await signUp();
    await paySandboxSignup(db(), sessionId, "4242 4242 4242 4242", deps);
    const id = await sandboxSubscriptionId(user.id);
    const portal = await openBillingPortal(db(), sandbox, { userId: user.id }, { publicUrl: PUBLIC_URL });
    const portalId = (portal as { url: string }).url.split("/").pop()!;
    await changeSandboxCancellation(db(), portalId, id, true, deps);
    await changeSandboxCancellation(db(), portalId, id, false, deps);
    const row = await rowOf(id);
    expect(row).toMatchObject({ cancelAtPeriodEnd: false });
    const afterEnd = new Date(row!.currentPeriodEnd!.getTime() + 1000);
    await runBillingAndMembership(context, afterEnd);
    expect(await rowOf(id)).toMatchObject({ status: "active" });
    expect(await isPremium(db(), user.id, afterEnd)).toBe(true);
  });

  it("an event that fails to arrive stays pending and is delivered by the next run", async () => {
    const { user, sessionId, deps } = await signUp();
    await paySandboxSignup(db(), sessionId, "4242 4242 4242 4242", deps);
    const id = await sandboxSubscriptionId(user.id);
    const end = (await rowOf(id))!.currentPeriodEnd!;
    const later = new Date(end.getTime() + 1000);
    const failing = async () => {
      throw new Error("database went away");
    };
    // (Other tests' sandbox subscriptions in this database may be due as well.)
    expect((await runSandboxBilling(db(), failing, later)).failed).toBeGreaterThanOrEqual(1);
    expect((await rowOf(id))!.currentPeriodEnd).toEqual(end); // not applied yet
    const [session] = await db().select().from(sandboxSessions).where(eq(sandboxSessions.id, sessionId));
    expect(session!.metadata?.sub_pending).toBeTruthy();

    await runSandboxBilling(db(), (event) => dispatchPaymentEvent(db(), event, { provider: sandbox, now: later }), later);
    expect((await rowOf(id))!.currentPeriodEnd!.getTime()).toBeGreaterThan(end.getTime());
    const [settled] = await db().select().from(sandboxSessions).where(eq(sandboxSessions.id, sessionId));
    expect(settled!.metadata?.sub_pending).toBeUndefined();
  });

  it("clears the premium cache for periods that ran out without an event", async () => {
    const { user, sessionId, deps } = await signUp();
    await paySandboxSignup(db(), sessionId, "4242 4242 4242 4242", deps);
    expect(await premiumCache(user.id)).toBe(true);
    const id = await sandboxSubscriptionId(user.id);
    await db().update(subscriptions).set({ currentPeriodEnd: new Date(Date.now() - 60_000) }).where(eq(subscriptions.providerSubscriptionId, id));
    expect(await isPremium(db(), user.id)).toBe(false);
    expect(await expirePremiumStatuses(db())).toBeGreaterThanOrEqual(1);
    expect(await premiumCache(user.id)).toBe(false);
  });

  it("clears the premium cache in batches, keeping the members whose period still runs", async () => {
    const members = [];
    for (let i = 0; i < 3; i++) {
      const { user, sessionId, deps } = await signUp();
      await paySandboxSignup(db(), sessionId, "4242 4242 4242 4242", deps);
      members.push(user);
    }
    const [lapsedA, current, lapsedB] = members as [(typeof members)[number], (typeof members)[number], (typeof members)[number]];
    for (const lapsed of [lapsedA, lapsedB]) {
      const id = await sandboxSubscriptionId(lapsed.id);
      await db().update(subscriptions).set({ currentPeriodEnd: new Date(Date.now() - 60_000) }).where(eq(subscriptions.providerSubscriptionId, id));
    }
    expect(await expirePremiumStatuses(db(), new Date(), 1)).toBeGreaterThanOrEqual(2);
    expect(await premiumCache(lapsedA.id)).toBe(false);
    expect(await premiumCache(lapsedB.id)).toBe(false);
    expect(await premiumCache(current.id)).toBe(true);
  });

  it("will not charge a second sign-up page once the customer is Pro", async () => {
    const user = await createUser(db());
    const open = async () => {
      const r = await startSubscription(db(), sandbox, { user: { id: user.id, email: user.email }, planType: "monthly", attempt: crypto.randomUUID() }, { publicUrl: PUBLIC_URL });
      if (!r.ok) throw new Error(r.message);
      return r.url.split("/").pop()!;
    };
    const [first, second] = [await open(), await open()];
    expect(first).not.toBe(second);
    const deps = { ...paymentsFor(context), viewerId: user.id };
    expect(await paySandboxSignup(db(), first, "4242 4242 4242 4242", deps)).toMatchObject({ status: "paid" });
    expect(await paySandboxSignup(db(), second, "4242 4242 4242 4242", deps)).toEqual({ status: "already_member" });
    expect(await db().select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toHaveLength(1);
  });
});



