import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "~/config/constants";
import { dropEntries, drops } from "~/db/schema";
import { createSession } from "~/modules/accounts/sessions.server";
import { enqueueEmail } from "~/modules/email/outbox.server";
import { loadEnv } from "~/utils/env.server";
import { startBackgroundJobs } from "../../server/jobs";
import { createMetrics, type Metrics } from "../../server/metrics";
import { createTestDatabase, type TestDatabase } from "../setup/database";
import { checkoutFixtures } from "../support/checkout-fixtures";
import { hasBuild, startApp, type RunningApp } from "../support/http-app";
import { captureLog } from "../support/log-capture";

/**
 * Logs and metrics (issue 16, "See it"; decision 0045) through the real HTTP stack: a request
 * id on every answer and in its one JSON log line, and /metrics behind its bearer token with
 * route patterns (never URLs) as labels and the gauges read from the database at scrape time.
 */
const TOKEN = "metrics-token-for-the-tests-0123456789abcdef";
let database: TestDatabase;
let app: RunningApp;
let plain: RunningApp;
let metrics: Metrics;
// The app's log lines, captured instead of printed.
const { logger, lines } = captureLog();
// The same shop with Stripe's API out of reach: every checkout's payment session fails.
let stripeDown: RunningApp;
const STRIPE_DOWN = {
  PAYMENTS: "stripe",
  STRIPE_SECRET_KEY: "sk_test_observability",
  STRIPE_WEBHOOK_SECRET: "whsec_observability",
  STRIPE_API_BASE: "http://127.0.0.1:1",
};

beforeAll(async () => {
  database = await createTestDatabase();
  if (!hasBuild) return;
  metrics = createMetrics(database.db);
  app = await startApp(database.db, { METRICS_TOKEN: TOKEN }, { logger, metrics });
  plain = await startApp(database.db);
  stripeDown = await startApp(database.db, STRIPE_DOWN, { logger });
});
afterAll(async () => {
  await app?.close();
  await plain?.close();
  await stripeDown?.close();
  await database?.destroy();
});

/** A new customer with `quantity` of a new product (of `stock`) in the cart posts /checkout (to `shop`). */
async function checkOutNewCart(stock: number, quantity: number, body = "", shop = app) {
  const fx = checkoutFixtures(database.db);
  const user = await fx.customer();
  const session = await createSession(database.db, user.id, { persistent: false });
  const product = await fx.product({ price: 1500, stock });
  await fx.cart(user.id, [{ variantId: product.variantId, quantity }]);
  const res = await fetch(`${shop.base}/checkout`, {
    method: "POST",
    body,
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: shop.base, Cookie: `${SESSION_COOKIE}=${session.token}` },
  });
  return { res, user, product };
}

function scrape(token: string | null = TOKEN) {
  return fetch(`${app.base}/metrics`, { headers: token === null ? {} : { Authorization: `Bearer ${token}` } });
}

