/**
 * `npx tsx bench/dashboard/explain.ts` — the admin dashboard's and audit screen's queries on a
 * big shop: which index each uses, and how long it takes.
 *
 * Creates a database on the PostgreSQL server (BENCH_ADMIN_URL, default 127.0.0.1:5432),
 * migrates it, fills it in bulk (BENCH_ORDERS orders over three years, default 1,000,000;
 * 100,000 products with 3 variants each; 1,000,000 audit entries; 200,000 outbox rows), runs
 * ANALYZE, then prints each query's plan (EXPLAIN ANALYZE, summarised) and time. Drops the
 * database at the end. Not a test: see bench/README.md.
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { drizzle } from "drizzle-orm/node-postgres";
import { connectPostgres, type Db } from "~/db/client.server";
import * as schema from "~/db/schema";
import { listAuditEntries } from "~/modules/audit/audit-list.server";
import { countUnsentEmails, listOutboxForAdmin } from "~/modules/email/outbox-admin.server";
import { ordersToDispatch, salesByDay, stockAlerts } from "~/modules/reports/dashboard.server";

const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const name = `nearmint_bench_dash_${randomBytes(4).toString("hex")}`;

const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(ADMIN_URL);
url.pathname = `/${name}`;
const handle = connectPostgres(url.toString());
try {
  await handle.migrate();
  const db = handle.db;
  const t0 = Date.now();
  await db.execute(sql`INSERT INTO users (id, email, password_hash, role) SELECT gen_random_uuid(), 'u' || g || '@bench.test', 'x', CASE WHEN g <= 5 THEN 'admin' ELSE 'customer' END FROM generate_series(1, 20000) g`);
  await db.execute(sql`INSERT INTO languages (code, name, slug, flag_url) VALUES ('en', 'English', 'english', '/x.svg')`);
  await db.execute(sql`INSERT INTO categories (name, slug, language_id) SELECT 'C' || g, 'c-' || g, 1 FROM generate_series(1, 50) g`);
  await db.execute(sql`INSERT INTO products (name, slug, category_id, is_visible) SELECT 'Product ' || g, 'p-' || g, 1 + g % 50, g % 20 <> 0 FROM generate_series(1, 100000) g`);
  await db.execute(sql`INSERT INTO product_variants (product_id, price, stock, condition) SELECT p, 1000, CASE WHEN random() < 0.15 THEN 0 ELSE (random() * 40)::int END, c FROM generate_series(1, 100000) p, unnest(ARRAY['nm','lp','mp']) c`);
  // Orders over three years; most paid; ~1% of paid ones not yet dispatched are recent.
  await db.execute(sql`
    INSERT INTO orders (user_id, status, subtotal_amount, shipping_amount, total_amount, normal_subtotal_amount, payment_provider, reservation_expires_at, paid_at, tracking_number, email, created_at)
    SELECT u.id, s.status, 2000, 529, 2529, 2000, 'sandbox', c + interval '30 minutes', CASE WHEN s.status IN ('pending','failed','expired') THEN NULL ELSE c + interval '2 minutes' END,
           CASE WHEN s.status = 'dispatched' THEN 'AB123456789GB' END, 'b@bench.test', c
      FROM generate_series(1, ${ORDERS}) g
      CROSS JOIN LATERAL (SELECT now() - (random() * interval '1095 days') AS c) t
      CROSS JOIN LATERAL (SELECT CASE WHEN g % 10 < 6 THEN 'dispatched' WHEN g % 10 < 8 THEN 'expired' WHEN g % 10 = 8 THEN 'failed' WHEN t.c > now() - interval '3 days' THEN 'completed' ELSE 'refunded' END AS status) s
      CROSS JOIN LATERAL (SELECT (SELECT array_agg(id ORDER BY email) FROM users) AS ids) a
      CROSS JOIN LATERAL (SELECT a.ids[1 + g % 20000] AS id) u`);
  await db.execute(sql`INSERT INTO audit_log (actor_user_id, action, entity_type, entity_id, details, created_at)
    SELECT a.ids[1 + g % 5], (ARRAY['order.dispatched','product.updated','stock.adjusted','email.resent'])[1 + g % 4], (ARRAY['order','product','variant','email'])[1 + g % 4], (g % 50000)::text, '{"before":{"a":1},"after":{"a":2}}', now() - (random() * interval '730 days')
      FROM generate_series(1, 1000000) g, (SELECT array_agg(id) AS ids FROM users WHERE role = 'admin') a`);
  await db.execute(sql`INSERT INTO outbox (kind, to_address, subject, text_body, attempts, sent_at, last_error, created_at)
    SELECT 'k', 'x@bench.test', 's', 't', CASE WHEN g % 100 = 0 THEN 8 ELSE 1 END, CASE WHEN g % 50 <> 0 THEN now() END, CASE WHEN g % 50 = 0 THEN 'timeout' END, now() - (random() * interval '90 days') FROM generate_series(1, 200000) g`);
  await db.execute(sql`ANALYZE`);
  console.log(`filled in ${((Date.now() - t0) / 1000).toFixed(0)} s: ${ORDERS} orders, 300,000 variants, 1,000,000 audit entries, 200,000 emails\n`);

  const adminRows = await db.execute(sql`SELECT u.email FROM users u JOIN audit_log a ON a.actor_user_id = u.id LIMIT 1`);
  const adminUser = (adminRows as unknown as { rows: { email: string }[] }).rows[0];
  if (process.env.BENCH_PROPOSED_INDEX) {
    // The index decision 0036 proposes for stock alerts (not in the migrations yet).
    await db.execute(sql`CREATE INDEX product_variants_stock_alert_idx ON product_variants (stock, updated_at DESC, id DESC) WHERE stock <= 5`);
    await db.execute(sql`ANALYZE product_variants`);
    console.log("with the proposed product_variants_stock_alert_idx\n");
  }
  const none = { actor: null, action: null, entityType: null, entityId: null, from: null, to: null };
  const cases = (db: Db): [string, () => Promise<unknown>][] => [
    ["salesByDay (30 UK days)", () => salesByDay(db)],
    ["ordersToDispatch", () => ordersToDispatch(db)],
    ["stockAlerts", () => stockAlerts(db)],
    ["countUnsentEmails", () => countUnsentEmails(db)],
    ["outbox, given up", () => listOutboxForAdmin(db, { filter: "given-up" })],
    ["outbox, all, page 1", () => listOutboxForAdmin(db, { filter: "all" })],
    ["audit, newest", () => listAuditEntries(db, none)],
    ["audit, by actor", () => listAuditEntries(db, { ...none, actor: adminUser!.email })],
    ["audit, by entity", () => listAuditEntries(db, { ...none, entityType: "order", entityId: "4000" })],
    ["audit, a UK week", () => listAuditEntries(db, { ...none, from: "2026-01-05", to: "2026-01-11" })],
    ["audit, action prefix", () => listAuditEntries(db, { ...none, action: "email." })],
  ];
  for (const [label, run] of cases(db)) {
    await run();
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const start = performance.now();
      await run();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    console.log(`${label.padEnd(28)} median ${times[2]!.toFixed(1)} ms`);
  }

  // The plans of the statements each function sends: the same functions on a drizzle instance
  // whose logger keeps each statement, then EXPLAIN of each on its own connection.
  console.log("\nPlans (scan and sort nodes of EXPLAIN):");
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  let caught: { text: string; params: unknown[] }[] = [];
  const logged = drizzle(pool, { schema, casing: "snake_case", logger: { logQuery: (text, params) => void caught.push({ text, params }) } }) as unknown as Db;
  try {
    for (const [label, run] of cases(logged)) {
      caught = [];
      await run();
      for (const statement of caught) {
        const plan = await pool.query(`EXPLAIN ${statement.text}`, statement.params).catch(() => null);
        if (!plan) continue;
        const nodes = plan.rows
          .map((r: Record<string, string>) => r["QUERY PLAN"]!)
          .filter((line) => /Scan|Sort/.test(line))
          .map((line) => line.trim().replace(/^->\s*/, "").replace(/\s+\(cost.*$/, ""));
        console.log(`- ${label}: ${[...new Set(nodes)].join("; ")}`);
      }
    }
  } finally {
    await pool.end();
  }
} finally {
  await handle.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
