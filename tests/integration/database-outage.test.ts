import { randomBytes } from "node:crypto";
import { createServer, connect, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectPostgres, type DatabaseHandle } from "~/db/client.server";
import { usingPostgresServer } from "../setup/database";
import { checkoutFixtures } from "../support/checkout-fixtures";
import { hasBuild, startApp, type RunningApp } from "../support/http-app";
import { cookieFor } from "../support/shop-world";

/**
 * PostgreSQL going away under a running shop (a restart, a failover): every request that needs
 * the database answers 503 with Retry-After (not 500, no stack trace), and once the database is
 * back the same process serves pages again by itself. The outage is a TCP proxy in front of
 * the test database that drops every connection and refuses new ones, then listens again.
 */
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

function tcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((done, fail) => {
      server = createServer((client) => {
        const upstream = connect(target.port, target.host);
        sockets.add(client).add(upstream);
        const end = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on("error", end).on("close", end);
        upstream.on("error", end).on("close", end);
        client.pipe(upstream).pipe(client);
      });
      server.once("error", fail);
      server.listen(port, "127.0.0.1", () => {
        port = (server!.address() as AddressInfo).port;
        done();
      });
    });
  return {
    get port() {
      return port;
    },
    up: listen,
    /** Every open connection cut, new ones refused: what a fast PostgreSQL restart looks like from outside. */
    down: () =>
      new Promise<void>((done) => {
        for (const socket of sockets) socket.destroy();
        sockets.clear();
        server!.close(() => done());
      }),
  };
}

describe.runIf(hasBuild)("the shop while its database is unavailable", async () => {
  const realServer = await usingPostgresServer();
  const name = `nearmint_test_outage_${randomBytes(4).toString("hex")}`;
  const admin = new URL(ADMIN_URL);
  const proxy = tcpProxy({ host: admin.hostname, port: Number(admin.port || 5432) });
  let handle: DatabaseHandle;
  let app: RunningApp;
  /** A signed-in customer: their pages read the session from the database on every request. */
  let cookie: string;

  beforeAll(async () => {
    if (!realServer) return;
    const client = new pg.Client({ connectionString: ADMIN_URL });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    await proxy.up();
    const url = new URL(ADMIN_URL);
    url.port = String(proxy.port);
    url.pathname = `/${name}`;
    handle = connectPostgres(url.toString(), { poolMax: 4 });
    await handle.migrate();
    cookie = await cookieFor(handle.db, (await checkoutFixtures(handle.db).customer()).id);
    app = await startApp(handle.db);
  });

  afterAll(async () => {
    if (!realServer) return;
    await app?.close();
    await handle?.close().catch(() => {});
    await proxy.down().catch(() => {});
    const client = new pg.Client({ connectionString: ADMIN_URL });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  });

  it.runIf(realServer)("answers 503 with Retry-After during the outage and recovers without a restart", async () => {
    const get = (path: string) => fetch(`${app.base}${path}`, { redirect: "manual", headers: { Cookie: cookie } });
    expect((await get("/cart")).status).toBe(200);

    await proxy.down();
    const page = await get("/cart");
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe("5");
    const html = await page.text();
    expect(html).not.toMatch(/ECONNREFUSED|node_modules|at async/);

    const data = await get("/cart.data");
    expect(data.status).toBe(503);
    expect(data.headers.get("retry-after")).toBe("5");

    const post = await fetch(`${app.base}/cart`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie, Origin: app.base, "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=add&variantId=1&quantity=1&redirectTo=%2Fcart",
    });
    expect(post.status).toBe(503);
    // A resource route (no page of its own): the checkout a drop's buyers all post to.
    const checkout = await fetch(`${app.base}/checkout`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie, Origin: app.base, "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(checkout.status).toBe(503);
    expect(checkout.headers.get("retry-after")).toBe("5");
    expect((await get("/healthz")).status).toBe(503);

    await proxy.up();
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      status = (await get("/cart")).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(200);
    expect((await get("/healthz")).status).toBe(200);
  });

  it.runIf(realServer)("survives losing a connection that a transaction holds between two queries", async () => {
    const failed = handle.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`);
      // The connection goes while this transaction waits on something of the app's own.
      await proxy.down();
      await new Promise((r) => setTimeout(r, 200));
      await tx.execute(sql`SELECT 2`);
    });
    await expect(failed).rejects.toThrow();
    await proxy.up();
    // Still this process, and its pool connects afresh.
    let answered = false;
    for (let i = 0; i < 50 && !answered; i++) {
      answered = await handle.db.execute(sql`SELECT 1`).then(
        () => true,
        () => false,
      );
      if (!answered) await new Promise((r) => setTimeout(r, 100));
    }
    expect(answered).toBe(true);
  });
});
