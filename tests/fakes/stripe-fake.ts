/**
 * A local HTTP stand-in for the few Stripe endpoints the shop calls, for tests. Point the
 * SDK at it with STRIPE_API_BASE=fake.url (host/port/protocol, maxNetworkRetries 0).
 *
 *   const fake = await startStripeFake();
 *   ... createStripeProvider({ secretKey: "sk_test_fake", apiBase: fake.url, ... })
 *   fake.completeSession(id)             // the customer paid on Stripe's page
 *   fake.signedEvent("checkout.session.completed", fake.session(id), SECRET)  // → { payload, header }
 *   await fake.close();
 *
 * Implemented: POST /v1/checkout/sessions, GET /v1/checkout/sessions/:id (with `expand`),
 * GET /v1/payment_intents/:id (with `expand`),
 * POST /v1/checkout/sessions/:id/expire, POST /v1/refunds, POST /v1/coupons,
 * POST /v1/billing_portal/sessions, GET and DELETE /v1/subscriptions/:id, GET /v1/invoice_payments
 * (refunds take an invoice's payment intent as well as a session's) (with helpers that drive a
 * subscription's life: completeSubscriptionSession, renewSubscription, failSubscriptionRenewal,
 * payOpenInvoice, setCancelAtPeriodEnd, endSubscription). Add more with `fake.route(method, /regex/, handler)`
 * (e.g. subscriptions); `fake.objects` is the shared store, `fake.requests` the call log.
 * Idempotency keys behave like Stripe's: same key + same path → the first response again.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

// Stripe objects are free-form JSON that tests read deep into; typing each field would add nothing.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type StripeObject = Record<string, any>;

export interface FakeRequest {
  method: string;
  path: string;
  body: StripeObject;
  headers: IncomingMessage["headers"];
}

export interface FakeResponse {
  status: number;
  body: unknown;
}

export type FakeHandler = (req: FakeRequest, match: RegExpMatchArray, fake: StripeFake) => FakeResponse | Promise<FakeResponse>;

export interface StripeFake {
  /** e.g. http://127.0.0.1:43210 */
  url: string;
  /** Every object by id (sessions, refunds, coupons, portal sessions, ...). */
  objects: Map<string, StripeObject>;
  requests: FakeRequest[];
  route(method: string, pattern: RegExp, handler: FakeHandler): void;
  /** Makes the next call matching method+path answer with this status and a Stripe error. */
  failNext(method: string, pathPattern: RegExp, status?: number, message?: string): void;
  session(id: string): StripeObject;
  /**
   * What Stripe does when the customer pays: status complete, payment_status paid, a payment
   * intent paid by a card (its payment method carries `card.fingerprint`: the given one, or one
   * of its own). The session keeps the payment intent's id, as webhooks send it.
   */
  completeSession(id: string, options?: { cardFingerprint?: string }): StripeObject;
  /** A webhook delivery signed as Stripe would sign it. */
  signedEvent(type: string, object: StripeObject, secret: string, options?: { id?: string; timestamp?: number }): { id: string; payload: string; header: string };
  close(): Promise<void>;

  // --- Subscriptions (Pro membership) ---
  subscription(id: string): StripeObject;
  /**
   * The customer paid a subscription-mode session: the session completes and Stripe Billing
   * creates the subscription (metadata from subscription_data, price from the line item, the
   * first period from `now`) and its first, paid invoice.
   */
  completeSubscriptionSession(sessionId: string, options?: { now?: number }): { session: StripeObject; subscription: StripeObject; invoice: StripeObject };
  /** A period end: the next period starts and its invoice is paid (`invoice.paid`). */
  renewSubscription(subscriptionId: string): StripeObject;
  /** A period end whose charge fails: the next period starts, the invoice stays open, status past_due. */
  failSubscriptionRenewal(subscriptionId: string): StripeObject;
  /** A retried payment of an open invoice succeeds: status active again. */
  payOpenInvoice(invoiceId: string): StripeObject;
  /** The customer cancels (or undoes it) in the billing portal. */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): StripeObject;
  /** The subscription ends (period over after a cancellation, or cancelled at once). */
  endSubscription(subscriptionId: string, options?: { at?: number }): StripeObject;
}

export function fakeId(prefix: string): string {
  return `${prefix}_fake${randomBytes(10).toString("hex")}`;
}

export const error = (status: number, message: string, type = "invalid_request_error", code?: string): FakeResponse => ({
  status,
  body: { error: { type, message, ...(code ? { code } : {}) } },
});

