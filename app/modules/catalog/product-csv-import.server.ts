/**
 * The products CSV import (issue 14; format in product-csv.ts, docs/products-csv.md, decision
 * 0040): create or update products by slug and their variants by attributes.
 *
 * - `dryRunImport` reads the file, checks every row (on its own, against the rest of the file and
 *   against the shop) and lists every change (field: before → after) and every error. It writes
 *   nothing. It hands back the plan's fingerprint and the file itself (gzip + base64), which the
 *   screen posts back with apply: nothing is kept on the server between the two steps.
 * - `applyImport` makes the plan in one transaction, or nothing: it locks the products and
 *   variants the file names, computes the plan again, and refuses when the file has errors or
 *   the plan is not the dry run's (its fingerprint differs: a sale, an edit, another import).
 *   Writes are a few bulk statements (json_to_recordset), so 10,000 rows take seconds; stock goes
 *   through inventory's `setStocks`/`recordOpeningStock` (reason `import`, a ledger row each).
 *
 * Never deleted: a variant or product the file leaves out stays as it is.
 */
import { selectRows } from "~/db/raw";
import { createHash } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";
import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { recordAudit } from "~/modules/audit/audit-log.server";
import { penceToPounds } from "~/utils/money";
import { recordOpeningStock, setStocks } from "./inventory.server";
import {
  cardReference,
  CSV_MESSAGES,
  DRY_RUN_DISPLAY_LIMIT,
  hasChanges,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  parseCsvRow,
  readHeader,
  yesNo,
  type CsvCellError,
  type CsvCells,
  type DryRun,
  type FieldChange,
  type ImportCounts,
  type ParsedCsvRow,
  type ProductCsvColumn,
  type RowChange,
} from "./product-csv";
import { variantLabel, type VariantAttributes } from "./variants";

type Executor = Db | Tx;

/** One import at a time (the shop's other advisory lock ids: 727001 migrations, 727002 seed, 727013/14 market). */
const IMPORT_LOCK = 727_040;


// ---- The file ---------------------------------------------------------------------------------

/** An uploaded file's bytes → its text: at most MAX_IMPORT_BYTES, UTF-8 (a byte order mark is fine). */
export function decodeUpload(bytes: Uint8Array): { ok: true; text: string } | { ok: false; message: string } {
  if (bytes.byteLength === 0) return { ok: false, message: CSV_MESSAGES.noFile };
  if (bytes.byteLength > MAX_IMPORT_BYTES) return { ok: false, message: CSV_MESSAGES.tooLarge };
  try {
    return { ok: true, text: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
  } catch {
    return { ok: false, message: CSV_MESSAGES.notText };
  }
}

/** The file as the dry-run page carries it to apply: gzip, base64 (a 1.5 MB file is ~300 KB). */
export function encodePayload(text: string): string {
  return gzipSync(Buffer.from(text, "utf8")).toString("base64");
}

/** The payload back to the file's text; null when it is not one (edited, cut, or too large). */
export function decodePayload(payload: string): string | null {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(payload) || payload.length === 0) return null;
  try {
    const bytes = gunzipSync(Buffer.from(payload, "base64"), { maxOutputLength: MAX_IMPORT_BYTES });
    const decoded = decodeUpload(bytes);
    return decoded.ok ? decoded.text : null;
  } catch {
    return null;
  }
}

interface ReadFile {
  rows: ParsedCsvRow[];
  errors: CsvCellError[];
  /** Data rows in the file (blank rows not counted). */
  total: number;
}

