/**
 * `npm run bench:repricing` — repricing singles from the market on a large shop (issue 13:
 * "repricing 100k variants < 10 s").
 *
 * 1. Creates a database on the PostgreSQL server (BENCH_ADMIN_URL, default 127.0.0.1:5432),
 *    migrates it and fills BENCH_VARIANTS (100,000) single variants with a price guide
 *    (bench/repricing/fill.ts).
 * 2. Times `previewRepricing` (what /admin/pricing computes on every visit: the whole plan, then
 *    one page) a few times, then `applyRepricing` with the preview's fingerprint: the first apply
 *    changes nearly every price. Then new rules (another rate) and a second preview + apply.
 * 3. Drops the database, whatever happened.
 *
 * Prints a summary and writes bench/repricing/latest.json. Not a test: figures depend on the
 * machine and on whatever else it is doing; see bench/README.md.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { sql } from "drizzle-orm";
import pg from "pg";
import { connectPostgres } from "~/db/client.server";
import { users } from "~/db/schema";
import { DEFAULT_PRICING_RULES } from "~/modules/market/pricing-rules";
import { applyRepricing, previewRepricing } from "~/modules/market/repricing.server";
import { savePricingRules } from "~/modules/market/rules.server";
import { fillSingles, VARIANTS_PER_CARD } from "./fill";

const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const VARIANTS = Number(process.env.BENCH_VARIANTS ?? 100_000);
const PREVIEW_ROUNDS = Number(process.env.BENCH_PREVIEW_ROUNDS ?? 5);
const DB_NAME = `nearmint_bench_repricing_${Date.now().toString(36)}`;

const ms = (n: number) => Math.round(n);

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

interface Measured<T> {
  value: T;
  /** Wall-clock time. */
  ms: number;
  /** CPU time of this Node process, and of the database's backends (parallel query workers not included). */
  nodeCpuMs: number;
  dbCpuMs: number;
}

