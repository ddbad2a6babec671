/**
 * `npm run bench:singles` — set pages and card-aware, filtered search on a large shop of singles,
 * timed in the module (what the routes call, without HTTP), on the PostgreSQL server.
 *
 * 1. Creates a database on the PostgreSQL server (BENCH_ADMIN_URL, default 127.0.0.1:5432),
 *    migrates it and fills it (fill.ts): ~130 sets, ~28,000 cards, ~27,000 singles with ~100,000
 *    variants, and sealed product.
 * 2. Times `setPage` (/sets/:code) over sets × filters × sorts × pages, and `findProducts`
 *    (/search) over card queries ("name n/total", "alias n", "set name + name"), plain text and
 *    filtered, re-sorted searches; BENCH_ROUNDS rounds in shuffled order after one warm-up round.
 * 3. Drops the database, whatever happened.
 *
 * Besides latency, it reports CPU time per call (Node's and the PostgreSQL backends', read from
 * /proc: the server must be on this machine), which holds steady when the machine is busy.
 *
 * Prints a Markdown summary and writes bench/singles/latest.json. Not a test: figures depend on
 * the machine and on whatever else it is doing; see bench/README.md.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { sql } from "drizzle-orm";
import pg from "pg";
import { connectPostgres, type Db } from "~/db/client.server";
import { findProducts } from "~/modules/catalog/card-search.server";
import { searchProducts } from "~/modules/catalog/queries.server";
import { parseSearchParams, parseSetParams } from "~/modules/catalog/find-filters";
import { listSets, setPage } from "~/modules/catalog/set-pages.server";
import { fillSingles, type FilledShop } from "./fill";

const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const SETS = Number(process.env.BENCH_SETS ?? 130);
const LISTED = Number(process.env.BENCH_LISTED ?? 0.97);
const SEALED = Number(process.env.BENCH_SEALED ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const DB_NAME = `nearmint_bench_singles_${Date.now().toString(36)}`;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
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

/** User + system CPU of these PostgreSQL backends so far, in ms (the server is on this machine: /proc). */
function backendCpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      // Fields after the command name: state is field 3, utime 14, stime 15.
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // A backend that went away: its time is lost, and the next round asks again.
    }
  }
  return (ticks * 1000) / CLOCK_TICKS;
}
/** Linux's USER_HZ: /proc counts CPU time in 1/100 s. */
const CLOCK_TICKS = 100;

function databaseUrl(): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
}

type Kind = "set page" | "search" | "filtered search" | "searchProducts alone";
const KINDS: readonly Kind[] = ["set page", "search", "filtered search", "searchProducts alone"];

interface Case {
  kind: Kind;
  label: string;
  run: (db: Db) => Promise<unknown>;
}