/** Stripe's form encoding (`a[b][0][c]=x`) → nested objects and arrays. */
export function parseStripeForm(text: string): StripeObject {
  const root: StripeObject = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.split(/\[|\]\[|\]/).filter((p) => p !== "");
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a tree built one key at a time
    let node: any = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1]!);
      const key = /^\d+$/.test(part) && Array.isArray(node) ? Number(part) : part;
      if (last) node[key] = value;
      else {
        node[key] ??= nextIsIndex ? [] : {};
        node = node[key];
      }
    });
  }
  return root;
}

const int = (v: unknown) => (v === undefined ? undefined : Number(v));

type SubscriptionMethods = Pick<
  StripeFake,
  "subscription" | "completeSubscriptionSession" | "renewSubscription" | "failSubscriptionRenewal" | "payOpenInvoice" | "setCancelAtPeriodEnd" | "endSubscription"
>;

/** Stripe Billing's side of a subscription, on the fake's object store (Pro membership tests). */
function subscriptionMethods(objects: Map<string, StripeObject>, getFake: () => StripeFake): SubscriptionMethods {
  const addMonths = (seconds: number, months: number) => {
    const d = new Date(seconds * 1000);
    const day = d.getUTCDate();
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() + months);
    d.setUTCDate(Math.min(day, new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate()));
    return Math.floor(d.getTime() / 1000);
  };
  const itemOf = (sub: StripeObject) => sub.items.data[0] as StripeObject;
  const monthsOf = (sub: StripeObject) => {
    const r = itemOf(sub).price.recurring;
    return r ? Number(r.interval_count ?? 1) * (r.interval === "year" ? 12 : 1) : sub.metadata?.planType === "quarterly" ? 3 : 1;
  };
  const invoiceFor = (sub: StripeObject, status: "paid" | "open", reason: string): StripeObject => {
    const item = itemOf(sub);
    const id = fakeId("in");
    const invoice = {
      id,
      object: "invoice",
      status,
      billing_reason: reason,
      customer: sub.customer,
      currency: "gbp",
      amount_due: item.price.unit_amount ?? 0,
      amount_paid: status === "paid" ? (item.price.unit_amount ?? 0) : 0,
      attempt_count: 1,
      parent: { type: "subscription_details", subscription_details: { subscription: sub.id, metadata: sub.metadata } },
      lines: { object: "list", data: [{ object: "line_item", amount: item.price.unit_amount ?? 0, period: { start: item.current_period_start, end: item.current_period_end } }] },
      livemode: false,
      // The fake's own bookkeeping: the payment intent that paid it (listed by /v1/invoice_payments).
      paid_by: status === "paid" ? fakeId("pi") : null,
    };
    objects.set(id, invoice);
    sub.latest_invoice = id;
    return invoice;
  };
  const startNextPeriod = (sub: StripeObject) => {
    const item = itemOf(sub);
    item.current_period_start = item.current_period_end;
    sub.periods = (sub.periods ?? 1) + 1;
    item.current_period_end = addMonths(sub.start_date, monthsOf(sub) * sub.periods);
  };

  const methods: SubscriptionMethods = {} as SubscriptionMethods;
  methods.subscription = (id) => {
    const sub = objects.get(id);
    if (sub?.object !== "subscription") throw new Error(`no fake subscription ${id}`);
    return sub;
  };
  methods.completeSubscriptionSession = (sessionId, options = {}) => {
    const session = getFake().completeSession(sessionId);
    if (session.mode !== "subscription") throw new Error(`${sessionId} is not a subscription session`);
    const now = options.now ?? Math.floor(Date.now() / 1000);
    const line = (session.line_items_sent?.[0] ?? {}) as StripeObject;
    const stored = line.price ? objects.get(line.price) : null;
    const price = stored ?? {
      id: line.price ?? fakeId("price"),
      object: "price",
      currency: "gbp",
      unit_amount: int(line.price_data?.unit_amount) ?? null,
      recurring: line.price_data?.recurring
        ? { interval: line.price_data.recurring.interval, interval_count: Number(line.price_data.recurring.interval_count ?? 1) }
        : null,
    };
    const sub: StripeObject = {
      id: session.subscription,
      object: "subscription",
      status: "active",
      customer: session.customer,
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      start_date: now,
      periods: 1,
      metadata: session.subscription_data_sent?.metadata ?? {},
      items: { object: "list", data: [{ id: fakeId("si"), object: "subscription_item", quantity: 1, price, current_period_start: now, current_period_end: 0 }] },
      livemode: false,
    };
    itemOf(sub).current_period_end = addMonths(now, monthsOf(sub));
    objects.set(sub.id, sub);
    const invoice = invoiceFor(sub, "paid", "subscription_create");
    session.invoice = invoice.id;
    return { session, subscription: sub, invoice };
  };
  methods.renewSubscription = (id) => {
    const sub = methods.subscription(id);
    startNextPeriod(sub);
    sub.status = "active";
    return invoiceFor(sub, "paid", "subscription_cycle");
  };
  methods.failSubscriptionRenewal = (id) => {
    const sub = methods.subscription(id);
    startNextPeriod(sub);
    sub.status = "past_due";
    return invoiceFor(sub, "open", "subscription_cycle");
  };
  methods.payOpenInvoice = (invoiceId) => {
    const invoice = objects.get(invoiceId);
    if (invoice?.object !== "invoice") throw new Error(`no fake invoice ${invoiceId}`);
    invoice.status = "paid";
    invoice.amount_paid = invoice.amount_due;
    invoice.paid_by ??= fakeId("pi");
    invoice.attempt_count += 1;
    methods.subscription(invoice.parent.subscription_details.subscription).status = "active";
    return invoice;
  };
  methods.setCancelAtPeriodEnd = (id, cancel) => {
    const sub = methods.subscription(id);
    sub.cancel_at_period_end = cancel;
    sub.canceled_at = cancel ? Math.floor(Date.now() / 1000) : null;
    return sub;
  };
  methods.endSubscription = (id, options = {}) => {
    const sub = methods.subscription(id);
    sub.status = "canceled";
    sub.ended_at = options.at ?? Math.floor(Date.now() / 1000);
    return sub;
  };

  return methods;
}