/** The file's rows, parsed and checked one by one (csv-parse; the header names the columns). */
export function readCsv(text: string): ReadFile {
  let records: string[][];
  try {
    // Parsing stops after one row more than the limit (header + MAX_IMPORT_ROWS + 1): a 5 MB file
    // of empty lines is millions of records, and none of them needs to be built to refuse it.
    records = parse(text, { bom: true, relax_column_count: true, to_line: MAX_IMPORT_ROWS + 2 }) as string[][];
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { rows: [], errors: [{ row: 0, column: null, message: CSV_MESSAGES.unreadable(detail) }], total: 0 };
  }
  const isBlank = (record: string[]) => record.every((cell) => cell.trim() === "");
  if (records.length === 0 || records.slice(1).every(isBlank)) return { rows: [], errors: [{ row: 0, column: null, message: CSV_MESSAGES.empty }], total: 0 };
  const header = readHeader(records[0]!);
  if (!header.ok) return { rows: [], errors: header.errors, total: 0 };
  const dataRecords = records.length - 1;
  if (dataRecords > MAX_IMPORT_ROWS) return { rows: [], errors: [{ row: 0, column: null, message: CSV_MESSAGES.tooManyRows }], total: dataRecords };

  const rows: ParsedCsvRow[] = [];
  const errors: CsvCellError[] = [];
  let total = 0;
  for (let index = 1; index < records.length; index++) {
    const record = records[index]!;
    if (isBlank(record)) continue;
    total++;
    const row = index + 1;
    if (record.length !== header.columns.length) {
      errors.push({ row, column: null, message: CSV_MESSAGES.cellCount(record.length, header.columns.length) });
      continue;
    }
    const cells: CsvCells = {};
    header.columns.forEach((column, i) => (cells[column] = record[i]!));
    const parsed = parseCsvRow(row, cells);
    if (parsed.ok) rows.push(parsed.value);
    else errors.push(...parsed.errors);
  }
  return { rows, errors, total };
}

// ---- What the shop has --------------------------------------------------------------------------

interface ExistingProduct {
  id: number;
  slug: string;
  name: string;
  kind: string;
  card: string | null;
  categoryId: number;
  isVisible: boolean;
  releaseDate: string | null;
  description: string | null;
  limitPerCustomer: number | null;
}

interface ExistingVariant extends VariantAttributes {
  id: number;
  productId: number;
  price: number;
  premiumPrice: number | null;
  stock: number;
  limitPerCustomer: number | null;
  pricePinned: boolean;
}

interface Category {
  id: number;
  slug: string;
  languageCode: string;
}

const attributeKey = (v: VariantAttributes) => [v.condition, v.printing, v.language, v.grader, v.grade].map((a) => a ?? "").join("|");

async function loadShop(db: Executor, file: ReadFile) {
  const slugs = JSON.stringify([...new Set(file.rows.map((r) => r.product.slug))]);
  const products = (
    await selectRows<{
      id: number; slug: string; name: string; kind: string; set_code: string | null; local_number: string | null; category_id: number;
      is_visible: boolean; release_date: string | Date | null; description: string | null; limit_per_customer: number | null;
    }>(
      db,
      sql`SELECT p.id, p.slug, p.name, p.kind, cs.code AS set_code, c.local_number, p.category_id, p.is_visible,
                 to_char(p.release_date, 'YYYY-MM-DD') AS release_date, p.description, p.limit_per_customer
          FROM products p LEFT JOIN cards c ON c.id = p.card_id LEFT JOIN card_sets cs ON cs.id = c.set_id
          WHERE p.slug IN (SELECT json_array_elements_text(${slugs}::json))`,
    )
  ).map(
    (p): ExistingProduct => ({
      id: p.id,
      slug: p.slug,
      name: p.name,
      kind: p.kind,
      card: p.set_code !== null && p.local_number !== null ? cardReference(p.set_code, p.local_number) : null,
      categoryId: p.category_id,
      isVisible: p.is_visible,
      releaseDate: p.release_date === null ? null : String(p.release_date),
      description: p.description,
      limitPerCustomer: p.limit_per_customer,
    }),
  );
  const productIds = JSON.stringify(products.map((p) => p.id));
  const variants = products.length === 0 ? [] : await selectRows<{
    id: number; product_id: number; condition: string | null; printing: string | null; language: string | null; grader: string | null; grade: string | null;
    price: number; premium_price: number | null; stock: number; limit_per_customer: number | null; price_pinned: boolean;
  }>(
    db,
    sql`SELECT id, product_id, condition, printing, language, grader, grade, price, premium_price, stock, limit_per_customer, price_pinned
        FROM product_variants WHERE product_id IN (SELECT (json_array_elements_text(${productIds}::json))::int)`,
  );
  const categories = await selectRows<{ id: number; slug: string; language_code: string }>(
    db,
    sql`SELECT c.id, c.slug, l.code AS language_code FROM categories c JOIN languages l ON l.id = c.language_id`,
  );
  // Cards the file's new singles name, and the product each is already listed as.
  const cardRefs = [...new Map(file.rows.filter((r) => r.product.card).map((r) => [r.product.card!.text, r.product.card!])).values()];
  const cards = cardRefs.length === 0 ? [] : await selectRows<{ id: number; set_code: string; local_number: string; listed_as: string | null }>(
    db,
    sql`SELECT c.id, cs.code AS set_code, c.local_number, p.slug AS listed_as
        FROM json_to_recordset(${JSON.stringify(cardRefs.map((c) => ({ set_code: c.setCode, local_number: c.number })))}::json) AS x(set_code text, local_number text)
        JOIN card_sets cs ON lower(cs.code) = x.set_code
        JOIN cards c ON c.set_id = cs.id AND c.local_number = x.local_number
        LEFT JOIN products p ON p.card_id = c.id`,
  );
  return {
    productsBySlug: new Map(products.map((p) => [p.slug, p])),
    variantsByProduct: variants.reduce((map, v) => {
      const variant: ExistingVariant = {
        id: v.id, productId: v.product_id, condition: v.condition, printing: v.printing, language: v.language, grader: v.grader, grade: v.grade,
        price: v.price, premiumPrice: v.premium_price, stock: v.stock, limitPerCustomer: v.limit_per_customer, pricePinned: v.price_pinned,
      };
      const byKey = map.get(v.product_id) ?? new Map<string, ExistingVariant>();
      byKey.set(attributeKey(variant), variant);
      return map.set(v.product_id, byKey);
    }, new Map<number, Map<string, ExistingVariant>>()),
    categoriesBySlug: new Map(categories.map((c): [string, Category] => [c.slug, { id: c.id, slug: c.slug, languageCode: c.language_code }])),
    categoriesById: new Map(categories.map((c): [number, Category] => [c.id, { id: c.id, slug: c.slug, languageCode: c.language_code }])),
    cardsByRef: new Map(cards.map((c) => [cardReference(c.set_code.toLowerCase(), c.local_number), { id: c.id, listedAs: c.listed_as }])),
  };
}

