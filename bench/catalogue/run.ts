/**
 * `npm run bench:catalogue` — the catalogue on a large shop: search latency and page throughput.
 *
 * 1. Creates a database on the PostgreSQL server (BENCH_ADMIN_URL, default 127.0.0.1:5432),
 *    migrates it, loads the demo catalogue and adds BENCH_PRODUCTS (100,000) generated products.
 * 2. Times `searchProducts` (the module the /search page calls) over a fixed list of queries.
 * 3. Starts the production build (BUILD_DIR, default build/; built first when missing) on that
 *    database and drives the home, category, product and search pages with autocannon:
 *    requests/s and latency percentiles, plus the product page at a fixed 300 requests/s.
 *    Requests carry no cookies and no If-None-Match: every one is rendered ("uncached").
 * 4. Stops the server and drops the database, whatever happened.
 *
 * Prints a Markdown summary and writes bench/catalogue/latest.json. Not a test: figures depend
 * on the machine and on whatever else it is doing; see bench/README.md.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import pg from "pg";
import { connectPostgres } from "~/db/client.server";
import { seedDemoCatalogue } from "~/demo/seed.server";
import { searchProducts } from "~/modules/catalog/queries.server";
import { fillProducts } from "./fill";
import { SEARCH_QUERIES } from "./search-queries";

const require = createRequire(import.meta.url);
// autocannon ships no types; only the few fields read below are described.
interface Histogram {
  average: number;
  mean: number;
  p50: number;
  p90: number;
  p97_5: number;
  p99: number;
  max: number;
  total: number;
}
interface CannonResult {
  requests: Histogram;
  latency: Histogram;
  errors: number;
  timeouts: number;
  non2xx: number;
  "2xx": number;
  duration: number;
}
interface CannonOptions {
  url: string;
  connections: number;
  duration: number;
  overallRate?: number;
  requests?: Array<{ setupRequest?: (req: { path: string }) => { path: string } }>;
}
const autocannon = require("autocannon") as (options: CannonOptions) => Promise<CannonResult>;

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const PORT = Number(process.env.BENCH_PORT ?? 3149);
const DURATION = Number(process.env.BENCH_DURATION ?? 15);
const SEARCH_ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS ?? 20);
/** Server processes to measure with, e.g. "1,2": one instance, then one per core. */
const WORKER_COUNTS = (process.env.BENCH_WORKERS ?? "1,2").split(",").map(Number).filter((n) => n >= 1);
const BUILD_DIR = resolve(ROOT, process.env.BUILD_DIR ?? "build");
const DB_NAME = `nearmint_bench_catalogue_${Date.now().toString(36)}`;


function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

const ms = (n: number) => Math.round(n * 100) / 100;

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function databaseUrl(): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
}

async function prepareDatabase() {
  await admin((c) => c.query(`CREATE DATABASE ${DB_NAME}`));
  const handle = connectPostgres(databaseUrl(), { poolMax: 4 });
  try {
    await handle.migrate();
    await seedDemoCatalogue(handle.db);
  } finally {
    await handle.close();
  }
  const pool = new pg.Pool({ connectionString: databaseUrl(), max: 2 });
  try {
    const started = performance.now();
    const inserted = await fillProducts(pool, PRODUCTS);
    const fillMs = performance.now() - started;
    await pool.query("VACUUM ANALYZE products, product_variants, cards, card_sets");
    const { rows } = await pool.query<{ total: string; visible: string; variants: string; size: string }>(
      `SELECT count(*) AS total, count(*) FILTER (WHERE is_visible) AS visible,
              (SELECT count(*) FROM product_variants) AS variants,
              pg_size_pretty(pg_total_relation_size('products') + pg_total_relation_size('product_variants')) AS size FROM products`,
    );
    return { inserted, fillMs, ...rows[0]! };
  } finally {
    await pool.end();
  }
}

