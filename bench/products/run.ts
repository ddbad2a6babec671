/**
 * `npm run bench:products` — the back office's product list (/admin/products) on a big shop:
 * `listAdminProducts` (what the route calls, without HTTP) with and without filters, sorts and
 * deep pages, and the plan of each statement it sends.
 *
 * 1. Creates a database on the PostgreSQL server (BENCH_ADMIN_URL, default 127.0.0.1:5432),
 *    migrates it, loads the demo catalogue and adds BENCH_PRODUCTS (100,000) generated products
 *    with bench/catalogue/fill.ts (singles, slabs, sealed, accessories; ~170,000 variants), then
 *    VACUUM ANALYZE.
 * 2. Times each case BENCH_ROUNDS (10) times after one warm-up; prints median and p95.
 * 3. Prints the scan and sort nodes of EXPLAIN for each statement of each case.
 * 4. Drops the database, whatever happened (unless BENCH_KEEP is set, for trying plans by hand).
 *
 * Prints a Markdown table and writes bench/products/latest.json. Not a test: see bench/README.md.
 */
import { writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { connectPostgres, type Db } from "~/db/client.server";
import * as schema from "~/db/schema";
import { seedDemoCatalogue } from "~/demo/seed.server";
import { parseAdminProductParams } from "~/modules/catalog/admin-product-filters";
import { listAdminProducts } from "~/modules/catalog/product-admin.server";
import { fillProducts } from "../catalogue/fill";

const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const DB_NAME = `nearmint_bench_products_${Date.now().toString(36)}`;

/** Each case is the query string of /admin/products, as an admin would bookmark it. */
const CASES: [string, string][] = [
  ["no filter, page 1 (recently changed)", ""],
  ["no filter, page 2", "?page=2"],
  ["no filter, page 1,000 (offset 49,950)", "?page=1000"],
  ["no filter, last page", "?page=LAST"],
  ["sort by name, page 1", "?sort=name"],
  ["sort by name, page 500", "?sort=name&page=500"],
  ["newest first", "?sort=newest"],
  ["stock low → high", "?sort=stock-asc"],
  ["stock high → low", "?sort=stock-desc"],
  ["search 'charizard'", "?q=charizard"],
  ["search 'rare' (broad)", "?q=rare"],
  ["search a slug fragment", "?q=booster-box"],
  ["search, no match", "?q=zzzzqqq"],
  ["language en", "?language=en"],
  ["category english-singles", "?category=english-singles"],
  ["category english-singles, page 200", "?category=english-singles&page=200"],
  ["hidden", "?visibility=hidden"],
  ["sold out", "?stock=out"],
  ["low stock", "?stock=low"],
  ["in stock, singles, by name", "?stock=in&kind=single&sort=name"],
  ["sealed", "?kind=sealed"],
  ["everything at once", "?q=box&language=en&visibility=visible&stock=in&kind=sealed&sort=stock-asc"],
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

function databaseUrl(): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
}

const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${DB_NAME}`);
const handle = connectPostgres(databaseUrl(), { poolMax: 4 });
const pool = new pg.Pool({ connectionString: databaseUrl(), max: 2 });
// DROP DATABASE … WITH (FORCE) at the end ends idle connections: not an error of the bench.
pool.on("error", () => {});
try {
  await handle.migrate();
  await seedDemoCatalogue(handle.db);
  const started = performance.now();
  await fillProducts(pool, PRODUCTS);
  await pool.query("VACUUM ANALYZE products, product_variants, categories, languages");
  const { rows: size } = await pool.query<{ products: string; variants: string }>(`SELECT (SELECT count(*) FROM products) AS products, (SELECT count(*) FROM product_variants) AS variants`);
  console.log(`[bench] ${DB_NAME}: ${size[0]!.products} products, ${size[0]!.variants} variants (filled in ${Math.round((performance.now() - started) / 1000)} s)\n`);

  const db = handle.db;
  const lastPage = (await listAdminProducts(db, parseAdminProductParams(new URL("http://x/admin/products")))).pageCount;
  const urlFor = (query: string) => new URL(`http://x/admin/products${query.replace("LAST", String(lastPage))}`);

  const results: { label: string; query: string; total: number; medianMs: number; p95Ms: number }[] = [];
  for (const [label, query] of CASES) {
    const params = parseAdminProductParams(urlFor(query));
    const warm = await listAdminProducts(db, params);
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const t = performance.now();
      await listAdminProducts(db, params);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    results.push({ label, query, total: warm.total, medianMs: Math.round(percentile(times, 50) * 10) / 10, p95Ms: Math.round(percentile(times, 95) * 10) / 10 });
  }
  console.log("| case | matches | median ms | p95 ms |\n|---|---:|---:|---:|");
  for (const r of results) console.log(`| ${r.label} | ${r.total.toLocaleString("en-GB")} | ${r.medianMs} | ${r.p95Ms} |`);

  // The plans: the same calls on a drizzle instance that keeps each statement, then EXPLAIN.
  console.log("\nPlans (scan and sort nodes of EXPLAIN ANALYZE, list statement and count statement):");
  let caught: { text: string; params: unknown[] }[] = [];
  const logged = drizzle(pool, { schema, casing: "snake_case", logger: { logQuery: (text, params) => void caught.push({ text, params }) } }) as unknown as Db;
  const plans: Record<string, string[]> = {};
  for (const [label, query] of CASES) {
    caught = [];
    await listAdminProducts(logged, parseAdminProductParams(urlFor(query)));
    plans[label] = [];
    for (const statement of caught.slice(0, 2)) {
      const plan = await pool.query(`EXPLAIN (ANALYZE, TIMING OFF) ${statement.text}`, statement.params);
      const lines = plan.rows.map((r: Record<string, string>) => r["QUERY PLAN"]!);
      const nodes = lines.filter((line) => /Scan|Sort|Limit/.test(line) && !/SubPlan/.test(line)).map((line) => line.trim().replace(/^->\s*/, "").replace(/\s+\(cost.*$/, ""));
      const exec = lines.find((l) => l.startsWith("Execution Time"))?.replace("Execution Time: ", "") ?? "";
      plans[label]!.push(`${exec}: ${[...new Set(nodes)].slice(0, 6).join("; ")}`);
    }
    console.log(`- ${label}\n  - list ${plans[label]![0]}\n  - count ${plans[label]![1]}`);
  }
  writeFileSync(
    new URL("./latest.json", import.meta.url),
    `${JSON.stringify({ at: new Date().toISOString(), products: Number(size[0]!.products), variants: Number(size[0]!.variants), machine: { cpus: cpus().length, load: loadavg() }, results, plans }, null, 2)}\n`,
  );
} finally {
  await pool.end();
  await handle.close();
  if (process.env.BENCH_KEEP) console.log(`[bench] kept ${DB_NAME} (BENCH_KEEP): drop it yourself`);
  else await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin.end();
}