// ---- The plan ---------------------------------------------------------------------------------

interface ProductValues {
  name: string;
  categoryId: number;
  isVisible: boolean;
  releaseDate: string | null;
  description: string | null;
  limitPerCustomer: number | null;
}

interface VariantValues {
  price: number;
  premiumPrice: number | null;
  limitPerCustomer: number | null;
  pricePinned: boolean;
}

interface Plan {
  counts: ImportCounts;
  changes: RowChange[];
  errors: CsvCellError[];
  newProducts: Array<ProductValues & { ord: number; slug: string; kind: string; cardId: number | null }>;
  productUpdates: Array<{ id: number; before: ProductValues; after: ProductValues }>;
  newVariants: Array<VariantValues & VariantAttributes & { ord: number; slug: string; stock: number }>;
  variantUpdates: Array<{ id: number; before: VariantValues; after: VariantValues }>;
  stockChanges: Array<{ variantId: number; before: number; after: number }>;
  fingerprint: string | null;
}

const money = (pence: number | null) => (pence === null ? null : penceToPounds(pence));
const whole = (n: number | null) => (n === null ? null : String(n));

function productChanges(before: ProductValues | null, after: ProductValues, categories: Map<number, Category>): FieldChange[] {
  const shown: Array<[ProductCsvColumn, (v: ProductValues) => string | null]> = [
    ["name", (v) => v.name],
    ["category", (v) => categories.get(v.categoryId)?.slug ?? null],
    ["visible", (v) => yesNo(v.isVisible)],
    ["release_date", (v) => v.releaseDate],
    ["description", (v) => v.description],
    ["limit_per_customer", (v) => whole(v.limitPerCustomer)],
  ];
  return diff(shown, before, after);
}

function variantChanges(before: (VariantValues & { stock: number }) | null, after: VariantValues & { stock: number }): FieldChange[] {
  const shown: Array<[ProductCsvColumn, (v: VariantValues & { stock: number }) => string | null]> = [
    ["price", (v) => money(v.price)],
    ["member_price", (v) => money(v.premiumPrice)],
    ["stock", (v) => String(v.stock)],
    ["variant_limit", (v) => whole(v.limitPerCustomer)],
    ["price_pinned", (v) => yesNo(v.pricePinned)],
  ];
  return diff(shown, before, after);
}