describe.runIf(hasBuild)("request ids and the log line", () => {
  it("gives every answer a fresh id, and logs one JSON line with it (no query string)", async () => {
    const res = await fetch(`${app.base}/search?q=secret-search-term`);
    const id = res.headers.get("x-request-id");
    expect(id).toMatch(/^[A-Za-z0-9._-]{8,64}$/);
    await res.arrayBuffer();
    await expect.poll(() => lines.find((line) => line.requestId === id)).toBeTruthy();
    const line = lines.find((l) => l.requestId === id)!;
    expect(line).toMatchObject({ method: "GET", path: "/search", route: "/search", status: res.status, msg: "request" });
    expect(typeof line.durationMs).toBe("number");
    expect(JSON.stringify(line)).not.toContain("secret-search-term");
  });

  it("logs a static file by its full path, labelled static", async () => {
    const res = await fetch(`${app.base}/assets/missing-${Date.now()}.js`);
    const id = res.headers.get("x-request-id");
    await res.arrayBuffer();
    await expect.poll(() => lines.find((line) => line.requestId === id && line.msg === "request")).toBeTruthy();
    const line = lines.find((l) => l.requestId === id && l.msg === "request")!;
    expect(line).toMatchObject({ route: "static", status: 404 });
    expect(String(line.path)).toMatch(/^\/assets\/missing-/);
    // The server edge's warning for it carries the same request id.
    expect(lines.some((l) => l.requestId === id && l.level === 40)).toBe(true);
  });

  it("keeps a sane incoming X-Request-Id, and replaces a bad one", async () => {
    const kept = await fetch(`${app.base}/healthz`, { headers: { "X-Request-Id": "edge-proxy.1234_abcd" } });
    expect(kept.headers.get("x-request-id")).toBe("edge-proxy.1234_abcd");
    for (const bad of ["short", "has space in it", "x".repeat(65), "semi;colon-injected", "new\u00e9line-ish-id"]) {
      const res = await fetch(`${app.base}/healthz`, { headers: { "X-Request-Id": bad } });
      const id = res.headers.get("x-request-id")!;
      expect(id).not.toBe(bad);
      expect(id).toMatch(/^[A-Za-z0-9._-]{8,64}$/);
    }
  });

  it("never logs a token from the path of a request refused before its route was known", async () => {
    const res = await fetch(`${app.base}/alerts/the-secret-alert-token-value`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example" },
      body: "intent=unsubscribe",
    });
    const id = res.headers.get("x-request-id");
    await res.arrayBuffer();
    expect(res.status).toBe(403);
    await expect.poll(() => lines.find((line) => line.requestId === id && line.msg === "request")).toBeTruthy();
    const line = lines.find((l) => l.requestId === id && l.msg === "request")!;
    expect(line).toMatchObject({ route: "other", path: "/alerts/:masked" });
    expect(JSON.stringify(lines.filter((l) => l.requestId === id))).not.toContain("the-secret-alert-token-value");
  });

  it("never logs a password-reset token from the path", async () => {
    const res = await fetch(`${app.base}/reset-password/the-secret-reset-token-value`);
    const id = res.headers.get("x-request-id");
    await res.arrayBuffer();
    await expect.poll(() => lines.find((line) => line.requestId === id)).toBeTruthy();
    const line = lines.find((l) => l.requestId === id)!;
    expect(line.route).toBe("/reset-password/:token?");
    expect(JSON.stringify(line)).not.toContain("the-secret-reset-token-value");
  });

  it("logs a refused checkout as one structured line with the request's id and the refusal's code", async () => {
    const { res, user, product } = await checkOutNewCart(0, 1, "couponCode=");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toContain("checkoutError=out_of_stock");
    const id = res.headers.get("x-request-id");
    await expect.poll(() => lines.find((line) => line.requestId === id && line.msg === "checkout refused")).toBeTruthy();
    const refused = lines.find((l) => l.requestId === id && l.msg === "checkout refused")!;
    expect(refused).toMatchObject({ level: 30, userId: user.id, code: "out_of_stock" });
    // The reason's code, not its message: no product name in the log.
    expect(JSON.stringify(refused)).not.toContain(product.name);
  });

  it("logs a payment provider that cannot be reached at error, with the request's id, the order and the cause", async () => {
    const { res, user } = await checkOutNewCart(5, 1, "", stripeDown);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toContain("checkoutError=payment_unavailable");
    const id = res.headers.get("x-request-id");
    await expect.poll(() => lines.filter((line) => line.requestId === id && line.msg === "request").length).toBe(1);
    const failed = lines.find((line) => line.requestId === id && line.level === 50)!;
    expect(failed).toMatchObject({ msg: "checkout: the payment session could not be created; order failed, stock released" });
    expect(typeof failed.orderId).toBe("number");
    expect(JSON.stringify(failed.err)).toMatch(/ECONNREFUSED|connect/i);
    // And the customer's outcome, as for any refusal.
    expect(lines.find((line) => line.requestId === id && line.msg === "checkout refused")).toMatchObject({ userId: user.id, code: "payment_unavailable" });
  });
});

