import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { SESSION_COOKIE } from "~/config/constants";
import { connectPglite } from "~/db/client.server";
import { CATALOGUE_CHANGED_CHANNEL, notifyCatalogueChanged } from "~/modules/catalog/catalogue-changes.server";
import { createSession } from "~/modules/accounts/sessions.server";
import { adjustStock } from "~/modules/catalog/inventory.server";
import { productAction } from "~/modules/catalog/product-actions.server";
import { FileMediaStore } from "~/modules/media/file-store.server";
import { createMetrics } from "../../server/metrics";
import { createTestDatabase, type TestDatabase } from "../setup/database";
import { checkoutFixtures } from "../support/checkout-fixtures";
import { hasBuild, startApp, type RunningApp } from "../support/http-app";
import { captureLog } from "../support/log-capture";

/**
 * The render cache (server/render-cache.ts, decision 0049) through the real HTTP stack and the
 * production build: anonymous catalogue pages come from memory, a stock change made through the
 * inventory module reaches them at once (NOTIFY → LISTEN), a signed-in request never gets a
 * cached page.
 */
let database: TestDatabase;
let app: RunningApp;
let fx: ReturnType<typeof checkoutFixtures>;
// Long enough that only the notification, not the expiry, can explain a fresh page.
const TTL = "30000";

beforeAll(async () => {
  database = await createTestDatabase();
  fx = checkoutFixtures(database.db);
  if (hasBuild) app = await startApp(database.db, { RENDER_CACHE_MS: TTL }, { listen: database.listen });
});
afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

const stockShown = (html: string) => /Only (?:<!-- -->)?(\d+)(?:<!-- -->)? left/.exec(html)?.[1] ?? null;