function diff<V>(shown: Array<[ProductCsvColumn, (v: V) => string | null]>, before: V | null, after: V): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const [field, show] of shown) {
    const was = before === null ? null : show(before);
    const now = show(after);
    if (before === null ? now !== null : was !== now) changes.push({ field, before: was, after: now });
  }
  return changes;
}

/** The product columns that must agree between rows of one product, as one comparable string. */
function productSignature(row: ParsedCsvRow): string {
  const p = row.product;
  return JSON.stringify([p.name, p.kind, p.card?.text ?? null, p.categorySlug, p.languageCode, p.isVisible, p.releaseDate, p.description, p.limitPerCustomer]);
}

function fingerprintOf(plan: Omit<Plan, "fingerprint" | "counts" | "changes" | "errors">): string {
  return createHash("sha256")
    .update(`products-csv/1|${JSON.stringify([plan.newProducts, plan.productUpdates, plan.newVariants, plan.variantUpdates, plan.stockChanges])}`)
    .digest("hex");
}

/** Every row of the file against the shop as it is now: the changes it would make, or why not. Reads only. */
async function computePlan(db: Executor, file: ReadFile): Promise<Plan> {
  const shop = await loadShop(db, file);
  const errors: CsvCellError[] = [...file.errors];
  const changes: RowChange[] = [];
  const plan: Omit<Plan, "fingerprint" | "counts" | "changes" | "errors"> = { newProducts: [], productUpdates: [], newVariants: [], variantUpdates: [], stockChanges: [] };
  const counts: ImportCounts = { rows: file.total, productsCreated: 0, productsUpdated: 0, variantsCreated: 0, variantsUpdated: 0, unchanged: 0, errors: 0 };

  /** Per slug: its first row, its product's final values, whether it is new, its variants seen. */
  const products = new Map<string, { first: ParsedCsvRow; signature: string; existing: ExistingProduct | null; ok: boolean; seen: Map<string, number> }>();
  const cardUsedBy = new Map<string, number>();

  for (const row of file.rows) {
    const fail = (column: string | null, message: string) => void errors.push({ row: row.row, column, message });
    const p = row.product;
    let entry = products.get(p.slug);
    const rowChange: RowChange = { row: row.row, slug: p.slug, variant: variantLabel(row.variant.attributes), action: "update", changes: [] };

    if (entry) {
      if (productSignature(row) !== entry.signature) {
        fail(null, CSV_MESSAGES.differsFromRow(entry.first.row));
        continue;
      }
    } else {
      // The first row of a product: its product columns, checked against the shop.
      const existing = shop.productsBySlug.get(p.slug) ?? null;
      entry = { first: row, signature: productSignature(row), existing, ok: false, seen: new Map() };
      products.set(p.slug, entry);
      const before = existing && {
        name: existing.name, categoryId: existing.categoryId, isVisible: existing.isVisible, releaseDate: existing.releaseDate,
        description: existing.description, limitPerCustomer: existing.limitPerCustomer,
      };
      const errorsBefore = errors.length;
      const category = shop.categoriesBySlug.get(p.categorySlug);
      if (!category) fail("category", CSV_MESSAGES.categoryUnknown(p.categorySlug));
      else if (p.languageCode !== undefined && p.languageCode !== category.languageCode) fail("language", CSV_MESSAGES.languageMismatch(category.slug, category.languageCode));
      let cardId: number | null = null;
      if (existing) {
        if (existing.kind !== p.kind) fail("kind", CSV_MESSAGES.kindChange(existing.kind));
        else if (p.card && existing.card?.toLowerCase() !== p.card.text.toLowerCase()) fail("card", CSV_MESSAGES.cardChange);
      } else if (p.card) {
        const card = shop.cardsByRef.get(p.card.text);
        const firstUse = cardUsedBy.get(p.card.text);
        if (!card) fail("card", CSV_MESSAGES.cardUnknown(p.card.text));
        else if (card.listedAs !== null) fail("card", CSV_MESSAGES.cardTaken(p.card.text, card.listedAs));
        else if (firstUse !== undefined) fail("card", CSV_MESSAGES.cardInFileTwice(p.card.text, firstUse));
        else cardId = card.id;
        cardUsedBy.set(p.card.text, row.row);
      }
      if (errors.length > errorsBefore || !category) continue;
      entry.ok = true;
      const after: ProductValues = {
        name: p.name,
        categoryId: category.id,
        isVisible: p.isVisible ?? before?.isVisible ?? true,
        releaseDate: p.releaseDate !== undefined ? p.releaseDate : (before?.releaseDate ?? null),
        // An empty description and none are the same thing (the file cannot tell them apart).
        description: p.description !== undefined ? p.description : (before?.description || null),
        limitPerCustomer: p.limitPerCustomer !== undefined ? p.limitPerCustomer : (before?.limitPerCustomer ?? null),
      };
      if (!before) {
        plan.newProducts.push({ ...after, ord: plan.newProducts.length, slug: p.slug, kind: p.kind, cardId });
        rowChange.action = "new_product";
        rowChange.changes.push(...productChanges(null, after, shop.categoriesById));
        counts.productsCreated++;
      } else {
        const productDiff = productChanges({ ...before, description: before.description || null }, after, shop.categoriesById);
        if (productDiff.length > 0) {
          plan.productUpdates.push({ id: existing!.id, before, after });
          rowChange.changes.push(...productDiff);
          counts.productsUpdated++;
        }
      }
    }
    if (!entry.ok) continue;

    // The variant: matched by its attributes among the product's.
    const key = attributeKey(row.variant.attributes);
    const duplicateOf = entry.seen.get(key);
    if (duplicateOf !== undefined) {
      fail(null, CSV_MESSAGES.duplicateRow(duplicateOf));
      continue;
    }
    entry.seen.set(key, row.row);
    const v = row.variant;
    const was = entry.existing ? (shop.variantsByProduct.get(entry.existing.id)?.get(key) ?? null) : null;
    const after = {
      price: v.price,
      premiumPrice: v.premiumPrice !== undefined ? v.premiumPrice : (was?.premiumPrice ?? null),
      limitPerCustomer: v.limitPerCustomer !== undefined ? v.limitPerCustomer : (was?.limitPerCustomer ?? null),
      pricePinned: v.pricePinned ?? was?.pricePinned ?? false,
      stock: v.stock,
    };
    if (after.premiumPrice !== null && after.premiumPrice > after.price) {
      fail("member_price", CSV_MESSAGES.memberAboveNewPrice);
      continue;
    }
    if (!was) {
      plan.newVariants.push({ ...v.attributes, ...after, ord: plan.newVariants.length, slug: p.slug });
      if (rowChange.action === "update") rowChange.action = "new_variant";
      rowChange.changes.push(...variantChanges(null, after));
      counts.variantsCreated++;
    } else {
      const { stock, ...values } = after;
      const before = { price: was.price, premiumPrice: was.premiumPrice, limitPerCustomer: was.limitPerCustomer, pricePinned: was.pricePinned };
      const variantDiff = variantChanges({ ...before, stock: was.stock }, after);
      if (variantDiff.some((c) => c.field !== "stock")) plan.variantUpdates.push({ id: was.id, before, after: values });
      if (stock !== was.stock) plan.stockChanges.push({ variantId: was.id, before: was.stock, after: stock });
      if (variantDiff.length > 0) counts.variantsUpdated++;
      rowChange.changes.push(...variantDiff);
    }
    if (rowChange.changes.length > 0) changes.push(rowChange);
    else counts.unchanged++;
  }

  errors.sort((a, b) => a.row - b.row);
  counts.errors = errors.length;
  return { ...plan, counts, changes, errors, fingerprint: errors.length === 0 ? fingerprintOf(plan) : null };
}

