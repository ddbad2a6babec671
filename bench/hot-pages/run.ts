/**
 * `npm run bench:hot-pages` — anonymous catalogue pages under load, served from the render
 * cache (decision 0049), next to a bare node:http server sending the same gzipped page.
 *
 * 1. The production build (BUILD_DIR, default build/; built first when missing).
 * 2. The shop on the embedded database (a temporary DATA_DIR, demo catalogue, one process) and
 *    on a fresh PostgreSQL database `nearmint_bench_hot_*` (BENCH_ADMIN_URL, default
 *    127.0.0.1:5432; demo catalogue; WEB_CONCURRENCY left to its default: one per core), both
 *    started through server/cluster.ts as `npm start` does.
 * 3. For each: checks the invariants (a matching ETag gets a 304 from the cache; a signed-in
 *    request is never served a cached page; on PostgreSQL, a stock change through the inventory
 *    module, which notifies, shows at once, and one written straight into the table without a
 *    notification shows within 1.5 s), then drives home, a category and a product page with
 *    autocannon (BENCH_DURATION s each, gzip), the product page with a matching If-None-Match,
 *    and the product page signed in; then the same shop with the render cache off
 *    (RENDER_CACHE_MS=0): the product page anonymous and signed in, the "before".
 * 4. The bare server with the product page's gzipped bytes, the same way.
 *
 * Prints a table, writes bench/hot-pages/latest.json, drops the database and the DATA_DIR, and
 * exits non-zero when an invariant broke.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { execSync } from "node:child_process";
import { sql } from "drizzle-orm";
import { SESSION_COOKIE } from "~/config/constants";
import { connectPglite, connectPostgres, type DatabaseHandle } from "~/db/client.server";
import { rowsOf } from "~/db/raw";
import { seedDemoCatalogue } from "~/demo/seed.server";
import { createSession } from "~/modules/accounts/sessions.server";
import { registerUser } from "~/modules/accounts/users.server";
import { setStock } from "~/modules/catalog/inventory.server";
import { databaseUrlFor, drive as driveUrl, sleep, startProcess, stopProcess as stop, withAdminClient } from "../lib/http-load";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PORT = Number(process.env.BENCH_PORT ?? 3131);
const BARE_PORT = PORT + 1;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const BUILD_DIR = resolve(ROOT, process.env.BUILD_DIR ?? "build");
const DB_NAME = `nearmint_bench_hot_${Date.now().toString(36)}`;
const GZIP = { "Accept-Encoding": "gzip" };

const failures: string[] = [];
function check(ok: boolean, what: string) {
  console.log(`[bench] ${ok ? "ok" : "FAILED"}: ${what}`);
  if (!ok) failures.push(what);
}

function ensureBuild() {
  try {
    readFileSync(`${BUILD_DIR}/server/index.js`);
    return;
  } catch {
    console.log(`[bench] no build in ${BUILD_DIR}: building`);
  }
  const result = spawnSync("npx", ["react-router", "build"], { cwd: ROOT, stdio: "inherit", env: { ...process.env, BUILD_DIR } });
  if (result.status !== 0) throw new Error("react-router build failed");
}

const admin = <T>(fn: Parameters<typeof withAdminClient<T>>[1]) => withAdminClient(ADMIN_URL, fn);
const databaseUrl = () => databaseUrlFor(ADMIN_URL, DB_NAME);

interface Fixture {
  productSlug: string;
  variantId: number;
  categorySlug: string;
  cookie: string;
}

/** Migrates and seeds the shop, and makes a signed-in customer; the product has one variant. */
async function prepare(handle: DatabaseHandle): Promise<Fixture> {
  await handle.migrate();
  await seedDemoCatalogue(handle.db);
  const [product] = rowsOf<{ slug: string; variant_id: number; category_slug: string }>(
    await handle.db.execute(sql`
      SELECT p.slug, min(v.id) AS variant_id, c.slug AS category_slug
      FROM products p JOIN product_variants v ON v.product_id = p.id JOIN categories c ON c.id = p.category_id
      WHERE p.is_visible GROUP BY p.id, c.slug HAVING count(*) = 1 ORDER BY p.id LIMIT 1`),
  );
  if (!product) throw new Error("no single-variant product in the demo catalogue");
  const email = `bench.${Date.now().toString(36)}@example.test`;
  const user = await registerUser(handle.db, { fullName: "Bench Customer", email, password: "Velvet-Lantern-42" }, { publicUrl: `http://127.0.0.1:${PORT}`, shopName: "Bench" });
  if (!user.ok) throw new Error("could not register the bench customer");
  const session = await createSession(handle.db, user.userId, { persistent: false });
  // "Only N left" on the product page: a figure the invariants can read.
  await handle.db.transaction((tx) => setStock(tx, Number(product.variant_id), 3, { reason: "adjustment", note: "bench" }));
  return { productSlug: product.slug, variantId: Number(product.variant_id), categorySlug: product.category_slug, cookie: `${SESSION_COOKIE}=${session.token}` };
}

