import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, cards, cardSets, categories, languages, products, productVariants, stockMovements, users } from "~/db/schema";
import { adjustStock } from "~/modules/catalog/inventory.server";
import { NO_ADMIN_PRODUCT_FILTERS } from "~/modules/catalog/admin-product-filters";
import { CSV_BOM, PRODUCT_CSV_COLUMNS } from "~/modules/catalog/product-csv";
import { exportProductsCsv } from "~/modules/catalog/product-csv-export.server";
import { applyImport, dryRunImport } from "~/modules/catalog/product-csv-import.server";
import { numberSortKey } from "~/modules/cards/tcgdex";
import { createTestDatabase, type TestDatabase } from "../setup/database";

/**
 * The products CSV (issue 14): dry run writes nothing; apply creates and updates, all or nothing,
 * with a ledger row per stock change; a stale plan is refused; export → import → export is
 * byte-identical.
 */
let database: TestDatabase;
let adminId: string;

const HEADER = PRODUCT_CSV_COLUMNS.join(",");
const csv = (...rows: string[]) => `${CSV_BOM}${[HEADER, ...rows].join("\r\n")}\r\n`;

// slug,name,kind,card,category,language,visible,release_date,description,limit_per_customer,condition,printing,variant_language,grader,grade,price,member_price,stock,variant_limit,price_pinned
const SEALED = "csv-test-booster-box,CSV Test Booster Box,sealed,,csv-booster-boxes,en,yes,2024-03-22,A box of 36 packs.,2,,,,,,144.99,139.99,12,,no";
const SINGLE_NM = "charizard-csvt-4,Charizard 4/102 · CSV Test,single,csvt 4,csv-singles,en,yes,,,,nm,holo,en,,,350.00,,2,,yes";
const SINGLE_LP = "charizard-csvt-4,Charizard 4/102 · CSV Test,single,csvt 4,csv-singles,en,yes,,,,lp,holo,en,,,250.00,240.00,1,1,no";
const SINGLE_PSA = "charizard-csvt-4,Charizard 4/102 · CSV Test,single,csvt 4,csv-singles,en,yes,,,,,,en,psa,10,9999.00,,1,,yes";
const FORMULA = `csv-test-formula,"'=HYPERLINK(""http://evil"")",sealed,,csv-booster-boxes,en,no,,'-rare and '@odd,,,,,,,0.50,,0,,no`;
const FILE = csv(SEALED, SINGLE_NM, SINGLE_LP, SINGLE_PSA, FORMULA);

async function counts() {
  const [row] = (
    (await database.db.execute(sql`SELECT (SELECT count(*) FROM products)::int AS products, (SELECT count(*) FROM product_variants)::int AS variants,
      (SELECT count(*) FROM stock_movements)::int AS movements, (SELECT count(*) FROM audit_log)::int AS audits`)) as unknown as {
      rows: Array<Record<string, number>>;
    }
  ).rows;
  return row!;
}

async function ledgerDisagreements() {
  const result = (await database.db.execute(sql`
    SELECT v.id FROM product_variants v LEFT JOIN stock_movements m ON m.variant_id = v.id
    GROUP BY v.id HAVING v.stock <> coalesce(sum(m.delta), 0)`)) as unknown as { rows: unknown[] };
  return result.rows;
}

const exportText = () => exportProductsCsv(database.db, { ...NO_ADMIN_PRODUCT_FILTERS, q: "csv" }, 2);

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const [en] = await db.insert(languages).values({ code: "en", name: "English", slug: "english", flagUrl: "/flags/4x3/gb.svg" }).returning();
  const [ja] = await db.insert(languages).values({ code: "ja", name: "Japanese", slug: "japanese", flagUrl: "/flags/4x3/jp.svg" }).returning();
  await db.insert(categories).values([
    { name: "Booster boxes", slug: "csv-booster-boxes", languageId: en!.id },
    { name: "Singles", slug: "csv-singles", languageId: en!.id },
    { name: "Japanese boxes", slug: "csv-japanese-boxes", languageId: ja!.id },
  ]);
  const [set] = await db.insert(cardSets).values({ code: "csvt", name: "CSV Test", tcgdexId: "csvt", officialCardCount: 102 }).returning();
  await db.insert(cards).values([
    { setId: set!.id, localNumber: "4", numberSort: numberSortKey("4"), name: "Charizard", tcgdexId: "csvt-4" },
    { setId: set!.id, localNumber: "5", numberSort: numberSortKey("5"), name: "Clefairy", tcgdexId: "csvt-5" },
  ]);
  const [admin] = await db.insert(users).values({ email: "csv-admin@example.test", passwordHash: "x", role: "admin", emailVerifiedAt: new Date() }).returning();
  adminId = admin!.id;
});
afterAll(async () => {
  await database?.destroy();
});