describe.runIf(hasBuild)("/metrics", () => {
  it("does not exist without METRICS_TOKEN", async () => {
    expect((await fetch(`${plain.base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
  });

  it("answers 401 without the bearer token or with a wrong one", async () => {
    for (const res of [await scrape(null), await scrape("wrong"), await scrape(TOKEN + "x"), await scrape(TOKEN.slice(0, -1))]) {
      expect(res.status).toBe(401);
      expect(await res.text()).not.toContain("nearmint_");
    }
    const basic = await fetch(`${app.base}/metrics`, { headers: { Authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString("base64")}` } });
    expect(basic.status).toBe(401);
  });

  it("times requests by route pattern, never by URL, and counts static files as one label", async () => {
    const fx = checkoutFixtures(database.db);
    const product = await fx.product({ price: 1500, stock: 4 });
    const page = await fetch(`${app.base}/products/${product.slug}`);
    expect(page.status).toBe(200);
    await fetch(`${app.base}/products/${product.slug}.data`).then((r) => r.arrayBuffer());
    await fetch(`${app.base}/assets/nope-${Date.now()}.js`).then((r) => r.arrayBuffer());
    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const text = await res.text();
    expect(text).toMatch(/nearmint_http_request_duration_seconds_bucket\{[^}]*route="\/products\/:slug"/);
    expect(text).toMatch(/nearmint_http_request_duration_seconds_count\{method="GET",status_class="2xx",route="\/products\/:slug"\} [2-9]/);
    expect(text).toMatch(/route="static"/);
    expect(text).not.toContain(product.slug);
    expect(text).toContain("process_cpu_user_seconds_total");
  });

  it("reports held reservations, pending orders and the outbox backlog at scrape time", async () => {
    const before = await (await scrape()).text();
    expect(before).toMatch(/^nearmint_stock_reservations_held 0$/m);

    const { res: checkout } = await checkOutNewCart(5, 3);
    expect(checkout.status).toBe(302);
    await enqueueEmail(database.db, { kind: "test", to: "someone@example.test", subject: "Hi", text: "Hello", dedupeKey: `obs-${Date.now()}` });

    const after = await (await scrape()).text();
    expect(after).toMatch(/^nearmint_stock_reservations_held 1$/m);
    expect(after).toMatch(/^nearmint_stock_reservations_held_units 3$/m);
    expect(after).toMatch(/^nearmint_orders_pending 1$/m);
    expect(after).toMatch(/^nearmint_outbox_backlog [1-9]\d*$/m);
  });

  it("counts background job runs by job and outcome", async () => {
    const context = { db: database.db, env: loadEnv({ NODE_ENV: "test", PAYMENTS: "sandbox" }), shop: {} as never };
    let runs = 0;
    const jobs = startBackgroundJobs(
      context,
      [
        { name: "obs-ok", everyMs: 60_000, run: async () => void runs++ },
        { name: "obs-broken", everyMs: 60_000, run: () => Promise.reject(new Error("expected in this test")) },
      ],
      metrics,
    );
    const log = captureLog();
    const restore = log.asProcessLog();
    try {
      await expect.poll(() => runs, { timeout: 5_000 }).toBe(1);
      await expect.poll(() => log.lines.find((line) => line.job === "obs-broken")).toBeTruthy();
    } finally {
      await jobs.stop();
      restore();
    }
    // The failure is one JSON line with the job's name and the error (its stack included).
    expect(log.lines.find((line) => line.job === "obs-broken")).toMatchObject({
      level: 50,
      msg: "background job failed",
      err: { type: "Error", message: "expected in this test" },
    });
    const text = await (await scrape()).text();
    expect(text).toMatch(/^nearmint_job_runs_total\{job="obs-ok",outcome="ok"\} 1$/m);
    expect(text).toMatch(/^nearmint_job_runs_total\{job="obs-broken",outcome="failed"\} 1$/m);
  });
});

describe("the drop queue gauge", () => {
  it("counts people still waiting in the queues of drops not called off, at scrape time", async () => {
    const registry = createMetrics(database.db).registry;
    const gauge = async () => (await registry.getSingleMetricAsString("nearmint_drop_queue_length")).match(/^nearmint_drop_queue_length (\d+)$/m)?.[1];
    expect(await gauge()).toBe("0");

    const fx = checkoutFixtures(database.db);
    const now = Date.now();
    async function drop(values: Partial<typeof drops.$inferInsert> = {}) {
      const product = await fx.product();
      const [row] = await database.db
        .insert(drops)
        .values({ productId: product.id, mode: "queue", opensAt: new Date(now - 3_600_000), startsAt: new Date(now + 600_000), ...values })
        .returning();
      return row!.id;
    }
    async function entry(dropId: number, state: "waiting" | "admitted" | "entered", rightFrom: Date | null = null) {
      const user = await fx.customer();
      await database.db.insert(dropEntries).values({ dropId, userId: user.id, personKey: user.email, addressKey: user.id, state, rightFrom });
    }
    const open = await drop();
    const live = await drop({ startsAt: new Date(now - 60_000) });
    const calledOff = await drop({ cancelledAt: new Date() });
    const draw = await drop({ mode: "draw" });
    await entry(open, "waiting");
    await entry(open, "waiting");
    // As the ordering stores them: placed entries are 'admitted' with their turn ahead or come.
    await entry(live, "admitted", new Date(now + 300_000));
    await entry(live, "admitted", new Date(now + 600_000));
    await entry(live, "admitted", new Date(now - 1_000)); // its turn has come: not waiting any more
    await entry(live, "admitted", new Date(now - 60_000));
    await entry(calledOff, "waiting");
    await entry(draw, "entered");
    expect(await gauge()).toBe("4");
  });
});