function toDryRun(plan: Plan, fileName: string, payload: string): DryRun {
  return {
    fileName,
    counts: plan.counts,
    changes: plan.changes.slice(0, DRY_RUN_DISPLAY_LIMIT),
    errors: plan.errors.slice(0, DRY_RUN_DISPLAY_LIMIT),
    fingerprint: plan.fingerprint,
    payload,
  };
}

/** The file's name as shown and recorded: its last path part, at most 200 characters, printable. */
export function cleanFileName(name: string | null | undefined): string {
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  const base = (name ?? "").split(/[\\/]/).pop()!.replace(/[\u0000-\u001F\u007F]/g, "").trim().slice(0, 200);
  return base || "products.csv";
}

/** Every change and error the file would make now. Writes nothing. */
export async function dryRunImport(db: Db, file: { name: string; text: string }): Promise<DryRun> {
  const plan = await computePlan(db, readCsv(file.text));
  return toDryRun(plan, cleanFileName(file.name), encodePayload(file.text));
}

// ---- Apply ------------------------------------------------------------------------------------

export type ApplyOutcome =
  | { status: "applied"; counts: ImportCounts }
  | { status: "stale"; dryRun: DryRun }
  | { status: "invalid"; dryRun: DryRun }
  | { status: "nothing_to_apply"; dryRun: DryRun }
  | { status: "bad_payload" };