async function benchSearch() {
  const handle = connectPostgres(databaseUrl(), { poolMax: 2 });
  const samples: number[] = [];
  const perQuery = new Map<string, { times: number[]; order: string; found: number; total: number | null }>();
  try {
    for (const q of SEARCH_QUERIES) {
      const r = await searchProducts(handle.db, q); // warm-up: plans, caches
      perQuery.set(q, { times: [], order: r.order, found: r.items.length, total: r.total });
    }
    for (let round = 0; round < SEARCH_ROUNDS; round++) {
      // A different order each round, so no query always follows the same one.
      const order = [...SEARCH_QUERIES].sort(() => Math.random() - 0.5);
      for (const q of order) {
        const started = performance.now();
        await searchProducts(handle.db, q);
        const elapsed = performance.now() - started;
        samples.push(elapsed);
        perQuery.get(q)!.times.push(elapsed);
      }
    }
  } finally {
    await handle.close();
  }
  samples.sort((a, b) => a - b);
  const queries = [...perQuery.entries()].map(([q, s]) => {
    const t = [...s.times].sort((a, b) => a - b);
    return { query: q, order: s.order, total: s.total, p50: ms(percentile(t, 50)), p95: ms(percentile(t, 95)) };
  });
  return {
    samples: samples.length,
    p50: ms(percentile(samples, 50)),
    p95: ms(percentile(samples, 95)),
    p99: ms(percentile(samples, 99)),
    max: ms(samples.at(-1) ?? 0),
    queries,
  };
}

function ensureBuild() {
  if (existsSync(`${BUILD_DIR}/server/index.js`)) return;
  console.log(`[bench] no build in ${BUILD_DIR}: building`);
  const result = spawnSync("npx", ["react-router", "build"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, BUILD_DIR },
  });
  if (result.status !== 0) throw new Error("react-router build failed");
}

