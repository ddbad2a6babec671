/**
 * `npm run bench:request-cost` — what one request costs the shop, layer by layer (decision 0057).
 *
 * The drop simulation says the shop spends ~2.2 ms of CPU per buying request against the bare
 * floor's ~0.2 ms. This splits that up with the simplest requests that stop at each layer, on
 * one shop process (the production build, PostgreSQL, the demo catalogue), each driven by
 * autocannon for BENCH_DURATION s (6) with BENCH_CONNECTIONS (32) after a 2 s warm-up:
 *
 * 1. `GET /healthz`: Express and the first middleware (logging, metrics, compression, security
 *    headers), one `SELECT 1`; it comes before the rest of the middleware.
 * 2. `GET /drops/0/status`: every middleware and React Router to a resource route that answers
 *    404 before any statement.
 * 3. `POST /checkout` with a sold-out line in the cart (and one in stock): the session and one
 *    read, 302 back to the cart (the drop's common answer).
 * 4. `POST /cart` setting a line's quantity to what it is: the session, the variant, the line's
 *    units and the update, 302.
 * 5. `POST /cart` adding the sold-out product, as a form without JavaScript: refused (409), so
 *    React Router renders the cart page with the message. Last, because rendering the cart
 *    removes its sold-out line, which case 3 needs.
 *
 * Each answer's status is checked, and the checkout's Location before and after its load (back
 * to the cart as sold out); otherwise the exit code is 1. The shop's background jobs run in the
 * measured process too (a few statements every few seconds). Writes
 * bench/request-cost/latest.json.
 */
