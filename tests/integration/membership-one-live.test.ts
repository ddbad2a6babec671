import { and, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "~/config/constants";
import { outbox, refunds, subscriptions } from "~/db/schema";
import { createSession } from "~/modules/accounts/sessions.server";
import { isPremium } from "~/modules/membership/premium.server";
import { startSubscription } from "~/modules/membership/subscriptions.server";
import { paymentProviderFor } from "~/modules/payments/payment-provider.server";
import type { PaymentProvider } from "~/modules/payments/provider";
import { loadSandboxPage, paySandboxSession } from "~/modules/payments/sandbox/checkout-page.server";
import { paySandboxSignup } from "~/modules/payments/sandbox/pro-pages.server";
import { action as checkoutPageAction, loader as checkoutPageLoader } from "~/routes/sandbox-checkout";
import { action as webhookAction } from "~/routes/api-stripe-webhook";
import { paymentsFor, runProviderBilling } from "~/web/payments.server";
import { startStripeFake, type StripeFake, type StripeObject } from "../fakes/stripe-fake";
import { createTestDatabase, type TestDatabase } from "../setup/database";
import { createUser, settle, testContext } from "../support/accounts";

/**
 * Issue 12, finding 3: at most one live Pro membership per customer, as a database fact. A
 * second sign-up paid at the same moment (or after the first made the customer Pro) is
 * cancelled at the provider, refunded, recorded and the customer told; the sandbox's order
 * payment page does not take sign-up sessions.
 */
const WEBHOOK_SECRET = "whsec_test_one_live";
const PUBLIC_URL = "https://shop.test";

let database: TestDatabase;
let fake: StripeFake;
let sandboxContext: AppLoadContext;
let stripeContext: AppLoadContext;
let sandbox: PaymentProvider;
let stripe: PaymentProvider;

beforeAll(async () => {
  [database, fake] = await Promise.all([createTestDatabase(), startStripeFake()]);
  sandboxContext = testContext(database.db);
  sandbox = paymentProviderFor(sandboxContext);
  stripeContext = testContext(database.db, { STRIPE_SECRET_KEY: "sk_test_one_live", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: fake.url });
  stripe = paymentProviderFor(stripeContext);
});
afterAll(async () => {
  await Promise.all([database?.destroy(), fake?.close()]);
});

const db = () => database.db;

async function openSignup(provider: PaymentProvider, user: { id: string; email: string }, planType: "monthly" | "quarterly" = "monthly") {
  const started = await startSubscription(db(), provider, { user, planType, attempt: crypto.randomUUID() }, { publicUrl: PUBLIC_URL });
  if (!started.ok) throw new Error(started.message);
  return started.url.split("/").pop()!;
}

async function subscriptionsOf(userId: string) {
  return db().select().from(subscriptions).where(eq(subscriptions.userId, userId));
}

async function refundEmails(email: string) {
  return db().select().from(outbox).where(and(eq(outbox.toAddress, email), eq(outbox.kind, "membership-refunded")));
}

describe("one live membership per customer (sandbox)", () => {
  /**
   * Both sign-up pages pass their "already a member?" check at the same moment (the race the
   * probe hit); the database lets one membership through and the others are refunded.
   */
  const racingPages = (userId: string) => ({
    ...paymentsFor(sandboxContext),
    membership: { ...paymentsFor(sandboxContext).membership, isMember: async () => false },
    viewerId: userId,
  });

  it("three sign-ups paid at once: exactly one active subscription, the others cancelled, refunded and emailed", async () => {
    const user = await createUser(db());
    const sessions = [await openSignup(sandbox, user), await openSignup(sandbox, user), await openSignup(sandbox, user, "quarterly")];
    const results = await Promise.all(sessions.map((id) => paySandboxSignup(db(), id, "4242 4242 4242 4242", racingPages(user.id))));
    expect(results.map((r) => r.status)).toEqual(["paid", "paid", "paid"]);

    const rows = await subscriptionsOf(user.id);
    expect(rows).toHaveLength(3);
    const live = rows.filter((r) => r.status === "active");
    expect(live).toHaveLength(1);
    const duplicates = rows.filter((r) => r.endedReason === "duplicate");
    expect(duplicates).toHaveLength(2);
    expect(duplicates.every((r) => r.status === "expired")).toBe(true);
    expect(await isPremium(db(), user.id)).toBe(true);

    for (const duplicate of duplicates) {
      const [refund] = await db().select().from(refunds).where(eq(refunds.providerSubscriptionId, duplicate.providerSubscriptionId!));
      expect(refund).toMatchObject({ provider: "sandbox", amount: duplicate.amount, reason: "duplicate_membership" });
      // Stopped at the provider: no renewal will charge it again.
      expect((await sandbox.retrieveSubscription(duplicate.providerSubscriptionId!))?.status).toBe("canceled");
    }
    const emails = await refundEmails(user.email);
    expect(emails).toHaveLength(2);
    expect(emails[0]!.subject).toBe("Your second Nearmint Pro membership was refunded");
    expect(emails[0]!.textBody).toContain("refunded the full");

    // The provider's "ended" events for the duplicates arrive later and change nothing.
    await runProviderBilling(sandboxContext);
    const after = await subscriptionsOf(user.id);
    expect(after.filter((r) => r.status === "active").map((r) => r.id)).toEqual(live.map((r) => r.id));
    expect(await isPremium(db(), user.id)).toBe(true);
    expect(await db().select().from(refunds).where(eq(refunds.reason, "duplicate_membership"))).toHaveLength(2);
  });

  it("a second sign-up paid after the first made the customer Pro is refunded, once", async () => {
    const user = await createUser(db());
    const [first, second] = [await openSignup(sandbox, user), await openSignup(sandbox, user)];
    expect(await paySandboxSignup(db(), first, "4242424242424242", racingPages(user.id))).toMatchObject({ status: "paid" });
    expect(await paySandboxSignup(db(), second, "4242424242424242", racingPages(user.id))).toMatchObject({ status: "paid" });

    const rows = await subscriptionsOf(user.id);
    expect(rows.find((r) => r.paymentSessionId === first)).toMatchObject({ status: "active", endedReason: null });
    expect(rows.find((r) => r.paymentSessionId === second)).toMatchObject({ status: "expired", endedReason: "duplicate" });
    expect(await refundEmails(user.email)).toHaveLength(1);
  });

  it("the database refuses a second live row whatever the code does", async () => {
    const user = await createUser(db());
    const row = { userId: user.id, provider: "sandbox", planType: "monthly", amount: 499, currentPeriodEnd: new Date(Date.now() + 86_400_000) };
    await db().insert(subscriptions).values({ ...row, status: "active", providerSubscriptionId: `sub_a_${user.id}` });
    await expect(db().insert(subscriptions).values({ ...row, status: "past_due", providerSubscriptionId: `sub_b_${user.id}` })).rejects.toThrow();
    // Ended ones are history: any number of them.
    await db().insert(subscriptions).values({ ...row, status: "expired", providerSubscriptionId: `sub_c_${user.id}` });
    await db().insert(subscriptions).values({ ...row, status: "expired", providerSubscriptionId: `sub_d_${user.id}` });
  });
});

describe("the sandbox's order payment page takes order payments only", () => {
  it("answers a sign-up session id like an unknown one, and pays nothing", async () => {
    const user = await createUser(db());
    const sessionId = await openSignup(sandbox, user);
    const { token } = await createSession(db(), user.id, { persistent: false });
    const cookie = { Cookie: `${SESSION_COOKIE}=${token}` };
    const args = (request: Request) => ({ request, context: sandboxContext, params: { sessionId } }) as never;

    expect(await loadSandboxPage(db(), sessionId, user.id)).toBeNull();
    const deps = { dispatch: paymentsFor(sandboxContext).dispatch, viewerId: user.id };
    expect(await paySandboxSession(db(), sessionId, "4242424242424242", deps)).toEqual({ status: "not_found" });

    const page = await settle(() => checkoutPageLoader(args(new Request(`${PUBLIC_URL}/sandbox/checkout/${sessionId}`, { headers: cookie }))));
    expect(page.status).toBe(404);
    const post = new Request(`${PUBLIC_URL}/sandbox/checkout/${sessionId}`, {
      method: "POST",
      body: new URLSearchParams({ cardNumber: "4242 4242 4242 4242" }),
      headers: { ...cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: PUBLIC_URL },
    });
    expect((await settle(() => checkoutPageAction(args(post)))).status).toBe(404);

    expect(await subscriptionsOf(user.id)).toHaveLength(0);
    expect((await sandbox.retrieveCheckoutSession(sessionId))?.status).toBe("open");
  });
});

describe("one live membership per customer (Stripe webhooks)", () => {
  function deliver(type: string, object: StripeObject) {
    const event = fake.signedEvent(type, structuredClone(object), WEBHOOK_SECRET);
    const request = new Request(`${PUBLIC_URL}/api/stripe/webhook`, {
      method: "POST",
      body: event.payload,
      headers: { "Content-Type": "application/json", "Stripe-Signature": event.header },
    });
    return settle(() => webhookAction({ request, context: stripeContext, params: {} } as never));
  }

  it("two sign-ups paid at once: one membership; the other is cancelled on Stripe, its invoice refunded, once", async () => {
    const user = await createUser(db());
    const a = fake.completeSubscriptionSession(await openSignup(stripe, user));
    const b = fake.completeSubscriptionSession(await openSignup(stripe, user));

    const responses = await Promise.all([deliver("checkout.session.completed", a.session), deliver("checkout.session.completed", b.session)]);
    expect(responses.map((r) => r.status)).toEqual([200, 200]);

    const rows = await subscriptionsOf(user.id);
    expect(rows.filter((r) => r.status === "active")).toHaveLength(1);
    const duplicate = rows.find((r) => r.endedReason === "duplicate")!;
    expect(duplicate).toBeDefined();
    const loser = duplicate.providerSubscriptionId === a.subscription.id ? a : b;

    expect(fake.subscription(loser.subscription.id).status).toBe("canceled");
    const stripeRefunds = [...fake.objects.values()].filter((o) => o.object === "refund" && o.payment_intent === loser.invoice.paid_by);
    expect(stripeRefunds).toHaveLength(1);
    expect(stripeRefunds[0]!.amount).toBe(499);
    const [recorded] = await db().select().from(refunds).where(eq(refunds.providerSubscriptionId, loser.subscription.id));
    expect(recorded).toMatchObject({ id: stripeRefunds[0]!.id, provider: "stripe", amount: 499, reason: "duplicate_membership" });
    expect(await refundEmails(user.email)).toHaveLength(1);

    // Stripe's follow-up events for the cancelled one (and a redelivery) change nothing more.
    expect((await deliver("customer.subscription.deleted", fake.subscription(loser.subscription.id))).status).toBe(200);
    expect((await deliver("checkout.session.completed", loser.session)).status).toBe(200);
    expect([...fake.objects.values()].filter((o) => o.object === "refund" && o.payment_intent === loser.invoice.paid_by)).toHaveLength(1);
    expect((await subscriptionsOf(user.id)).filter((r) => r.status === "active")).toHaveLength(1);
    expect(await isPremium(db(), user.id)).toBe(true);
  });

  it("a refund Stripe refuses fails the delivery (Stripe retries) and succeeds on the retry", async () => {
    const user = await createUser(db());
    const [first, second] = [await openSignup(stripe, user), await openSignup(stripe, user)];
    const a = fake.completeSubscriptionSession(first);
    expect((await deliver("checkout.session.completed", a.session)).status).toBe(200);
    const b = fake.completeSubscriptionSession(second);
    fake.failNext("POST", /^\/v1\/refunds$/);
    expect((await deliver("checkout.session.completed", b.session)).status).toBe(500);
    expect(await db().select().from(refunds).where(eq(refunds.providerSubscriptionId, b.subscription.id))).toHaveLength(0);

    expect((await deliver("checkout.session.completed", b.session)).status).toBe(200);
    expect(await db().select().from(refunds).where(eq(refunds.providerSubscriptionId, b.subscription.id))).toHaveLength(1);
    expect(fake.subscription(b.subscription.id).status).toBe("canceled");
    expect(await refundEmails(user.email)).toHaveLength(1);
  });
});