async function startShop(env: Record<string, string>): Promise<ChildProcess> {
  const child = await startProcess("shop", ["--import", "tsx", "server/cluster.ts"], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", BUILD_DIR, PORT: String(PORT), HOST: "127.0.0.1", PUBLIC_URL: `http://127.0.0.1:${PORT}`, DEMO_DATA: "0", LOG_LEVEL: "warn", ...env },
    healthUrl: `http://127.0.0.1:${PORT}/healthz`,
  });
  await sleep(1500); // the other workers of a cluster
  return child;
}

interface Row {
  database: string;
  label: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  serverCpuMsPerRequest: number | null;
  status: Record<string, number>;
  errors: number;
  loadAverage: number;
}
const rows: Row[] = [];

async function cannon(database: string, label: string, path: string, pid: number, headers: Record<string, string>, port = PORT, expected: number | null = 200) {
  const figures = await driveUrl(`http://127.0.0.1:${port}${path}`, pid, { connections: CONNECTIONS, duration: DURATION, headers });
  const { status } = figures;
  const row: Row = {
    database,
    label,
    requestsPerSecond: figures.requestsPerSecond,
    p50: figures.p50,
    p99: figures.p99,
    serverCpuMsPerRequest: figures.serverCpuMsPerRequest,
    status,
    errors: figures.errors,
    loadAverage: figures.loadAverage,
  };
  rows.push(row);
  console.log(`[bench] ${database} ${label}: ${row.requestsPerSecond} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, server CPU ${row.serverCpuMsPerRequest} ms/request, status ${JSON.stringify(status)}, load ${row.loadAverage}`);
  const wrong = Object.entries(status).filter(([code]) => Number(code) !== expected);
  // The uncached "before" runs are figures only: an overloaded machine may time some out.
  if (expected !== null) check(wrong.length === 0 && row.errors === 0, `${database} ${label}: every answer ${expected} (${JSON.stringify(status)}, ${row.errors} errors)`);
  await new Promise((r) => setTimeout(r, 1000)); // let the last requests finish
  return row;
}

const base = `http://127.0.0.1:${PORT}`;
const stockShown = (html: string) => /Only (?:<!-- -->)?(\d+)(?:<!-- -->)? left/.exec(html)?.[1] ?? null;

async function page(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, { headers });
  return { status: res.status, headers: res.headers, body: await res.text() };
}

/** Invariants every database must keep; returns the product page's gzipped bytes. */
async function commonChecks(database: string, fx: Fixture): Promise<Buffer> {
  const path = `/products/${fx.productSlug}`;
  await page(path);
  const hit = await page(path);
  check(hit.headers.get("x-render-cache") === "hit", `${database}: the second anonymous request is a render-cache hit`);
  const nonce = /'nonce-([^']+)'/.exec(hit.headers.get("content-security-policy") ?? "")?.[1];
  check(Boolean(nonce) && hit.body.includes(`nonce="${nonce}"`), `${database}: a cached page's scripts carry the nonce of the CSP it is sent with`);
  const etag = hit.headers.get("etag")!;
  const conditional = await fetch(`${base}${path}`, { headers: { "If-None-Match": etag } });
  check(conditional.status === 304 && conditional.headers.get("x-render-cache") === "hit", `${database}: a matching If-None-Match gets a 304 from the cache`);
  const signedIn = await page(path, { Cookie: fx.cookie });
  check(
    signedIn.status === 200 && !signedIn.headers.get("x-render-cache") && signedIn.headers.get("cache-control") === "private, no-store",
    `${database}: a signed-in request is rendered for its user (no render cache, private, no-store)`,
  );
  return gzippedBytes(path);
}