function cases(shop: FilledShop): Case[] {
  const list: Case[] = [];
  const setQueries = [
    "",
    "condition=lp",
    "condition=nm&instock=1",
    "printing=reverse_holo",
    "rarity=Rare+Holo&rarity=Double+rare",
    "min=5&max=50",
    "sort=price-asc",
    "sort=price-desc&instock=1",
    "sort=name",
    "page=3",
    "show=all",
    "condition=nm&condition=lp&printing=holo&instock=1&min=1&sort=price-asc",
  ];
  const codes = [...new Set(shop.sample.map((s) => s.code))].slice(0, 12);
  for (const code of codes) {
    for (const q of setQueries) {
      list.push({
        kind: "set page",
        label: `/sets/${code}?${q}`,
        run: (db) => setPage(db, code, parseSetParams(new URLSearchParams(q))),
      });
    }
  }
  list.push({ kind: "set page", label: "/sets (index)", run: (db) => listSets(db) });

  const search = (kind: Case["kind"], params: Record<string, string>) => {
    const query = new URLSearchParams(params);
    list.push({ kind, label: `/search?${query}`, run: (db) => findProducts(db, parseSearchParams(query)) });
  };
  for (const s of shop.sample.slice(0, 8)) {
    const label = /^\d+$/.test(s.number) ? `${s.number}/${s.official}` : s.number;
    search("search", { q: `${s.cardName.toLowerCase()} ${label}` });
    search("search", { q: `${s.alias} ${s.number}` });
    search("search", { q: `${s.setName.toLowerCase()} ${s.cardName.split(" ")[0]!.toLowerCase()}` });
  }
  search("search", { q: "4/102" });
  // The text search on its own (another module, called by every unfiltered search), for the
  // same plain queries: what the card-aware search adds is the difference.
  for (const q of ["charizard", "chari", "umbreon vmax", "booster box", "pikachu or eevee", `${shop.sample[0]!.cardName.toLowerCase()} ${shop.sample[0]!.number}`]) {
    list.push({ kind: "searchProducts alone", label: `searchProducts(${JSON.stringify(q)})`, run: (db) => searchProducts(db, q) });
  }
  search("search", { q: "charizard" });
  search("search", { q: "chari" });
  search("search", { q: "umbreon vmax" });
  search("search", { q: "evolving skies" });
  search("search", { q: "booster box" });
  search("search", { q: "rare" });
  search("search", { q: "pikachu or eevee" });
  search("search", { q: "zzzq nothing matches" });

  const filtered: Array<Record<string, string>> = [
    { q: "charizard", condition: "nm", instock: "1" },
    { q: "pikachu", max: "5", sort: "price-asc" },
    { q: "umbreon", printing: "reverse_holo" },
    { q: "mewtwo", rarity: "Rare Holo" },
    { q: "gengar", condition: "lp", sort: "price-desc" },
    { q: "charizard ex", sort: "name" },
    { q: "evolving skies umbreon", instock: "1" },
    { q: `${shop.sample[0]!.alias} ${shop.sample[0]!.number}`, condition: "nm" },
    { q: "booster box", instock: "1", sort: "price-asc" },
    { q: "ex", condition: "lp", instock: "1" },
    { q: "rare", condition: "nm", min: "10" },
    { q: "chari", min: "1", max: "20" },
  ];
  for (const params of filtered) search("filtered search", params);
  return list;
}