export async function startStripeFake(): Promise<StripeFake> {
  const objects = new Map<string, StripeObject>();
  const requests: FakeRequest[] = [];
  const routes: { method: string; pattern: RegExp; handler: FakeHandler }[] = [];
  const idempotent = new Map<string, FakeResponse>();
  const failures: { method: string; pattern: RegExp; status: number; message: string }[] = [];
  const signer = new Stripe("sk_test_signer");

  const fake: StripeFake = {
    url: "",
    objects,
    requests,
    route(method, pattern, handler) {
      routes.unshift({ method, pattern, handler }); // later registrations win
    },
    failNext(method, pathPattern, status = 500, message = "Simulated Stripe failure") {
      failures.push({ method, pattern: pathPattern, status, message });
    },
    session(id) {
      const s = objects.get(id);
      if (!s) throw new Error(`no fake session ${id}`);
      return s;
    },
    completeSession(id, options = {}) {
      const s = fake.session(id);
      s.status = "complete";
      s.payment_status = "paid";
      if (s.mode === "payment" && !s.payment_intent) {
        s.payment_intent = fakeId("pi");
        const method = { id: fakeId("pm"), object: "payment_method", type: "card", card: { brand: "visa", last4: "4242", fingerprint: options.cardFingerprint ?? fakeId("fp").slice(3, 19) } };
        objects.set(method.id, method);
        objects.set(s.payment_intent, { id: s.payment_intent, object: "payment_intent", status: "succeeded", payment_method: method.id });
      }
      if (s.mode === "subscription") {
        s.subscription ??= fakeId("sub");
        s.customer ??= fakeId("cus");
      }
      return s;
    },
    signedEvent(type, object, secret, options = {}) {
      const id = options.id ?? fakeId("evt");
      const created = options.timestamp ?? Math.floor(Date.now() / 1000);
      const payload = JSON.stringify({
        id,
        object: "event",
        api_version: "2026-10-28.endive",
        created,
        type,
        livemode: false,
        pending_webhooks: 1,
        data: { object },
      });
      const header = signer.webhooks.generateTestHeaderString({ payload, secret, timestamp: options.timestamp });
      return { id, payload, header };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
    ...subscriptionMethods(objects, () => fake),
  };

  // --- Checkout Sessions -------------------------------------------------------------------
  fake.route("POST", /^\/v1\/checkout\/sessions$/, (req) => {
    const b = req.body;
    const lines: StripeObject[] = b.line_items ?? [];
    if (!["payment", "subscription"].includes(b.mode)) return error(400, "Invalid mode");
    if (!b.success_url) return error(400, "Missing required param: success_url.");
    const now = Math.floor(Date.now() / 1000);
    const expiresAt = int(b.expires_at) ?? now + 24 * 3600;
    if (expiresAt < now + 30 * 60 || expiresAt > now + 24 * 3600) {
      return error(400, "The `expires_at` timestamp must be between 30 minutes and 24 hours from now.");
    }
    let subtotal = 0;
    for (const line of lines) {
      const unit = int(line.price_data?.unit_amount);
      if (unit === undefined && !line.price) return error(400, "Each line item needs a price or price_data.");
      subtotal += (unit ?? 0) * Number(line.quantity ?? 1);
    }
    let discount = 0;
    for (const d of b.discounts ?? []) {
      const coupon = objects.get(d.coupon);
      if (!coupon) return error(400, `No such coupon: '${d.coupon}'`);
      discount += coupon.amount_off ?? Math.round((subtotal * (coupon.percent_off ?? 0)) / 100);
    }
    const id = `cs_test_${randomBytes(16).toString("hex")}`;
    const session: StripeObject = {
      id,
      object: "checkout.session",
      mode: b.mode,
      status: "open",
      payment_status: "unpaid",
      amount_subtotal: subtotal,
      amount_total: Math.max(0, subtotal - discount),
      currency: "gbp",
      client_reference_id: b.client_reference_id ?? null,
      customer: b.customer ?? null,
      customer_email: b.customer_email ?? null,
      customer_details: b.customer_email ? { email: b.customer_email } : null,
      metadata: b.metadata ?? {},
      payment_intent: null,
      subscription: null,
      success_url: b.success_url,
      cancel_url: b.cancel_url ?? null,
      expires_at: expiresAt,
      created: now,
      livemode: false,
      url: `https://checkout.stripe.test/c/pay/${id}`,
      line_items_sent: lines,
      subscription_data_sent: b.subscription_data ?? null,
    };
    objects.set(id, session);
    return { status: 200, body: session };
  });

  /** An object with the `expand` paths Stripe was asked for (dotted, like "payment_intent.payment_method") filled in. */
  function expanded(object: StripeObject, paths: string[]): StripeObject {
    const copy: StripeObject = { ...object };
    for (const path of paths) {
      const [head, ...rest] = path.split(".");
      const value = copy[head!];
      const target = typeof value === "string" ? objects.get(value) : value;
      if (target && typeof target === "object") copy[head!] = rest.length > 0 ? expanded(target, [rest.join(".")]) : { ...target };
    }
    return copy;
  }
  const expandOf = (req: FakeRequest): string[] => Object.values((req.body.expand ?? {}) as Record<string, string>);

  fake.route("GET", /^\/v1\/checkout\/sessions\/([^/]+)$/, (req, m) => {
    const s = objects.get(m[1]!);
    return s?.object === "checkout.session" ? { status: 200, body: expanded(s, expandOf(req)) } : error(404, `No such checkout.session: '${m[1]}'`, "invalid_request_error", "resource_missing");
  });

  fake.route("GET", /^\/v1\/payment_intents\/([^/]+)$/, (req, m) => {
    const pi = objects.get(m[1]!);
    return pi?.object === "payment_intent" ? { status: 200, body: expanded(pi, expandOf(req)) } : error(404, `No such payment_intent: '${m[1]}'`, "invalid_request_error", "resource_missing");
  });

  fake.route("POST", /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/, (_req, m) => {
    const s = objects.get(m[1]!);
    if (s?.object !== "checkout.session") return error(404, `No such checkout.session: '${m[1]}'`, "invalid_request_error", "resource_missing");
    if (s.status !== "open") return error(400, `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${s.status}".`);
    s.status = "expired";
    return { status: 200, body: s };
  });

  // --- Coupons, refunds, billing portal ----------------------------------------------------
  fake.route("POST", /^\/v1\/coupons$/, (req) => {
    const id = fakeId("coupon");
    const coupon = {
      id,
      object: "coupon",
      amount_off: int(req.body.amount_off) ?? null,
      percent_off: req.body.percent_off ? Number(req.body.percent_off) : null,
      currency: req.body.currency ?? null,
      duration: req.body.duration ?? "once",
      max_redemptions: int(req.body.max_redemptions) ?? null,
      name: req.body.name ?? null,
    };
    objects.set(id, coupon);
    return { status: 200, body: coupon };
  });

  fake.route("POST", /^\/v1\/refunds$/, (req) => {
    const pi = req.body.payment_intent;
    const session = [...objects.values()].find((o) => o.object === "checkout.session" && o.payment_intent === pi && o.payment_status === "paid");
    const invoice = [...objects.values()].find((o) => o.object === "invoice" && o.paid_by === pi && o.status === "paid");
    const paidAmount = session?.amount_total ?? invoice?.amount_paid;
    if (paidAmount === undefined) return error(400, `No such payment_intent: '${pi}'`, "invalid_request_error", "resource_missing");
    const amount = int(req.body.amount) ?? paidAmount;
    const already = [...objects.values()].filter((o) => o.object === "refund" && o.payment_intent === pi).reduce((sum, r) => sum + r.amount, 0);
    if (already + amount > paidAmount) return error(400, "Refund amount is greater than the unrefunded amount on the charge.", "invalid_request_error", "charge_already_refunded");
    const id = fakeId("re");
    const refund = { id, object: "refund", amount, currency: "gbp", payment_intent: pi, status: "succeeded", metadata: req.body.metadata ?? {} };
    objects.set(id, refund);
    return { status: 200, body: refund };
  });

  fake.route("POST", /^\/v1\/billing_portal\/sessions$/, (req) => {
    if (!req.body.customer) return error(400, "Missing required param: customer.");
    const id = fakeId("bps");
    const portal = { id, object: "billing_portal.session", customer: req.body.customer, return_url: req.body.return_url ?? null, url: `https://billing.stripe.test/p/session/${id}` };
    objects.set(id, portal);
    return { status: 200, body: portal };
  });

  fake.route("GET", /^\/v1\/subscriptions\/([^/]+)$/, (_req, m) => {
    const sub = objects.get(m[1]!);
    return sub?.object === "subscription"
      ? { status: 200, body: sub }
      : error(404, `No such subscription: '${m[1]}'`, "invalid_request_error", "resource_missing");
  });

  // Cancel at once (DELETE /v1/subscriptions/:id): Stripe refuses one already canceled.
  fake.route("DELETE", /^\/v1\/subscriptions\/([^/]+)$/, (_req, m) => {
    const sub = objects.get(m[1]!);
    if (sub?.object !== "subscription") return error(404, `No such subscription: '${m[1]}'`, "invalid_request_error", "resource_missing");
    if (sub.status === "canceled") return error(400, "This subscription has already been canceled.");
    sub.status = "canceled";
    sub.ended_at = Math.floor(Date.now() / 1000);
    sub.canceled_at = sub.ended_at;
    return { status: 200, body: sub };
  });

  // The payments of an invoice (a subscription's charges are refunded through their payment intent).
  fake.route("GET", /^\/v1\/invoice_payments$/, (req) => {
    const invoice = objects.get(String(req.body.invoice ?? ""));
    const data =
      invoice?.object === "invoice" && invoice.paid_by && (!req.body.status || req.body.status === "paid")
        ? [{ id: fakeId("inpay"), object: "invoice_payment", invoice: invoice.id, status: "paid", amount_paid: invoice.amount_paid, payment: { type: "payment_intent", payment_intent: invoice.paid_by } }]
        : [];
    return { status: 200, body: { object: "list", data, has_more: false, url: "/v1/invoice_payments" } };
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? "/", "http://fake");
    const bodyText = Buffer.concat(chunks).toString("utf8");
    const request: FakeRequest = {
      method: req.method ?? "GET",
      path: url.pathname,
      body: req.method === "GET" ? parseStripeForm(url.search.slice(1)) : parseStripeForm(bodyText),
      headers: req.headers,
    };
    requests.push(request);
    const send = (r: FakeResponse) => {
      res.writeHead(r.status, { "Content-Type": "application/json", "Request-Id": fakeId("req") });
      res.end(JSON.stringify(r.body));
    };
    if (!String(req.headers.authorization ?? "").startsWith("Bearer sk_")) {
      return send(error(401, "You did not provide an API key.", "invalid_request_error"));
    }
    const failure = failures.findIndex((f) => f.method === request.method && f.pattern.test(request.path));
    if (failure >= 0) {
      const [f] = failures.splice(failure, 1);
      return send(error(f!.status, f!.message, f!.status >= 500 ? "api_error" : "invalid_request_error"));
    }
    const key = req.headers["idempotency-key"];
    const idemKey = typeof key === "string" && request.method === "POST" ? `${request.path} ${key}` : null;
    if (idemKey && idempotent.has(idemKey)) return send(idempotent.get(idemKey)!);
    for (const route of routes) {
      if (route.method !== request.method) continue;
      const match = request.path.match(route.pattern);
      if (!match) continue;
      const response = await route.handler(request, match, fake);
      if (idemKey && response.status < 500) idempotent.set(idemKey, response);
      return send(response);
    }
    send(error(404, `Unrecognized request URL (${request.method}: ${request.path}).`));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((e) => {
      res.writeHead(500, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ error: { type: "api_error", message: String(e) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