/** The exact gzipped body the shop sends for `path` (fetch would decode it). */
function gzippedBytes(path: string): Promise<Buffer> {
  return new Promise((done, fail) => {
    import("node:http").then(({ get }) =>
      get(`${base}${path}`, { headers: GZIP }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => done(Buffer.concat(chunks)));
      }).on("error", fail),
    );
  });
}

async function drive(database: string, fx: Fixture, pid: number) {
  const product = `/products/${fx.productSlug}`;
  await cannon(database, "home /", "/", pid, GZIP);
  await cannon(database, `category /category/${fx.categorySlug}`, `/category/${fx.categorySlug}`, pid, GZIP);
  await cannon(database, "product page", product, pid, GZIP);
  const etag = (await page(product)).headers.get("etag")!;
  await cannon(database, "product page, If-None-Match (304)", product, pid, { ...GZIP, "If-None-Match": etag }, PORT, 304);
  await cannon(database, "product page, signed in", product, pid, { ...GZIP, Cookie: fx.cookie });
}

/** The same shop with the render cache off (RENDER_CACHE_MS=0): the "before", in the same conditions. */
async function driveWithoutCache(database: string, fx: Fixture, env: Record<string, string>) {
  const shop = await startShop({ ...env, RENDER_CACHE_MS: "0" });
  try {
    const product = `/products/${fx.productSlug}`;
    await cannon(database, "product page, render cache off", product, shop.pid!, GZIP, PORT, null);
    await cannon(database, "product page, signed in, render cache off", product, shop.pid!, { ...GZIP, Cookie: fx.cookie }, PORT, null);
  } finally {
    await stop(shop);
  }
}