async function main() {
  await admin((c) => c.query(`CREATE DATABASE ${DB_NAME}`));
  const handle = connectPostgres(databaseUrl(), { poolMax: 4 });
  try {
    await handle.migrate();
    const pool = new pg.Pool({ connectionString: databaseUrl(), max: 2 });
    let shop: FilledShop;
    const started = performance.now();
    try {
      shop = await fillSingles(pool, { sets: SETS, listed: LISTED, sealed: SEALED });
      await pool.query("VACUUM ANALYZE");
    } finally {
      await pool.end();
    }
    const fillMs = performance.now() - started;
    console.log(
      `[bench] ${shop.sets} sets, ${shop.cards} cards, ${shop.singles} singles with ${shop.singleVariants} variants, ${shop.sealed} sealed; filled in ${(fillMs / 1000).toFixed(1)} s`,
    );

    const all = cases(shop);
    const times = new Map<string, number[]>(all.map((c) => [c.label, []]));
    // CPU time per call, Node and PostgreSQL together: unlike latency it barely moves when other
    // programs share the machine (bench/README.md), so it is the figure to compare between runs.
    const cpu = new Map<string, number>(all.map((c) => [c.label, 0]));
    for (const c of all) await c.run(handle.db); // warm-up: plans, caches, the pool's connections
    const monitor = new pg.Client({ connectionString: databaseUrl() });
    await monitor.connect();
    try {
      for (let round = 0; round < ROUNDS; round++) {
        const { rows: backends } = await monitor.query<{ pid: number }>(
          "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'",
        );
        const pids = backends.map((b) => b.pid);
        for (const c of [...all].sort(() => Math.random() - 0.5)) {
          const db0 = backendCpuMs(pids);
          const node0 = process.cpuUsage();
          const t0 = performance.now();
          await c.run(handle.db);
          times.get(c.label)!.push(performance.now() - t0);
          const node = process.cpuUsage(node0);
          cpu.set(c.label, cpu.get(c.label)! + (node.user + node.system) / 1000 + (backendCpuMs(pids) - db0));
        }
      }
    } finally {
      await monitor.end();
    }

    const summary = KINDS.map((kind) => {
      const mine = all.filter((c) => c.kind === kind);
      const samples = mine.flatMap((c) => times.get(c.label)!).sort((a, b) => a - b);
      // CPU per call of each query, averaged over its runs (/proc counts in 10 ms ticks: one
      // call's figure is coarse, the average over ROUNDS runs is not).
      const cpuOf = (label: string) => cpu.get(label)! / Math.max(1, times.get(label)!.length);
      const perQueryCpu = mine.map((c) => cpuOf(c.label)).sort((a, b) => a - b);
      const slowest = mine
        .map((c) => ({ label: c.label, p95: ms(percentile([...times.get(c.label)!].sort((a, b) => a - b), 95)), cpu: ms(cpuOf(c.label)) }))
        .sort((a, b) => b.cpu - a.cpu)
        .slice(0, 5);
      return {
        kind,
        queries: mine.length,
        samples: samples.length,
        p50: ms(percentile(samples, 50)),
        p95: ms(percentile(samples, 95)),
        p99: ms(percentile(samples, 99)),
        max: ms(samples.at(-1) ?? 0),
        cpuPerCall: ms(mine.reduce((sum, c) => sum + cpu.get(c.label)!, 0) / Math.max(1, samples.length)),
        cpuP95: ms(percentile(perQueryCpu, 95)),
        cpuMax: ms(perQueryCpu.at(-1) ?? 0),
        slowest,
      };
    });

    const { rows } = (await handle.db.execute(
      sql`SELECT pg_size_pretty(pg_total_relation_size('product_variants')) AS variants, pg_size_pretty(pg_total_relation_size('products')) AS products, pg_size_pretty(pg_total_relation_size('cards')) AS cards, version() AS version`,
    )) as unknown as { rows: Array<Record<string, string>> };
    const machine = { cpus: cpus().length, cpu: cpus()[0]?.model, memoryGiB: Math.round(totalmem() / 2 ** 30), load: loadavg().map((l) => Math.round(l * 10) / 10), node: process.version, postgres: rows[0]!.version };
    const { version: _version, ...sizes } = rows[0]!;
    const result = { date: new Date().toISOString(), machine, shop: { ...shop, sample: undefined }, sizes, fillSeconds: Math.round(fillMs / 100) / 10, rounds: ROUNDS, summary };
    writeFileSync(new URL("./latest.json", import.meta.url), JSON.stringify(result, null, 2) + "\n");

    console.log(`\n| Module call | Queries | Runs | p50 | p95 | p99 | max | CPU per call: mean | p95 of queries | max |\n|---|---|---|---|---|---|---|---|---|---|`);
    for (const s of summary) {
      console.log(`| ${s.kind} | ${s.queries} | ${s.samples} | ${s.p50} ms | ${s.p95} ms | ${s.p99} ms | ${s.max} ms | ${s.cpuPerCall} ms | ${s.cpuP95} ms | ${s.cpuMax} ms |`);
    }
    for (const s of summary) console.log(`\nMost CPU, ${s.kind}: ${s.slowest.map((q) => `${q.label} ${q.cpu} ms CPU (p95 ${q.p95} ms)`).join("; ")}`);
    console.log(`\nMachine: ${JSON.stringify(machine)}; sizes: ${JSON.stringify(sizes)}`);
  } finally {
    await handle.close();
    await admin((c) => c.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`));
  }
}

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void admin((c) => c.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`)).finally(() => process.exit(130));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