/** Thrown inside the transaction to roll it back when a write finds the shop moved after all. */
class StaleImport extends Error {}

/**
 * Applies the dry run's plan, if it is still the plan, in one transaction: all of it or none.
 * An advisory lock makes imports take turns; the products the file names and their variants are
 * locked (products, then variants, each in id order: checkout locks variants in id order and
 * never products, so the two cannot deadlock) before the plan is computed again, so nothing can
 * change what it read until the commit. Products or variants created by someone else meanwhile
 * (not locked: they did not exist) make an insert do nothing, and the import is refused as stale.
 */
export async function applyImport(db: Db, admin: { id: string }, input: { payload: string; fingerprint: string; fileName: string }): Promise<ApplyOutcome> {
  const text = decodePayload(input.payload);
  if (text === null) return { status: "bad_payload" };
  const fileName = cleanFileName(input.fileName);
  const file = readCsv(text);
  try {
    return await db.transaction(async (tx): Promise<ApplyOutcome> => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${IMPORT_LOCK})`);
      const slugs = JSON.stringify([...new Set(file.rows.map((r) => r.product.slug))]);
      await tx.execute(sql`
        WITH locked_products AS (
          SELECT id FROM products WHERE slug IN (SELECT json_array_elements_text(${slugs}::json)) ORDER BY id FOR NO KEY UPDATE
        ),
        locked_variants AS (
          SELECT v.id FROM product_variants v WHERE v.product_id IN (SELECT id FROM locked_products) ORDER BY v.id FOR NO KEY UPDATE
        )
        SELECT (SELECT count(*) FROM locked_products) AS products, (SELECT count(*) FROM locked_variants) AS variants`);

      const plan = await computePlan(tx, file);
      const dryRun = () => toDryRun(plan, fileName, input.payload);
      if (plan.fingerprint === null) return { status: "invalid", dryRun: dryRun() };
      if (plan.fingerprint !== input.fingerprint) return { status: "stale", dryRun: dryRun() };
      if (!hasChanges(plan.counts)) return { status: "nothing_to_apply", dryRun: dryRun() };
      await writePlan(tx, plan, admin, fileName);
      return { status: "applied", counts: plan.counts };
    });
  } catch (error) {
    if (error instanceof StaleImport) {
      const plan = await computePlan(db, file);
      return { status: "stale", dryRun: toDryRun(plan, fileName, input.payload) };
    }
    throw error;
  }
}

async function writePlan(tx: Tx, plan: Plan, admin: { id: string }, fileName: string): Promise<void> {
  const movement = { reason: "import" as const, actorId: admin.id, note: fileName };
  const productIds = new Map<string, number>();

  if (plan.newProducts.length > 0) {
    const json = JSON.stringify(plan.newProducts.map((p) => ({
      ord: p.ord, slug: p.slug, name: p.name, kind: p.kind, card_id: p.cardId, category_id: p.categoryId, is_visible: p.isVisible,
      release_date: p.releaseDate, description: p.description, limit_per_customer: p.limitPerCustomer,
    })));
    // In file order, so ids (and so the export's order) follow the file. DO NOTHING: a product
    // created with this slug or card since the lock was taken makes the import stale.
    const created = await selectRows<{ id: number; slug: string }>(
      tx,
      sql`INSERT INTO products (slug, name, kind, card_id, category_id, is_visible, release_date, description, limit_per_customer)
          SELECT x.slug, x.name, x.kind, x.card_id, x.category_id, x.is_visible, x.release_date::date, x.description, x.limit_per_customer
          FROM json_to_recordset(${json}::json) AS x(ord int, slug text, name text, kind text, card_id int, category_id int, is_visible boolean,
                                                     release_date text, description text, limit_per_customer int)
          ORDER BY x.ord
          ON CONFLICT DO NOTHING
          RETURNING id, slug`,
    );
    if (created.length !== plan.newProducts.length) throw new StaleImport();
    for (const p of created) productIds.set(p.slug, p.id);
  }

  if (plan.productUpdates.length > 0) {
    const json = JSON.stringify(plan.productUpdates.map(({ id, after: a }) => ({
      id, name: a.name, category_id: a.categoryId, is_visible: a.isVisible, release_date: a.releaseDate, description: a.description, limit_per_customer: a.limitPerCustomer,
    })));
    await tx.execute(sql`
      UPDATE products p SET name = x.name, category_id = x.category_id, is_visible = x.is_visible, release_date = x.release_date::date,
                            description = x.description, limit_per_customer = x.limit_per_customer, updated_at = now()
      FROM json_to_recordset(${json}::json) AS x(id int, name text, category_id int, is_visible boolean, release_date text, description text, limit_per_customer int)
      WHERE p.id = x.id`);
  }

  if (plan.newVariants.length > 0) {
    const existingIds = new Map<string, number>();
    const missing = [...new Set(plan.newVariants.map((v) => v.slug).filter((slug) => !productIds.has(slug)))];
    if (missing.length > 0) {
      const rows = await selectRows<{ id: number; slug: string }>(tx, sql`SELECT id, slug FROM products WHERE slug IN (SELECT json_array_elements_text(${JSON.stringify(missing)}::json))`);
      for (const r of rows) existingIds.set(r.slug, r.id);
    }
    const json = JSON.stringify(plan.newVariants.map((v) => ({
      ord: v.ord, product_id: productIds.get(v.slug) ?? existingIds.get(v.slug), condition: v.condition, printing: v.printing, language: v.language,
      grader: v.grader, grade: v.grade, price: v.price, premium_price: v.premiumPrice, stock: v.stock, limit_per_customer: v.limitPerCustomer, price_pinned: v.pricePinned,
    })));
    const created = await selectRows<{ id: number }>(
      tx,
      sql`INSERT INTO product_variants (product_id, condition, printing, language, grader, grade, price, premium_price, stock, limit_per_customer, price_pinned)
          SELECT x.product_id, x.condition, x.printing, x.language, x.grader, x.grade, x.price, x.premium_price, x.stock, x.limit_per_customer, x.price_pinned
          FROM json_to_recordset(${json}::json) AS x(ord int, product_id int, condition text, printing text, language text, grader text, grade text,
                                                     price int, premium_price int, stock int, limit_per_customer int, price_pinned boolean)
          ORDER BY x.ord
          ON CONFLICT DO NOTHING
          RETURNING id`,
    );
    if (created.length !== plan.newVariants.length) throw new StaleImport();
    // Their opening rows in the stock ledger (reason "import"), in this transaction.
    await recordOpeningStock(tx, created.map((v) => v.id), movement);
  }

  if (plan.variantUpdates.length > 0) {
    const json = JSON.stringify(plan.variantUpdates.map(({ id, after: a }) => ({
      id, price: a.price, premium_price: a.premiumPrice, limit_per_customer: a.limitPerCustomer, price_pinned: a.pricePinned,
    })));
    await tx.execute(sql`
      UPDATE product_variants v SET price = x.price, premium_price = x.premium_price, limit_per_customer = x.limit_per_customer,
                                    price_pinned = x.price_pinned, updated_at = now()
      FROM json_to_recordset(${json}::json) AS x(id int, price int, premium_price int, limit_per_customer int, price_pinned boolean)
      WHERE v.id = x.id`);
  }

  // Stock of existing variants: inventory's bulk set, a ledger row per changed variant.
  await setStocks(tx, plan.stockChanges.map((c) => ({ variantId: c.variantId, stock: c.after })), movement);

  await recordAudit(tx, {
    actorUserId: admin.id,
    action: "product.imported",
    entityType: "product_import",
    entityId: plan.fingerprint!.slice(0, 16),
    details: {
      fileName,
      ...plan.counts,
      stockChanges: plan.stockChanges.length,
      // Every change as before → after, up to the screen's limit; the counts cover the rest.
      changes: plan.changes.slice(0, DRY_RUN_DISPLAY_LIMIT),
      changesNotListed: Math.max(0, plan.changes.length - DRY_RUN_DISPLAY_LIMIT),
    },
  });
}