async function page(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${app.base}${path}`, { headers });
  return { status: res.status, cache: res.headers.get("x-render-cache"), cacheControl: res.headers.get("cache-control"), etag: res.headers.get("etag"), body: await res.text() };
}

/** The page once the notification has arrived (it travels through PostgreSQL: a few ms). */
async function pageShowing(path: string, stock: string) {
  const deadline = Date.now() + 3000;
  for (;;) {
    const answer = await page(path);
    if (stockShown(answer.body) === stock || Date.now() > deadline) return answer;
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.runIf(hasBuild)("render cache", () => {
  it("serves an anonymous product page from memory, and forgets it when its stock changes", async () => {
    const product = await fx.product({ stock: 3 });
    const path = `/products/${product.slug}`;
    const first = await page(path);
    expect(first.status).toBe(200);
    expect(stockShown(first.body)).toBe("3");
    const second = await page(path);
    expect(second.cache).toBe("hit");
    expect(second.body).toBe(first.body);

    await database.db.transaction((tx) => adjustStock(tx, product.variantId, -1, { reason: "adjustment", note: "test" }));
    const after = await pageShowing(path, "2");
    expect(stockShown(after.body)).toBe("2");
    expect(after.cache).toBe("miss");
    expect((await page(path)).cache).toBe("hit");
  });

  it("forgets the pages when a product is hidden in the back office", async () => {
    const product = await fx.product({ stock: 3 });
    const path = `/products/${product.slug}`;
    await page(path);
    expect((await page(path)).cache).toBe("hit");
    const admin = await fx.customer();
    const body = new FormData();
    body.set("intent", "hide");
    // The store is only used to delete files; hiding touches none.
    expect(await productAction(database.db, new FileMediaStore("/nonexistent"), admin.id, product.id, body)).toHaveProperty("redirect");
    const deadline = Date.now() + 3000;
    let answer = await page(path);
    while (answer.status === 200 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 25));
      answer = await page(path);
    }
    expect(answer.status).toBe(404);
  });

  it("does not notify for a change rolled back (the cached page stays)", async () => {
    const product = await fx.product({ stock: 3 });
    const path = `/products/${product.slug}`;
    await page(path);
    await database.db
      .transaction(async (tx) => {
        await adjustStock(tx, product.variantId, -2, { reason: "adjustment", note: "test" });
        throw new Error("rolled back");
      })
      .catch(() => {});
    await new Promise((r) => setTimeout(r, 200));
    const answer = await page(path);
    expect(answer.cache).toBe("hit");
    expect(stockShown(answer.body)).toBe("3");
  });

  it("answers a matching If-None-Match with a 304 from the cache", async () => {
    const product = await fx.product({ stock: 3 });
    const path = `/products/${product.slug}`;
    const { etag } = await page(path);
    const res = await fetch(`${app.base}${path}`, { headers: { "If-None-Match": etag! } });
    expect(res.status).toBe(304);
    expect(res.headers.get("x-render-cache")).toBe("hit");
  });

  it("never gives a signed-in customer a cached page, nor keeps theirs", async () => {
    const product = await fx.product({ stock: 3 });
    const path = `/products/${product.slug}`;
    const user = await fx.customer();
    const session = await createSession(database.db, user.id, { persistent: false });
    const cookie = `${SESSION_COOKIE}=${session.token}`;
    await page(path); // kept for anonymous visitors
    for (let i = 0; i < 2; i++) {
      const signedIn = await page(path, { Cookie: cookie });
      expect(signedIn.status).toBe(200);
      expect(signedIn.cache).toBeNull();
      expect(signedIn.cacheControl).toBe("private, no-store");
    }
    // An anonymous visitor still gets the anonymous page, not the signed-in one.
    const anonymous = await page(path);
    expect(anonymous.cache).toBe("hit");
    expect(anonymous.body).not.toContain(user.email);
  });
});

describe.runIf(hasBuild)("a hit, answered before the rest of the chain", () => {
  it("keeps the page's security headers, and gets its own request id, log line and metric", async () => {
    const { logger, lines } = captureLog();
    const metrics = createMetrics(database.db);
    // What this app's cache has heard: a page rendered while an invalidation is on its way is
    // (rightly) not kept, and the listener's first call, once connected, is one ("forget
    // everything": what changed while it was not listening is unknown). The test waits for it
    // before the first render; on a slow machine it used to arrive during that render.
    let heard = 0;
    const listen: typeof database.listen = (channel, onNotify) =>
      database.listen(channel, () => {
        onNotify();
        heard++;
      });
    const observed = await startApp(database.db, { RENDER_CACHE_MS: TTL }, { logger, metrics, listen });
    try {
      await expect.poll(() => heard).toBeGreaterThan(0);
      const product = await fx.product({ stock: 3 });
      const path = `/products/${product.slug}`;
      const rendered = await fetch(`${observed.base}${path}`);
      await rendered.text();
      const hit = await fetch(`${observed.base}${path}`);
      expect(hit.headers.get("x-render-cache")).toBe("hit");
      await hit.text();
      // What securityHeaders set on the rendered page (HSTS: PUBLIC_URL is https here), kept with it.
      for (const name of ["x-content-type-options", "referrer-policy", "x-frame-options", "permissions-policy", "cross-origin-opener-policy", "strict-transport-security", "content-security-policy", "cache-control", "content-type", "etag"]) {
        expect(hit.headers.get(name), name).toBe(rendered.headers.get(name));
      }
      expect(hit.headers.get("strict-transport-security")).toMatch(/^max-age=/);
      const id = hit.headers.get("x-request-id")!;
      expect(id).toMatch(/^[A-Za-z0-9._-]{8,64}$/);
      expect(id).not.toBe(rendered.headers.get("x-request-id"));
      await expect.poll(() => lines.find((line) => line.requestId === id)).toMatchObject({ method: "GET", path, route: "/products/:slug", status: 200, msg: "request" });
      const text = await metrics.registry.getSingleMetricAsString("nearmint_http_request_duration_seconds");
      expect(text).toMatch(/nearmint_http_request_duration_seconds_count\{method="GET",status_class="2xx",route="\/products\/:slug"\} 2$/m);
      // A bad Host is refused (refuseBadHost) even for a page in the cache.
      const port = Number(new URL(observed.base).port);
      const badHost = await new Promise<{ status: number; cache: unknown }>((resolve, reject) => {
        request({ host: "127.0.0.1", port, path, headers: { Host: "not a host" } }, (res) => {
          res.resume();
          resolve({ status: res.statusCode!, cache: res.headers["x-render-cache"] });
        })
          .on("error", reject)
          .end();
      });
      expect(badHost).toEqual({ status: 400, cache: undefined });
    } finally {
      await observed.close();
    }
  });
});

describe("DatabaseHandle.listen on the embedded database", () => {
  it("hears the notification at the commit, not before and not after a rollback", async () => {
    const handle = await connectPglite();
    try {
      let heard = 0;
      await handle.listen(CATALOGUE_CHANGED_CHANNEL, () => heard++);
      await handle.db.transaction(async (tx) => {
        await notifyCatalogueChanged(tx);
        await notifyCatalogueChanged(tx);
        expect(heard).toBe(0);
      });
      await new Promise((r) => setTimeout(r, 50));
      expect(heard).toBe(1);
      await handle.db
        .transaction(async (tx) => {
          await notifyCatalogueChanged(tx);
          throw new Error("rolled back");
        })
        .catch(() => {});
      await handle.db.execute(sql`SELECT 1`);
      await new Promise((r) => setTimeout(r, 50));
      expect(heard).toBe(1);
    } finally {
      await handle.close();
    }
  });
});