describe("products CSV import and export", () => {
  it("a dry run lists every new row and writes nothing", async () => {
    const before = await counts();
    const dry = await dryRunImport(database.db, { name: "new.csv", text: FILE });
    expect(dry.errors).toEqual([]);
    expect(dry.counts).toMatchObject({ rows: 5, productsCreated: 3, productsUpdated: 0, variantsCreated: 5, variantsUpdated: 0, unchanged: 0, errors: 0 });
    expect(dry.changes.map((c) => [c.row, c.action])).toEqual([[2, "new_product"], [3, "new_product"], [4, "new_variant"], [5, "new_variant"], [6, "new_product"]]);
    expect(dry.changes[0]!.changes).toContainEqual({ field: "price", before: null, after: "144.99" });
    expect(dry.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(await counts()).toEqual(before);
  });

  it("apply creates products and variants, a ledger row per stocked variant, one audit row; export gives the file back byte for byte", async () => {
    const dry = await dryRunImport(database.db, { name: "new.csv", text: FILE });
    const outcome = await applyImport(database.db, { id: adminId }, { payload: dry.payload, fingerprint: dry.fingerprint!, fileName: "new.csv" });
    expect(outcome.status).toBe("applied");

    const [box] = await database.db.select().from(products).where(eq(products.slug, "csv-test-booster-box"));
    expect(box).toMatchObject({ name: "CSV Test Booster Box", kind: "sealed", releaseDate: "2024-03-22", limitPerCustomer: 2, isVisible: true });
    const [boxVariant] = await database.db.select().from(productVariants).where(eq(productVariants.productId, box!.id));
    expect(boxVariant).toMatchObject({ price: 14499, premiumPrice: 13999, stock: 12, condition: null });
    const [formula] = await database.db.select().from(products).where(eq(products.slug, "csv-test-formula"));
    expect(formula).toMatchObject({ name: '=HYPERLINK("http://evil")', description: "-rare and '@odd", isVisible: false });

    const movements = await database.db.select().from(stockMovements).where(eq(stockMovements.reason, "import"));
    expect(movements).toHaveLength(4); // the formula product's variant has no stock: no row
    expect(movements.every((m) => m.actorId === adminId && m.note === "new.csv")).toBe(true);
    expect(await ledgerDisagreements()).toEqual([]);
    const audits = await database.db.select().from(auditLog).where(eq(auditLog.action, "product.imported"));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.details).toMatchObject({ fileName: "new.csv", productsCreated: 3, variantsCreated: 5 });

    expect(await exportText()).toBe(FILE);
  });

  it("the export, imported again, is 'no changes', and exports the same bytes again", async () => {
    const first = await exportText();
    const dry = await dryRunImport(database.db, { name: "again.csv", text: first });
    expect(dry.counts).toMatchObject({ rows: 5, unchanged: 5, errors: 0, productsCreated: 0, productsUpdated: 0, variantsCreated: 0, variantsUpdated: 0 });
    expect(dry.changes).toEqual([]);
    const outcome = await applyImport(database.db, { id: adminId }, { payload: dry.payload, fingerprint: dry.fingerprint!, fileName: "again.csv" });
    expect(outcome.status).toBe("nothing_to_apply");
    expect(await exportText()).toBe(first);
  });

  it("the export escapes formulas (OWASP) and applies the admin list's filters", async () => {
    const text = await exportText();
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(text).toContain(",'-rare and '@odd,");
    const hidden = await exportProductsCsv(database.db, { ...NO_ADMIN_PRODUCT_FILTERS, q: "csv", visibility: "hidden" });
    expect(hidden.split("\r\n").filter(Boolean)).toHaveLength(2);
    expect(hidden).toContain("csv-test-formula");
    const singles = await exportProductsCsv(database.db, { ...NO_ADMIN_PRODUCT_FILTERS, kind: "single" });
    expect(singles.split("\r\n").filter(Boolean)).toHaveLength(4);
    // A product's variants in the order a customer compares them: raw (NM, LP) before graded.
    expect(singles.split("\r\n").slice(1, 4).map((line) => line.split(",")[10] || line.split(",")[13])).toEqual(["nm", "lp", "psa"]);
  });

  it("updates by slug and attributes: field before → after, stock through the ledger, the product columns once", async () => {
    const edited = (await exportText())
      .replace("CSV Test Booster Box,sealed", "CSV Test Booster Box (36),sealed")
      .replace(",144.99,139.99,12,", ",149.99,,10,");
    const withNewVariant = edited.replace(/\r\n$/, `\r\n${SINGLE_NM.replace(",nm,holo,en,,,350.00,,2,,yes", ",mp,holo,en,,,120.00,,3,,no")}\r\n`);
    const dry = await dryRunImport(database.db, { name: "edit.csv", text: withNewVariant });
    expect(dry.errors).toEqual([]);
    expect(dry.counts).toMatchObject({ productsUpdated: 1, variantsUpdated: 1, variantsCreated: 1, unchanged: 4 });
    const box = dry.changes.find((c) => c.slug === "csv-test-booster-box")!;
    expect(box.changes).toEqual([
      { field: "name", before: "CSV Test Booster Box", after: "CSV Test Booster Box (36)" },
      { field: "price", before: "144.99", after: "149.99" },
      { field: "member_price", before: "139.99", after: null },
      { field: "stock", before: "12", after: "10" },
    ]);
    const outcome = await applyImport(database.db, { id: adminId }, { payload: dry.payload, fingerprint: dry.fingerprint!, fileName: "edit.csv" });
    expect(outcome.status).toBe("applied");
    const [variant] = await database.db
      .select({ stock: productVariants.stock, price: productVariants.price, premium: productVariants.premiumPrice })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(eq(products.slug, "csv-test-booster-box"));
    expect(variant).toEqual({ stock: 10, price: 14999, premium: null });
    const moves = await database.db.select().from(stockMovements).where(eq(stockMovements.note, "edit.csv"));
    expect(moves.map((m) => [m.delta, m.stockAfter]).sort()).toEqual([[-2, 10], [3, 3]].sort());
    expect(await ledgerDisagreements()).toEqual([]);
  });

  it("refuses a plan the shop moved away from (a sale since the dry run), writing nothing", async () => {
    const text = (await exportText()).replace(",149.99,,10,", ",149.99,,20,");
    const dry = await dryRunImport(database.db, { name: "stale.csv", text });
    const [variant] = await database.db
      .select({ id: productVariants.id })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(eq(products.slug, "csv-test-booster-box"));
    expect(await adjustStock(database.db, variant!.id, -1, { reason: "adjustment", actorId: adminId, note: "sold at a fair" })).toBe(9);
    const before = await counts();
    const outcome = await applyImport(database.db, { id: adminId }, { payload: dry.payload, fingerprint: dry.fingerprint!, fileName: "stale.csv" });
    expect(outcome.status).toBe("stale");
    if (outcome.status === "stale") expect(outcome.dryRun.changes[0]!.changes).toContainEqual({ field: "stock", before: "9", after: "20" });
    expect(await counts()).toEqual(before);
    const [after] = await database.db.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, variant!.id));
    expect(after!.stock).toBe(9);
  });

  it("a file with one bad row is listed with row, column and message, and apply writes nothing at all", async () => {
    const good = "csv-test-new-box,Another box,sealed,,csv-booster-boxes,,,,,,,,,,,10.00,,5,,";
    const rows = [
      good,
      "Bad Slug!,Name,sealed,,csv-booster-boxes,,,,,,,,,,,1.00,,1,,",
      "csv-test-x,Name,sealed,,no-such-category,,,,,,,,,,,1.00,,1,,",
      "csv-test-y,Name,sealed,,csv-booster-boxes,,,,,,,,,,,1.00,2.00,1,,",
      "csv-test-z,Name,sealed,,csv-booster-boxes,,,,,,,,,,,1.00,,-1,,",
      "csv-test-new-box,Another box,sealed,,csv-booster-boxes,,,,,,,,,,,10.00,,5,,",
      "csv-test-w,Name,single,csvt 999,csv-singles,,,,,,nm,holo,en,,,1.00,,1,,",
      "csv-test-v,Name,single,csvt 4,csv-singles,,,,,,nm,holo,en,,,1.00,,1,,",
      "csv-test-u,Name,sealed,,csv-japanese-boxes,en,,,,,,,,,,1.00,,1,,",
      "charizard-csvt-4,Charizard 4/102 · CSV Test,single,csvt 4,csv-singles,en,yes,,,,nm,shiny,en,,,1.00,,1,,",
      "csv-test-booster-box,CSV Test Booster Box (36),single,csvt 5,csv-booster-boxes,en,yes,,,,nm,holo,en,,,1.00,,1,,",
      "csv-test-t,Name,sealed,,csv-booster-boxes,,,,,,,,,,,1.00,,1,0,",
      "too,few,cells",
    ];
    const dry = await dryRunImport(database.db, { name: "bad.csv", text: csv(...rows) });
    expect(dry.fingerprint).toBeNull();
    const byRow = new Map(dry.errors.map((e) => [e.row, e]));
    expect(byRow.get(3)).toMatchObject({ column: "slug" });
    expect(byRow.get(4)).toMatchObject({ column: "category", message: 'There is no category "no-such-category".' });
    expect(byRow.get(5)).toMatchObject({ column: "member_price", message: "The member price must not be more than the price." });
    expect(byRow.get(6)).toMatchObject({ column: "stock" });
    expect(byRow.get(7)).toMatchObject({ column: null, message: "The same variant is in row 2 already." });
    expect(byRow.get(8)).toMatchObject({ column: "card", message: 'There is no card "csvt 999" in the card database.' });
    expect(byRow.get(9)).toMatchObject({ column: "card", message: 'Card "csvt 4" is already listed as product "charizard-csvt-4".' });
    expect(byRow.get(10)).toMatchObject({ column: "language" });
    expect(byRow.get(11)).toMatchObject({ column: "printing" });
    expect(byRow.get(12)).toMatchObject({ column: "kind" });
    expect(byRow.get(13)).toMatchObject({ column: "variant_limit" });
    expect(byRow.get(14)).toMatchObject({ column: null, message: "This row has 3 cells; the first row has 20." });

    const before = await counts();
    const outcome = await applyImport(database.db, { id: adminId }, { payload: dry.payload, fingerprint: "0".repeat(64), fileName: "bad.csv" });
    expect(outcome.status).toBe("invalid");
    expect(await counts()).toEqual(before);
    expect(await database.db.select().from(products).where(eq(products.slug, "csv-test-new-box"))).toEqual([]);
  });

  it("product columns that disagree between rows of one product are an error", async () => {
    const dry = await dryRunImport(database.db, { name: "x.csv", text: csv(SINGLE_NM, SINGLE_LP.replace("CSV Test,single", "CSV Test!,single")) });
    expect(dry.errors).toEqual([{ row: 3, column: null, message: "Differs from row 2 of the same product (product columns must agree)." }]);
  });

  it("a file missing a required column, or not CSV at all, is refused before any row", async () => {
    const noPrice = await dryRunImport(database.db, { name: "x.csv", text: "slug,name,kind,category,stock\r\na,b,sealed,csv-booster-boxes,1\r\n" });
    expect(noPrice.errors).toEqual([{ row: 1, column: "price", message: 'The column "price" is missing from the first row.' }]);
    const broken = await dryRunImport(database.db, { name: "x.csv", text: `${HEADER}\r\n"unclosed,quote\r\n` });
    expect(broken.errors[0]!.message).toMatch(/could not be read as CSV/);
    expect(broken.fingerprint).toBeNull();
  });

  it("a minimal file (required columns only) leaves the other fields as they are", async () => {
    const dry = await dryRunImport(database.db, {
      name: "min.csv",
      text: "slug,name,kind,category,price,stock\r\ncsv-test-booster-box,CSV Test Booster Box (36),sealed,csv-booster-boxes,149.99,9\r\n",
    });
    expect(dry.errors).toEqual([]);
    expect(dry.counts.unchanged).toBe(1);
  });

  it("a payload that is not a dry run's is refused", async () => {
    const outcome = await applyImport(database.db, { id: adminId }, { payload: "bm90IGd6aXA=", fingerprint: "0".repeat(64), fileName: "x.csv" });
    expect(outcome.status).toBe("bad_payload");
  });
});