async function startServer(workers: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/catalogue/cluster-server.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      DATABASE_URL: databaseUrl(),
      DEMO_DATA: "0",
      LOG_LEVEL: "warn",
      BENCH_WORKERS: String(workers),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d: Buffer) => process.env.BENCH_VERBOSE && process.stdout.write(`[server] ${d}`));
  child.stderr!.on("data", (d: Buffer) => process.stderr.write(`[server] ${d}`));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${PORT}/healthz`);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill("SIGTERM");
  throw new Error("server did not become healthy within 60 s");
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null) child.kill("SIGKILL");
}

/** A fixed spread of visible products across the whole table, so reads are not all cached rows. */
async function productSlugs(count: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    const { rows } = await client.query<{ slug: string }>(
      "SELECT slug FROM products WHERE is_visible ORDER BY hashint4(id) LIMIT $1",
      [count],
    );
    return rows.map((r) => r.slug);
  } finally {
    await client.end();
  }
}

/**
 * CPU time (user + system, ms) used so far by a process and its descendants (the cluster
 * workers), from /proc. Unlike wall-clock figures it barely moves when other programs share
 * the machine. Null where /proc is not available.
 */
function cpuMs(pid: number): number | null {
  try {
    const own = (p: number) => {
      const stat = readFileSync(`/proc/${p}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return Number(fields[11]) + Number(fields[12]); // utime, stime in clock ticks (1/100 s)
    };
    const children = (p: number): number[] =>
      readdirSync(`/proc/${p}/task`).flatMap((task) =>
        readFileSync(`/proc/${p}/task/${task}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number),
      );
    const walk = (p: number): number => own(p) + children(p).reduce((sum, c) => sum + walk(c), 0);
    return walk(pid) * 10;
  } catch {
    return null;
  }
}

let serverPid = 0;

async function cannon(label: string, paths: string[], options: { connections: number; overallRate?: number }) {
  // Check every path renders before measuring it.
  for (const path of paths.slice(0, 3)) {
    const res = await fetch(`http://127.0.0.1:${PORT}${path}`);
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    await res.arrayBuffer();
  }
  let next = 0;
  const cpuBefore = cpuMs(serverPid);
  const loadBefore = loadavg()[0]!;
  const result = await autocannon({
    url: `http://127.0.0.1:${PORT}`,
    connections: options.connections,
    duration: DURATION,
    overallRate: options.overallRate,
    requests: [
      {
        setupRequest: (req) => {
          req.path = paths[next++ % paths.length]!;
          return req;
        },
      },
    ],
  });
  const cpuAfter = cpuMs(serverPid);
  const row = {
    label,
    serverCpuMsPerRequest:
      cpuBefore !== null && cpuAfter !== null && result.requests.total > 0
        ? ms((cpuAfter - cpuBefore) / result.requests.total)
        : null,
    loadAverage: ms((loadBefore + loadavg()[0]!) / 2),
    connections: options.connections,
    targetRate: options.overallRate ?? null,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
  console.log(
    `[bench] ${label}: ${row.requestsPerSecond} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, server CPU ${row.serverCpuMsPerRequest} ms/request, load ${row.loadAverage}, non-2xx ${row.non2xx}, errors ${row.errors}`,
  );
  return row;
}

async function main() {
  const machine = {
    cpu: cpus()[0]?.model ?? "unknown",
    cores: cpus().length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    postgres: await admin(async (c) => (await c.query<{ server_version: string }>("SHOW server_version")).rows[0]!.server_version),
    date: new Date().toISOString(),
  };
  console.log(
    `[bench] ${machine.cores} × ${machine.cpu}, ${machine.memoryGiB} GiB, Node ${machine.node}, PostgreSQL ${machine.postgres}, load average ${loadavg().map((l) => l.toFixed(2)).join(" ")}`,
  );

  let server: ChildProcess | null = null;
  const cleanup = async () => {
    if (server) await stopServer(server).catch(() => {});
    await admin((c) => c.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`)).catch((e) =>
      console.error(`[bench] could not drop ${DB_NAME}: ${(e as Error).message}`),
    );
  };
  process.once("SIGINT", () => void cleanup().then(() => process.exit(130)));

  try {
    ensureBuild();
    console.log(`[bench] database ${DB_NAME}: migrating and filling ${PRODUCTS.toLocaleString("en-GB")} products`);
    const data = await prepareDatabase();
    console.log(`[bench] inserted ${data.inserted} in ${Math.round(data.fillMs)} ms; ${data.total} products (${data.visible} visible), ${data.variants} variants, products + variants with indexes ${data.size}`);

    const search = await benchSearch();
    console.log(`[bench] search over ${search.samples} runs: p50 ${search.p50} ms, p95 ${search.p95} ms, p99 ${search.p99} ms, max ${search.max} ms`);

    const slugs = await productSlugs(2000);
    const productPaths = slugs.map((slug) => `/products/${slug}`);
    const pages = [];
    for (const workers of WORKER_COUNTS) {
      server = await startServer(workers);
      serverPid = server.pid!;
      const tag = `${workers} ${workers === 1 ? "process" : "processes"}`;
      pages.push({ workers, ...(await cannon(`home / (${tag})`, ["/"], { connections: 10 })) });
      pages.push({
        workers,
        ...(await cannon(`category english-singles, pages 1-100 (${tag})`, Array.from({ length: 100 }, (_, i) => `/category/english-singles${i ? `?page=${i + 1}` : ""}`), {
          connections: 10,
        })),
      });
      pages.push({ workers, ...(await cannon(`product, 2,000 different (${tag})`, productPaths, { connections: 10 })) });
      pages.push({ workers, ...(await cannon(`product at a fixed 300 req/s (${tag})`, productPaths, { connections: 30, overallRate: 300 })) });
      pages.push({
        workers,
        ...(await cannon(`search page, the query list (${tag})`, SEARCH_QUERIES.map((q) => `/search?q=${encodeURIComponent(q)}`), {
          connections: 10,
        })),
      });
      // autocannon stops without waiting for its last requests; let them finish first.
      await new Promise((r) => setTimeout(r, 2000));
      await stopServer(server);
      server = null;
    }

    const results = { machine, products: PRODUCTS, data, search, pages, durationSeconds: DURATION, loadAverageAtEnd: loadavg() };
    writeFileSync(new URL("./latest.json", import.meta.url), `${JSON.stringify(results, null, 2)}\n`);

    console.log("\n| Measure | Result |\n|---|---|");
    console.log(`| Search p50 / p95 / p99 (${search.samples} runs) | ${search.p50} / ${search.p95} / ${search.p99} ms |`);
    for (const p of pages) {
      console.log(
        `| ${p.label}${p.targetRate ? "" : `, ${p.connections} connections`} | ${p.requestsPerSecond} req/s, p50 ${p.p50} ms, p99 ${p.p99} ms, ${p.serverCpuMsPerRequest} ms server CPU/request${p.non2xx || p.errors ? `, ${p.non2xx} non-2xx, ${p.errors} errors` : ""} |`,
      );
    }
    console.log("\nSlowest search queries (p95):");
    for (const q of [...search.queries].sort((a, b) => b.p95 - a.p95).slice(0, 6)) {
      console.log(`  ${JSON.stringify(q.query)}: p50 ${q.p50} ms, p95 ${q.p95} ms (${q.order}, ${q.total ?? ">1000"} matches)`);
    }
  } finally {
    await cleanup();
  }
}

main().catch((error) => {
  console.error("[bench] failed:", error);
  process.exitCode = 1;
});