async function main() {
  const machine = { cpu: cpus()[0]?.model ?? "unknown", cores: cpus().length, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version, date: new Date().toISOString(), uptimeAtStart: execSync("uptime").toString().trim() };
  console.log(`[bench] ${machine.cores} × ${machine.cpu}, Node ${machine.node}; ${machine.uptimeAtStart}`);
  ensureBuild();
  let shop: ChildProcess | null = null;
  let bare: ChildProcess | null = null;
  let pgHandle: DatabaseHandle | null = null;
  const dataDir = mkdtempSync(join(tmpdir(), "nearmint-bench-hot-"));
  let productGz: Buffer;
  const cleanup = async () => {
    await stop(shop).catch(() => {});
    await stop(bare).catch(() => {});
    await pgHandle?.close().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
    await admin((c) => c.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`)).catch((e) => console.error(`[bench] could not drop ${DB_NAME}: ${(e as Error).message}`));
  };
  process.once("SIGINT", () => void cleanup().then(() => process.exit(130)));
  try {
    // The embedded database: prepared here, then opened by the shop alone (one process).
    const local = await connectPglite(dataDir);
    const localFx = await prepare(local);
    await local.close();
    shop = await startShop({ DATA_DIR: dataDir });
    productGz = await commonChecks("PGlite", localFx);
    await drive("PGlite", localFx, shop.pid!);
    await stop(shop);
    shop = null;
    await driveWithoutCache("PGlite", localFx, { DATA_DIR: dataDir });

    // PostgreSQL: a database of our own, one process per core (the default).
    await admin((c) => c.query(`CREATE DATABASE ${DB_NAME}`));
    pgHandle = connectPostgres(databaseUrl(), { poolMax: 2 });
    const fx = await prepare(pgHandle);
    shop = await startShop({ DATABASE_URL: databaseUrl() });
    await commonChecks("PostgreSQL", fx);
    const path = `/products/${fx.productSlug}`;
    // Both workers warm: several requests, some of them hits.
    for (let i = 0; i < 6; i++) await page(path);
    await pgHandle.db.transaction((tx) => setStock(tx, fx.variantId, 2, { reason: "adjustment", note: "bench" }));
    await new Promise((r) => setTimeout(r, 150));
    const afterNotify = await Promise.all(Array.from({ length: 6 }, () => page(path)));
    check(afterNotify.every((p) => stockShown(p.body) === "2"), `PostgreSQL: 150 ms after a stock change through the inventory module (NOTIFY), every worker shows it (${afterNotify.map((p) => stockShown(p.body)).join(",")})`);
    for (let i = 0; i < 6; i++) await page(path);
    // Written straight into the table: no notification, only the entries' 1 s lifetime.
    await pgHandle.db.execute(sql`UPDATE product_variants SET stock = 1 WHERE id = ${fx.variantId}`);
    const right = await page(path);
    console.log(`[bench] right after a silent UPDATE the page shows ${stockShown(right.body)} left (cached: ${right.headers.get("x-render-cache")})`);
    await new Promise((r) => setTimeout(r, 1500));
    const later = await Promise.all(Array.from({ length: 6 }, () => page(path)));
    check(later.every((p) => stockShown(p.body) === "1"), `PostgreSQL: 1.5 s after a stock change without NOTIFY, every answer shows it (${later.map((p) => stockShown(p.body)).join(",")})`);
    await drive("PostgreSQL", fx, shop.pid!);
    await stop(shop);
    shop = null;
    await driveWithoutCache("PostgreSQL", fx, { DATABASE_URL: databaseUrl() });

    // The yardstick: the same gzipped product page from memory.
    const bodyFile = join(dataDir, "product.html.gz");
    writeFileSync(bodyFile, productGz);
    check(gunzipSync(productGz).toString().includes("</html>"), "the bare server's body is the gzipped product page");
    bare = spawn(process.execPath, ["--import", "tsx", "bench/hot-pages/bare-server.ts"], { cwd: ROOT, env: { ...process.env, BARE_BODY_FILE: bodyFile, BARE_PORT: String(BARE_PORT) }, stdio: ["ignore", "pipe", "inherit"] });
    await new Promise<void>((r) => bare!.stdout!.once("data", () => r()));
    await cannon("bare node:http", "product page bytes from memory", "/", bare.pid!, GZIP, BARE_PORT);
  } finally {
    await cleanup();
  }

  const bareRate = rows.find((r) => r.database === "bare node:http")?.requestsPerSecond ?? 0;
  const bareCpu = rows.find((r) => r.database === "bare node:http")?.serverCpuMsPerRequest ?? null;
  const table = ["| Database | Page | req/s | share of bare (req/s) | p50 / p99 ms | server CPU ms/request | share of bare (CPU) | load |", "|---|---|---|---|---|---|---|---|"];
  for (const r of rows) {
    const share = bareRate > 0 ? `1/${(bareRate / Math.max(1, r.requestsPerSecond)).toFixed(1)}` : "-";
    const cpuShare = bareCpu && r.serverCpuMsPerRequest ? `1/${(r.serverCpuMsPerRequest / bareCpu).toFixed(1)}` : "-";
    table.push(`| ${r.database} | ${r.label} | ${r.requestsPerSecond} | ${share} | ${r.p50} / ${r.p99} | ${r.serverCpuMsPerRequest ?? "-"} | ${cpuShare} | ${r.loadAverage} |`);
  }
  console.log(`\n${table.join("\n")}\n`);
  const uptimeAtEnd = execSync("uptime").toString().trim();
  console.log(`[bench] ${uptimeAtEnd}`);
  writeFileSync(new URL("./latest.json", import.meta.url), `${JSON.stringify({ machine, durationSeconds: DURATION, connections: CONNECTIONS, rows, failures, uptimeAtEnd }, null, 2)}\n`);
  if (failures.length) {
    console.error(`[bench] ${failures.length} invariant(s) broke:\n- ${failures.join("\n- ")}`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error("[bench] failed:", error);
  process.exitCode = 1;
});
