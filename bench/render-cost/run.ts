/**
 * `npm run bench:render-cost` — what one uncached render of the shop's product page costs, next
 * to a bare React Router 7 app on the same stack (issue 16, "Render cost"; decision 0054).
 *
 * 1. The shop's production build (BUILD_DIR, default build/; built first when missing) and the
 *    bare app (bare-app/: a root with Meta/Links/Scripts and one product route whose loader
 *    returns a constant product, markup of the same shape as the shop's page), built with the
 *    same react-router and vite into a temporary directory.
 * 2. A fresh PostgreSQL database `nearmint_bench_render_*` (BENCH_ADMIN_URL, default
 *    127.0.0.1:5432) with the demo catalogue; a signed-in customer with one item in the cart.
 * 3. The shop through server/cluster.ts as `npm start` runs it, but one process
 *    (WEB_CONCURRENCY=1) and the render cache off (RENDER_CACHE_MS=0): every request renders.
 *    The bare app by bare-server.ts: Express 5 + compression + @react-router/express, one process.
 * 4. Checks both answer what they should, warms both up, then drives, BENCH_ROUNDS times in
 *    turn, the bare app's product page, the shop's product page anonymous, and signed in
 *    (autocannon, BENCH_CONNECTIONS connections, BENCH_DURATION s, gzip); each figure is the
 *    median of its rounds.
 *
 * Prints req/s, p50/p99, server CPU ms per request, the ratios by req/s and by CPU, both pages'
 * HTML bytes and the load average; writes bench/render-cost/latest.json; drops the database;
 * exits 1 when a check failed or a target (TARGETS) is missed.
 */
import { spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { execSync } from "node:child_process";
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

/** Issue 16: the shop's uncached product page at least 0.6× the bare app, signed in at least 0.5× anonymous. */
export const TARGETS = { anonymousVsBare: 0.6, signedInVsAnonymous: 0.5 } as const;

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PORT = Number(process.env.BENCH_PORT ?? 3161);
const BARE_PORT = PORT + 1;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const WARMUP_SECONDS = 3;
const BUILD_DIR = resolve(ROOT, process.env.BUILD_DIR ?? "build");
const DB_NAME = `nearmint_bench_render_${Date.now().toString(36)}`;
const GZIP = { "Accept-Encoding": "gzip" };

const failures: string[] = [];
function check(ok: boolean, what: string) {
  console.log(`[bench] ${ok ? "ok" : "FAILED"}: ${what}`);
  if (!ok) failures.push(what);
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(command, args, { cwd, stdio: "inherit", env });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed in ${cwd}`);
}

function ensureShopBuild() {
  try {
    readFileSync(`${BUILD_DIR}/server/index.js`);
  } catch {
    console.log(`[bench] no build in ${BUILD_DIR}: building`);
    run("npx", ["react-router", "build"], ROOT, { ...process.env, BUILD_DIR });
  }
}

/** Builds bare-app/ in `dir` with the shop's own node_modules (same react-router, react, vite). */
function buildBareApp(dir: string) {
  cpSync(fileURLToPath(new URL("./bare-app", import.meta.url)), dir, { recursive: true });
  // Its package.json names the shop's own versions of what a React Router 7 app depends on.
  const shop = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
  const pick = (names: string[], from: Record<string, string>) => Object.fromEntries(names.map((n) => [n, from[n]!]));
  const manifest = {
    name: "bare-react-router-app",
    private: true,
    type: "module",
    dependencies: pick(["@react-router/express", "@react-router/node", "compression", "express", "isbot", "react", "react-dom", "react-router"], shop.dependencies),
    devDependencies: pick(["@react-router/dev", "vite"], shop.devDependencies),
  };
  writeFileSync(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"), "dir");
  run("npx", ["react-router", "build"], dir, { ...process.env, NODE_ENV: "production" });
}

interface Fixture {
  productSlug: string;
  cookie: string;
  fullName: string;
}

/** The demo catalogue, a product with one variant (as bench:hot-pages), a customer with one cart item. */
async function prepare(handle: DatabaseHandle): Promise<Fixture> {
  await handle.migrate();
  await seedDemoCatalogue(handle.db);
  const [product] = rowsOf<{ slug: string; variant_id: number }>(
    await handle.db.execute(sql`
      SELECT p.slug, min(v.id) AS variant_id
      FROM products p JOIN product_variants v ON v.product_id = p.id
      WHERE p.is_visible GROUP BY p.id HAVING count(*) = 1 ORDER BY p.id LIMIT 1`),
  );
  if (!product) throw new Error("no single-variant product in the demo catalogue");
  await handle.db.transaction((tx) => setStock(tx, Number(product.variant_id), 3, { reason: "adjustment", note: "bench" }));
  const [other] = rowsOf<{ variant_id: number }>(
    await handle.db.execute(sql`
      SELECT v.id AS variant_id FROM product_variants v JOIN products p ON p.id = v.product_id
      WHERE p.is_visible AND v.stock > 0 AND v.id <> ${product.variant_id} ORDER BY v.id LIMIT 1`),
  );
  const fullName = "Bench Customer";
  const email = `bench.${Date.now().toString(36)}@example.test`;
  const user = await registerUser(handle.db, { fullName, email, password: "Velvet-Lantern-42" }, { publicUrl: `http://127.0.0.1:${PORT}`, shopName: "Bench" });
  if (!user.ok) throw new Error("could not register the bench customer");
  if (!other) throw new Error("no second product in stock for the customer's cart");
  const added = await addItem(handle.db, { userId: user.userId }, Number(other.variant_id), 1);
  if (!added.ok) throw new Error(`could not fill the customer's cart: ${JSON.stringify(added)}`);
  const session = await createSession(handle.db, user.userId, { persistent: false });
  return { productSlug: product.slug, cookie: `${SESSION_COOKIE}=${session.token}`, fullName };
}

async function fetchPage(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers });
  return { status: res.status, headers: res.headers, body: await res.text() };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return Math.round(value * 1000) / 1000;
};