import { execSync } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { SESSION_COOKIE } from "~/config/constants";
import { connectPostgres, type DatabaseHandle } from "~/db/client.server";
import { rowsOf } from "~/db/raw";
import { seedDemoCatalogue } from "~/demo/seed.server";
import { createSession } from "~/modules/accounts/sessions.server";
import { registerUser } from "~/modules/accounts/users.server";
import { addItem } from "~/modules/cart/cart.server";
import { setStock } from "~/modules/catalog/inventory.server";
import { databaseUrlFor, drive, sleep, startProcess, stopProcess, withAdminClient, type LoadFigures } from "../lib/http-load";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PORT = Number(process.env.BENCH_PORT ?? 3171);
const DURATION = Number(process.env.BENCH_DURATION ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const BUILD_DIR = resolve(ROOT, process.env.BUILD_DIR ?? "build");
const DB_NAME = `nearmint_bench_request_cost_${Date.now().toString(36)}`;
const BASE = `http://127.0.0.1:${PORT}`;

interface Case {
  name: string;
  path: string;
  method: "GET" | "POST";
  body?: string;
  signedIn: boolean;
  /** The one status every answer must have. */
  expectStatus: number;
  /** For a redirect: what its Location must contain (checked once before the load). */
  location?: string;
}

/** A customer whose cart holds one line of a sold-out variant and one of a variant in stock. */
async function prepare(handle: DatabaseHandle): Promise<{ cookie: string; soldOut: number; inStock: number }> {
  await handle.migrate();
  await seedDemoCatalogue(handle.db);
  const variants = rowsOf<{ id: number }>(
    await handle.db.execute(sql`
      SELECT v.id FROM product_variants v JOIN products p ON p.id = v.product_id
      WHERE p.is_visible AND v.stock >= 5 ORDER BY v.id LIMIT 2`),
  ).map((r) => Number(r.id));
  const [soldOut, inStock] = variants;
  if (soldOut === undefined || inStock === undefined) throw new Error("the demo catalogue has no two variants in stock");
  const user = await registerUser(handle.db, { fullName: "Bench Customer", email: `bench.${Date.now().toString(36)}@example.test`, password: "Velvet-Lantern-42" }, { publicUrl: BASE, shopName: "Bench" });
  if (!user.ok) throw new Error("could not register the bench customer");
  for (const variantId of [soldOut, inStock]) {
    const added = await addItem(handle.db, { userId: user.userId }, variantId, 1);
    if (!added.ok) throw new Error(`could not fill the customer's cart: ${JSON.stringify(added)}`);
  }
  // The drop is over for this one: checkout is refused as sold out, adding it again too.
  await handle.db.transaction((tx) => setStock(tx, soldOut, 0, { reason: "adjustment", note: "bench: sold out" }));
  const session = await createSession(handle.db, user.userId, { persistent: false });
  return { cookie: `${SESSION_COOKIE}=${session.token}`, soldOut, inStock };
}

async function main() {
  const uptime = execSync("uptime").toString().trim();
  console.log(`[bench] ${cpus().length} × ${cpus()[0]?.model ?? "unknown"}, Node ${process.version}; ${uptime}`);
  let shop: ChildProcess | null = null;
  let handle: DatabaseHandle | null = null;
  const failures: string[] = [];
  try {
    await withAdminClient(ADMIN_URL, (c) => c.query(`CREATE DATABASE ${DB_NAME}`));
    const databaseUrl = databaseUrlFor(ADMIN_URL, DB_NAME);
    handle = connectPostgres(databaseUrl, { poolMax: 2 });
    const fx = await prepare(handle);
    shop = await startProcess("shop", ["--import", "tsx", "server/main.ts"], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: "production", BUILD_DIR, PORT: String(PORT), HOST: "127.0.0.1", PUBLIC_URL: BASE, DATABASE_URL: databaseUrl, DEMO_DATA: "0", LOG_LEVEL: "warn", PAYMENTS: "sandbox" },
      healthUrl: `${BASE}/healthz`,
    });
    const form = (fields: Record<string, string | number>) => new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();
    const cases: Case[] = [
      { name: "GET /healthz: Express, one SELECT 1", path: "/healthz", method: "GET", signedIn: false, expectStatus: 200 },
      { name: "GET /drops/0/status: every middleware and React Router, no statement (404)", path: "/drops/0/status", method: "GET", signedIn: false, expectStatus: 404 },
      { name: "POST /checkout, the line sold out: session + one read (302 to the cart)", path: "/checkout", method: "POST", body: form({ couponCode: "" }), signedIn: true, expectStatus: 302, location: "checkoutError=out_of_stock" },
      { name: "POST /cart, a line's quantity set (302)", path: "/cart", method: "POST", body: form({ intent: "update", variantId: fx.inStock, quantity: 1, redirectTo: "/cart" }), signedIn: true, expectStatus: 302 },
      { name: "POST /cart.data, adding a sold-out product with JavaScript (a fetcher: the action's answer alone)", path: "/cart.data", method: "POST", body: form({ intent: "add", variantId: fx.soldOut, quantity: 1 }), signedIn: true, expectStatus: 409 },
      { name: "POST /cart, adding a sold-out product without JavaScript (409: the cart page rendered)", path: "/cart", method: "POST", body: form({ intent: "add", variantId: fx.soldOut, quantity: 1, redirectTo: "/cart" }), signedIn: true, expectStatus: 409 },
    ];
    const results: Array<Case & LoadFigures> = [];
    for (const c of cases) {
      const headers: Record<string, string> = c.signedIn ? { Cookie: fx.cookie } : {};
      if (c.method === "POST") Object.assign(headers, { Origin: BASE, "Content-Type": "application/x-www-form-urlencoded" });
      const options = { connections: CONNECTIONS, headers, method: c.method, body: c.body };
      const checkLocation = async (when: string) => {
        if (!c.location) return;
        const once = await fetch(`${BASE}${c.path}`, { method: c.method, headers, body: c.body, redirect: "manual" });
        if (!once.headers.get("location")?.includes(c.location)) failures.push(`${c.name}: ${when}, went to ${once.headers.get("location")}, not ${c.location}`);
      };
      await checkLocation("before the load");
      await drive(`${BASE}${c.path}`, shop.pid!, { ...options, duration: 2 });
      const figures = await drive(`${BASE}${c.path}`, shop.pid!, { ...options, duration: DURATION });
      await checkLocation("after the load");
      const statuses = Object.keys(figures.status);
      if (statuses.length !== 1 || Number(statuses[0]) !== c.expectStatus || figures.errors) {
        failures.push(`${c.name}: expected every answer ${c.expectStatus}, got ${JSON.stringify(figures.status)} and ${figures.errors} error(s)`);
      }
      results.push({ ...c, ...figures });
      console.log(`[bench] ${c.name}: ${figures.requestsPerSecond} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms, server CPU ${figures.serverCpuMsPerRequest} ms/request, load ${figures.loadAverage}`);
    }
    console.log("\n| Request | req/s | p50 / p99 ms | Server CPU ms/request | Load |\n|---|---|---|---|---|");
    for (const r of results) console.log(`| ${r.name} | ${r.requestsPerSecond} | ${r.p50} / ${r.p99} | ${r.serverCpuMsPerRequest} | ${r.loadAverage} |`);
    const machine = { cpu: cpus()[0]?.model ?? "unknown", cores: cpus().length, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version };
    writeFileSync(
      new URL("./latest.json", import.meta.url),
      `${JSON.stringify({ date: new Date().toISOString(), machine, uptimeAtStart: uptime, settings: { connections: CONNECTIONS, durationSeconds: DURATION }, results, failures }, null, 2)}\n`,
    );
  } finally {
    // autocannon drops its last requests at the end; let the shop finish them before it stops,
    // or their queries fail against the closed pool and say so in the output.
    await sleep(1000);
    await stopProcess(shop).catch(() => {});
    await handle?.close().catch(() => {});
    await withAdminClient(ADMIN_URL, (c) => c.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`)).catch((e) => console.error(`[bench] could not drop ${DB_NAME}: ${(e as Error).message}`));
  }
  for (const f of failures) console.error(`[bench] FAILED: ${f}`);
  if (failures.length) process.exitCode = 1;
}

main().catch((error) => {
  console.error("[bench] failed:", error);
  process.exitCode = 1;
});
