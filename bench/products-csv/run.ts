/**
 * `npm run bench:products-csv` — the products CSV import at 10,000 rows (issue 14: "a
 * 10,000-row file in seconds").
 *
 * 1. Creates a database on the PostgreSQL server (BENCH_ADMIN_URL), migrates it, adds a language,
 *    a category and an admin.
 * 2. A file of BENCH_ROWS (10,000) rows of sealed products, one row each: every row is a
 *    product and a variant, the most work a row can be (singles' rows share their product).
 * 3. Times: dry run of the new file, apply (creates everything), export, dry run of the export
 *    ("no changes"), then an edited file (every price and stock changed): dry run and apply.
 * 4. Drops the database, whatever happened. Writes bench/products-csv/latest.json.
 */
import { writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import pg from "pg";
import { connectPostgres } from "~/db/client.server";
import { categories, languages, users } from "~/db/schema";
import { NO_ADMIN_PRODUCT_FILTERS } from "~/modules/catalog/admin-product-filters";
import { CSV_BOM, PRODUCT_CSV_COLUMNS } from "~/modules/catalog/product-csv";
import { exportProductsCsv } from "~/modules/catalog/product-csv-export.server";
import { applyImport, dryRunImport } from "~/modules/catalog/product-csv-import.server";

const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const DB_NAME = `nearmint_bench_csv_${Date.now().toString(36)}`;

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function timed<T>(label: string, fn: () => Promise<T>, figures: Record<string, number>): Promise<T> {
  const started = performance.now();
  const value = await fn();
  figures[label] = Math.round(performance.now() - started);
  console.log(`[bench] ${label}: ${figures[label]} ms`);
  return value;
}

function file(edit: boolean): string {
  const lines = [PRODUCT_CSV_COLUMNS.join(",")];
  for (let i = 0; i < ROWS; i++) {
    const price = (edit ? 1099 : 999) + (i % 500);
    const stock = (i % 40) + (edit ? 1 : 0);
    lines.push(
      `bench-box-${i},"Bench Booster Box ${i}, Scarlet & Violet",sealed,,bench-boxes,en,yes,2024-03-22,A sealed booster box of 36 packs.,${(i % 4) + 1},,,,,,${(price / 100).toFixed(2)},${((price - 50) / 100).toFixed(2)},${stock},,no`,
    );
  }
  return `${CSV_BOM}${lines.join("\r\n")}\r\n`;
}

async function run() {
  await admin(`CREATE DATABASE ${DB_NAME}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB_NAME}`;
  const handle = connectPostgres(url.toString(), { poolMax: 4 });
  const figures: Record<string, number> = {};
  try {
    await handle.migrate();
    const db = handle.db;
    const [en] = await db.insert(languages).values({ code: "en", name: "English", slug: "english", flagUrl: "/flags/4x3/gb.svg" }).returning();
    await db.insert(categories).values({ name: "Bench boxes", slug: "bench-boxes", languageId: en!.id });
    const [user] = await db.insert(users).values({ email: "bench@example.test", passwordHash: "x", role: "admin", emailVerifiedAt: new Date() }).returning();
    const who = { id: user!.id };
    const created = file(false);
    console.log(`[bench] file: ${ROWS} rows, ${(Buffer.byteLength(created) / 1024 / 1024).toFixed(2)} MB`);

    const dry = await timed("dry run, new file", () => dryRunImport(db, { name: "bench.csv", text: created }), figures);
    const applied = await timed("apply, creating", () => applyImport(db, who, { payload: dry.payload, fingerprint: dry.fingerprint!, fileName: "bench.csv" }), figures);
    if (applied.status !== "applied") throw new Error(`apply: ${applied.status}`);
    const exported = await timed("export", () => exportProductsCsv(db, NO_ADMIN_PRODUCT_FILTERS), figures);
    if (exported !== created) throw new Error("the export is not the imported file");
    const again = await timed("dry run of the export (no changes)", () => dryRunImport(db, { name: "again.csv", text: exported }), figures);
    if (again.counts.unchanged !== ROWS) throw new Error("the export's dry run has changes");
    const edited = file(true);
    const dryEdit = await timed("dry run, every price and stock changed", () => dryRunImport(db, { name: "edit.csv", text: edited }), figures);
    const appliedEdit = await timed("apply, updating", () => applyImport(db, who, { payload: dryEdit.payload, fingerprint: dryEdit.fingerprint!, fileName: "edit.csv" }), figures);
    if (appliedEdit.status !== "applied") throw new Error(`apply edit: ${appliedEdit.status}`);

    const result = { date: new Date().toISOString(), rows: ROWS, bytes: Buffer.byteLength(created), cpus: cpus().length, loadavg: loadavg(), figures };
    writeFileSync(new URL("./latest.json", import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
    console.table(figures);
  } finally {
    await handle.close();
    await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  }
}

run().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