type Subject = "bare" | "anonymous" | "signedIn";
const LABELS: Record<Subject, string> = {
  bare: "bare React Router 7 app, product page",
  anonymous: "shop product page, anonymous, uncached",
  signedIn: "shop product page, signed in",
};

async function main() {
  const machine = {
    cpu: cpus()[0]?.model ?? "unknown",
    cores: cpus().length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    date: new Date().toISOString(),
    uptimeAtStart: execSync("uptime").toString().trim(),
  };
  console.log(`[bench] ${machine.cores} × ${machine.cpu}, Node ${machine.node}; ${machine.uptimeAtStart}`);
  ensureShopBuild();
  const bareDir = mkdtempSync(join(tmpdir(), "nearmint-bench-bare-"));
  let shop: ChildProcess | null = null;
  let bare: ChildProcess | null = null;
  let handle: DatabaseHandle | null = null;
  const cleanup = async () => {
    await stopProcess(shop).catch(() => {});
    await stopProcess(bare).catch(() => {});
    await handle?.close().catch(() => {});
    rmSync(bareDir, { recursive: true, force: true });
    await withAdminClient(ADMIN_URL, (c) => c.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`)).catch((e) =>
      console.error(`[bench] could not drop ${DB_NAME}: ${(e as Error).message}`),
    );
  };
  process.once("SIGINT", () => void cleanup().then(() => process.exit(130)));

  const rounds: Record<Subject, LoadFigures[]> = { bare: [], anonymous: [], signedIn: [] };
  const html: Record<"bare" | "anonymous" | "signedIn", { plainBytes: number; gzipBytes: number }> = {} as never;
  try {
    buildBareApp(bareDir);
    await withAdminClient(ADMIN_URL, (c) => c.query(`CREATE DATABASE ${DB_NAME}`));
    const databaseUrl = databaseUrlFor(ADMIN_URL, DB_NAME);
    handle = connectPostgres(databaseUrl, { poolMax: 2 });
    const fx = await prepare(handle);

    const shopBase = `http://127.0.0.1:${PORT}`;
    shop = await startProcess("shop", ["--import", "tsx", "server/cluster.ts"], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: "production",
        BUILD_DIR,
        PORT: String(PORT),
        HOST: "127.0.0.1",
        PUBLIC_URL: shopBase,
        DATABASE_URL: databaseUrl,
        DEMO_DATA: "0",
        LOG_LEVEL: "warn",
        WEB_CONCURRENCY: "1",
        RENDER_CACHE_MS: "0",
      },
      healthUrl: `${shopBase}/healthz`,
    });
    const bareBase = `http://127.0.0.1:${BARE_PORT}`;
    bare = await startProcess("bare", ["--import", "tsx", fileURLToPath(new URL("./bare-server.ts", import.meta.url))], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: "production", BARE_BUILD_DIR: join(bareDir, "build"), BARE_PORT: String(BARE_PORT) },
      healthUrl: `${bareBase}/healthz`,
    });

    const productPath = `/products/${fx.productSlug}`;
    const urls: Record<Subject, { url: string; headers: Record<string, string>; pid: number }> = {
      bare: { url: `${bareBase}/products/scarlet-violet-151-booster-bundle`, headers: GZIP, pid: bare.pid! },
      anonymous: { url: `${shopBase}${productPath}`, headers: GZIP, pid: shop.pid! },
      signedIn: { url: `${shopBase}${productPath}`, headers: { ...GZIP, Cookie: fx.cookie }, pid: shop.pid! },
    };

    // What each answers: a whole page, the shop's rendered for this request (no cache).
    const barePage = await fetchPage(urls.bare.url);
    check(barePage.status === 200 && barePage.body.includes("</html>") && barePage.body.includes("Add to Cart"), "the bare app renders its product page");
    const anonymous = await fetchPage(urls.anonymous.url);
    check(
      anonymous.status === 200 && anonymous.body.includes("</html>") && !anonymous.headers.get("x-render-cache") && anonymous.body.includes('href="/login"'),
      "the shop renders the product page for an anonymous visitor, without the render cache",
    );
    const signedIn = await fetchPage(urls.signedIn.url, { Cookie: fx.cookie });
    check(
      signedIn.status === 200 && signedIn.headers.get("cache-control") === "private, no-store" && signedIn.body.includes('href="/account"') && /data-testid="cart-count"[^>]*>1</.test(signedIn.body),
      "the shop renders the product page for the signed-in customer (account link, 1 item in the cart)",
    );
    for (const [key, page] of [["bare", barePage], ["anonymous", anonymous], ["signedIn", signedIn]] as const) {
      html[key] = { plainBytes: Buffer.byteLength(page.body), gzipBytes: gzipSync(page.body).length };
    }

    // Warm up: the JIT, the pools, React's caches.
    for (const subject of Object.keys(urls) as Subject[]) {
      const { url, headers, pid } = urls[subject];
      await drive(url, pid, { connections: CONNECTIONS, duration: WARMUP_SECONDS, headers });
      console.log(`[bench] warmed up ${subject} (${WARMUP_SECONDS} s)`);
    }

    for (let round = 1; round <= ROUNDS; round++) {
      for (const subject of Object.keys(urls) as Subject[]) {
        const { url, headers, pid } = urls[subject];
        const figures = await drive(url, pid, { connections: CONNECTIONS, duration: DURATION, headers });
        rounds[subject].push(figures);
        console.log(
          `[bench] round ${round} ${LABELS[subject]}: ${figures.requestsPerSecond} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms, ` +
            `server CPU ${figures.serverCpuMsPerRequest} ms/request, status ${JSON.stringify(figures.status)}, load ${figures.loadAverage}`,
        );
        const wrong = Object.keys(figures.status).filter((code) => code !== "200");
        check(wrong.length === 0 && figures.errors === 0, `round ${round} ${subject}: every answer 200 (${JSON.stringify(figures.status)}, ${figures.errors} errors)`);
        await sleep(1000);
      }
    }
  } finally {
    await cleanup();
  }

  const summary = Object.fromEntries(
    (Object.keys(rounds) as Subject[]).map((subject) => {
      const list = rounds[subject];
      return [
        subject,
        {
          label: LABELS[subject],
          requestsPerSecond: median(list.map((r) => r.requestsPerSecond)),
          p50: median(list.map((r) => r.p50)),
          p99: median(list.map((r) => r.p99)),
          serverCpuMsPerRequest: median(list.map((r) => r.serverCpuMsPerRequest ?? NaN)),
          loadAverage: median(list.map((r) => r.loadAverage)),
          html: html[subject],
        },
      ];
    }),
  ) as Record<Subject, { label: string; requestsPerSecond: number; p50: number; p99: number; serverCpuMsPerRequest: number; loadAverage: number; html: { plainBytes: number; gzipBytes: number } }>;
  const round2 = (n: number) => Math.round(n * 100) / 100;
  const ratios = {
    anonymousVsBare: {
      byRequestsPerSecond: round2(summary.anonymous.requestsPerSecond / summary.bare.requestsPerSecond),
      byCpu: round2(summary.bare.serverCpuMsPerRequest / summary.anonymous.serverCpuMsPerRequest),
      target: TARGETS.anonymousVsBare,
    },
    signedInVsAnonymous: {
      byRequestsPerSecond: round2(summary.signedIn.requestsPerSecond / summary.anonymous.requestsPerSecond),
      byCpu: round2(summary.anonymous.serverCpuMsPerRequest / summary.signedIn.serverCpuMsPerRequest),
      target: TARGETS.signedInVsAnonymous,
    },
  };

  const table = ["| Page | req/s | p50 / p99 ms | server CPU ms/request | HTML bytes (gzip) | load |", "|---|---|---|---|---|---|"];
  for (const s of Object.values(summary)) {
    table.push(`| ${s.label} | ${s.requestsPerSecond} | ${s.p50} / ${s.p99} | ${s.serverCpuMsPerRequest} | ${s.html.plainBytes} (${s.html.gzipBytes}) | ${s.loadAverage} |`);
  }
  table.push("", "| Ratio | by req/s | by CPU per request | target |", "|---|---|---|---|");
  table.push(`| shop anonymous / bare | ${ratios.anonymousVsBare.byRequestsPerSecond} | ${ratios.anonymousVsBare.byCpu} | ≥ ${TARGETS.anonymousVsBare} |`);
  table.push(`| signed in / anonymous | ${ratios.signedInVsAnonymous.byRequestsPerSecond} | ${ratios.signedInVsAnonymous.byCpu} | ≥ ${TARGETS.signedInVsAnonymous} |`);
  console.log(`\n${table.join("\n")}\n`);
  const uptimeAtEnd = execSync("uptime").toString().trim();
  console.log(`[bench] ${uptimeAtEnd}`);

  // The targets, by both measures: throughput is what the issue names; CPU per request is the
  // figure other programs on the machine distort least.
  for (const [name, ratio] of Object.entries(ratios)) {
    check(ratio.byRequestsPerSecond >= ratio.target, `${name} by req/s ${ratio.byRequestsPerSecond} ≥ ${ratio.target}`);
    check(ratio.byCpu >= ratio.target, `${name} by CPU per request ${ratio.byCpu} ≥ ${ratio.target}`);
  }
  writeFileSync(
    new URL("./latest.json", import.meta.url),
    `${JSON.stringify({ machine, durationSeconds: DURATION, connections: CONNECTIONS, rounds: ROUNDS, summary, ratios, perRound: rounds, failures, loadAverageAtEnd: loadavg(), uptimeAtEnd }, null, 2)}\n`,
  );
  if (failures.length) {
    console.error(`[bench] ${failures.length} check(s) or target(s) failed:\n- ${failures.join("\n- ")}`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error("[bench] failed:", error);
  process.exitCode = 1;
});