/** CPU time (ms) of each backend connected to the bench database, read from /proc (same machine). */
async function backendCpu(): Promise<Map<number, number>> {
  const { rows } = await admin((c) => c.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = $1", [DB_NAME]));
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      // Fields after the command name: utime and stime are the 12th and 13th (clock ticks of 10 ms).
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      cpu.set(pid, (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      // The backend ended, or /proc is not ours to read: counted as nothing.
    }
  }
  return cpu;
}

/**
 * Wall-clock and CPU time of a step. Wall-clock is what the owner waits; CPU time barely moves
 * when other programs share the machine, so it is the figure to compare between runs.
 */
async function measured<T>(fn: () => Promise<T>): Promise<Measured<T>> {
  const dbBefore = await backendCpu();
  const nodeBefore = process.cpuUsage();
  const started = performance.now();
  const value = await fn();
  const wall = performance.now() - started;
  const node = process.cpuUsage(nodeBefore);
  const dbAfter = await backendCpu();
  let db = 0;
  for (const [pid, after] of dbAfter) db += after - (dbBefore.get(pid) ?? 0);
  return { value, ms: wall, nodeCpuMs: (node.user + node.system) / 1000, dbCpuMs: db };
}

const summary = (m: Measured<unknown>) => ({ ms: ms(m.ms), nodeCpuMs: ms(m.nodeCpuMs), dbCpuMs: ms(m.dbCpuMs) });
const row = (label: string, m: Measured<unknown>) => `| ${label} | ${ms(m.ms)} ms | ${ms(m.nodeCpuMs)} ms | ${ms(m.dbCpuMs)} ms |`;

async function run() {
  await admin((c) => c.query(`CREATE DATABASE ${DB_NAME}`));
  const handle = connectPostgres(databaseUrl(), { poolMax: 4 });
  try {
    await handle.migrate();
    const pool = new pg.Pool({ connectionString: databaseUrl(), max: 2 });
    const fill = await measured(() => fillSingles(pool, Math.ceil(VARIANTS / VARIANTS_PER_CARD)));
    await pool.query("VACUUM ANALYZE");
    const { rows: sizes } = await pool.query<{ size: string; postgres: string }>(
      `SELECT pg_size_pretty(pg_total_relation_size('product_variants')) AS size, split_part(version(), ' on ', 1) AS postgres`,
    );
    await pool.end();
    console.log(`[bench] ${fill.value.variants} variants filled in ${ms(fill.ms)} ms (product_variants ${sizes[0]!.size})`);

    // The admin who applies (repricing_runs.applied_by, audit_log.actor_user_id).
    const [bench] = await handle.db
      .insert(users)
      .values({ email: "bench-admin@example.test", passwordHash: "x", role: "admin", emailVerifiedAt: new Date() })
      .returning({ id: users.id });
    const adminId = bench!.id;

    const loadBefore = loadavg().map((n) => Math.round(n * 10) / 10);
    let preview = await previewRepricing(handle.db); // warm-up: plans, caches
    const previews: Array<Measured<unknown>> = [];
    for (let i = 0; i < PREVIEW_ROUNDS; i++) {
      const m = await measured(() => previewRepricing(handle.db));
      previews.push(m);
      preview = m.value;
    }
    const median = [...previews].sort((a, b) => a.ms - b.ms)[Math.floor(previews.length / 2)]!;
    console.log(`[bench] preview: ${preview.counts.changes} changes, ${preview.counts.held} held; ${previews.map((m) => ms(m.ms)).join(", ")} ms`);
    // The first step of apply on its own: locking every raw single variant (then rolled back).
    const lock = await measured(() =>
      handle.db
        .transaction(async (tx) => {
          await tx.execute(sql`WITH locked AS (SELECT v.id FROM product_variants v JOIN products p ON p.id = v.product_id
                               WHERE p.kind = 'single' AND v.grader IS NULL ORDER BY v.id FOR NO KEY UPDATE OF v) SELECT count(*) FROM locked`);
          tx.rollback();
        })
        .catch(() => {}),
    );
    const firstApply = await measured(() => applyRepricing(handle.db, adminId, preview.fingerprint));
    console.log(`[bench] apply: ${JSON.stringify(firstApply.value)} in ${ms(firstApply.ms)} ms`);

    // New rules: another rate, so most prices move again.
    await savePricingRules(handle.db, adminId, { ...DEFAULT_PRICING_RULES, eurToGbpMicros: 870_000 });
    const secondPreview = await measured(() => previewRepricing(handle.db));
    const secondApply = await measured(() => applyRepricing(handle.db, adminId, secondPreview.value.fingerprint));
    console.log(`[bench] after new rules: apply ${JSON.stringify(secondApply.value)} in ${ms(secondApply.ms)} ms`);

    const result = {
      machine: {
        cpu: cpus()[0]?.model.trim() ?? "unknown",
        cores: cpus().length,
        memoryGiB: Math.round(totalmem() / 2 ** 30),
        node: process.version,
        postgres: sizes[0]!.postgres,
        loadAverage: { before: loadBefore, after: loadavg().map((n) => Math.round(n * 10) / 10) },
        date: new Date().toISOString(),
      },
      variants: fill.value.variants,
      fillMs: ms(fill.ms),
      productVariantsSize: sizes[0]!.size,
      preview: { rounds: previews.length, median: summary(median), all: previews.map(summary), counts: preview.counts },
      lock: summary(lock),
      apply: { ...summary(firstApply), outcome: firstApply.value },
      afterNewRules: { preview: summary(secondPreview), apply: { ...summary(secondApply), outcome: secondApply.value } },
    };
    writeFileSync(new URL("./latest.json", import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
    const changed = (m: Measured<Awaited<ReturnType<typeof applyRepricing>>>) => (m.value.status === "applied" ? m.value.changed : 0);
    console.log(
      [
        `\nLoad average before ${loadBefore.join(" ")}, after ${result.machine.loadAverage.after.join(" ")}\n`,
        "| Step | Wall | Node CPU | PostgreSQL CPU |",
        "|---|---|---|---|",
        row(`Preview (median of ${previews.length})`, median),
        row("Lock every raw single variant (apply's first step)", lock),
        row(`Apply, ${changed(firstApply)} changes`, firstApply),
        row("Preview after new rules", secondPreview),
        row(`Apply after new rules, ${changed(secondApply)} changes`, secondApply),
      ].join("\n"),
    );
  } finally {
    await handle.close();
  }
}

async function cleanup() {
  await admin((c) => c.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`)).catch(() => {});
}

process.once("SIGINT", () => void cleanup().then(() => process.exit(130)));
try {
  await run();
} finally {
  await cleanup();
}
