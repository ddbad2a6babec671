/**
 * The products CSV (issue 14, "Bulk"; docs/products-csv.md, decision 0040): its columns, how each
 * cell is written and read, the checks a row must pass on its own, and the shapes of a dry run.
 * One home for the format, used by the export (product-csv-export.server.ts), the import
 * (product-csv-import.server.ts) and the import screen. Client-safe: no database.
 *
 * A row is a variant with its product's columns repeated. A file round-trips: what the export
 * writes, the import reads back as "no changes", and the export then writes the same bytes.
 */
import { MAX_PRICE_PENCE } from "~/config/constants";
import { penceToPounds, parsePounds } from "~/utils/money";
import { PRODUCT_LIMITS } from "./product-limits";
import { CONDITIONS, GRADERS, GRADES, isSealedVariant, PRINTINGS, type VariantAttributes } from "./variants";

export const PRODUCT_CSV_COLUMNS = [
  "slug",
  "name",
  "kind",
  "card",
  "category",
  "language",
  "visible",
  "release_date",
  "description",
  "limit_per_customer",
  "condition",
  "printing",
  "variant_language",
  "grader",
  "grade",
  "price",
  "member_price",
  "stock",
  "variant_limit",
  "price_pinned",
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

/** Columns a file must have; the others may be left out (their fields then stay as they are). */
export const REQUIRED_CSV_COLUMNS: readonly ProductCsvColumn[] = ["slug", "name", "kind", "category", "price", "stock"];

/** Largest file the import takes (bytes): 10,000 rows are about 1.5 MB. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
/** Most rows one import takes. */
export const MAX_IMPORT_ROWS = 50_000;
/** Rows with changes (and errors) a dry run lists on the screen; the counts cover them all. */
export const DRY_RUN_DISPLAY_LIMIT = 1_000;

// The same bounds as the product editor's (product-limits.ts).
const MAX_NAME_LENGTH = PRODUCT_LIMITS.nameLength;
const MAX_DESCRIPTION_LENGTH = PRODUCT_LIMITS.descriptionLength;
const MAX_LIMIT = PRODUCT_LIMITS.limitPerCustomer;

/** The UTF-8 byte order mark the export starts with, so Excel reads the file as UTF-8. */
export const CSV_BOM = "\uFEFF";

// ---- Formula injection (OWASP "CSV injection") ------------------------------------------------

const FORMULA_START = /^'*[=+\-@\t\r]/;
const ESCAPED_FORMULA_START = /^'+[=+\-@\t\r]/;

/**
 * A cell a spreadsheet would run as a formula (starting with = + - @ tab or CR) gets a leading
 * apostrophe, which spreadsheets show as text. Cells that already start with apostrophes before
 * such a character get one more, so `unescapeFormula` can always take exactly one off: every
 * value, "-5" and "'=x" included, reads back as it was written.
 */
export function escapeFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The inverse of `escapeFormula`: one leading apostrophe off a cell that `escapeFormula` would have made. */
export function unescapeFormula(value: string): string {
  return ESCAPED_FORMULA_START.test(value) ? value.slice(1) : value;
}

// ---- Writing a row ---------------------------------------------------------------------------

/** A product as the CSV names it. */
export interface CsvProduct {
  slug: string;
  name: string;
  kind: string;
  /** "base1 4": the set code and the number printed on the card; null for sealed. */
  card: string | null;
  categorySlug: string;
  languageCode: string;
  isVisible: boolean;
  releaseDate: string | null;
  description: string | null;
  limitPerCustomer: number | null;
}

export interface CsvVariant extends VariantAttributes {
  price: number;
  premiumPrice: number | null;
  stock: number;
  limitPerCustomer: number | null;
  pricePinned: boolean;
}

export const yesNo = (value: boolean) => (value ? "yes" : "no");
const text = (value: string | null) => value ?? "";
const int = (value: number | null) => (value === null ? "" : String(value));

/** "base1 4": how the file names a single's card (the set code and number, as typed in the card search). */
export function cardReference(setCode: string, localNumber: string): string {
  return `${setCode} ${localNumber}`;
}

/** The cells of one row, in PRODUCT_CSV_COLUMNS order, formula-escaped. */
export function productCsvRecord(p: CsvProduct, v: CsvVariant): string[] {
  const cells: Record<ProductCsvColumn, string> = {
    slug: p.slug,
    name: p.name,
    kind: p.kind,
    card: text(p.card),
    category: p.categorySlug,
    language: p.languageCode,
    visible: yesNo(p.isVisible),
    release_date: text(p.releaseDate),
    description: text(p.description),
    limit_per_customer: int(p.limitPerCustomer),
    condition: text(v.condition),
    printing: text(v.printing),
    variant_language: text(v.language),
    grader: text(v.grader),
    grade: text(v.grade),
    price: penceToPounds(v.price),
    member_price: v.premiumPrice === null ? "" : penceToPounds(v.premiumPrice),
    stock: String(v.stock),
    variant_limit: int(v.limitPerCustomer),
    price_pinned: yesNo(v.pricePinned),
  };
  return PRODUCT_CSV_COLUMNS.map((column) => escapeFormula(cells[column]));
}

// ---- Reading a row ---------------------------------------------------------------------------

export const CSV_MESSAGES = {
  noFile: "Choose a CSV file to import.",
  tooLarge: `The file is too large: at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`,
  notText: "The file is not a CSV text file (UTF-8).",
  unreadable: (detail: string) => `The file could not be read as CSV: ${detail}`,
  empty: "The file has no rows.",
  tooManyRows: `The file has more than ${MAX_IMPORT_ROWS.toLocaleString("en-GB")} rows: split it into smaller files.`,
  missingColumn: (column: string) => `The column "${column}" is missing from the first row.`,
  unknownColumn: (column: string) => `"${column}" is not a column of the products CSV (see the list of columns).`,
  duplicateColumn: (column: string) => `The column "${column}" appears twice.`,
  cellCount: (found: number, expected: number) => `This row has ${found} cells; the first row has ${expected}.`,
  controlCharacter: "Contains a control character (such as a NUL byte): remove it.",
  required: "Required.",
  slug: "Use lower-case letters, digits and single hyphens (e.g. base-set-booster-box), at most 120 characters.",
  name: `At most ${MAX_NAME_LENGTH} characters.`,
  kind: 'Must be "sealed" or "single".',
  card: 'Write the set code and the card number, e.g. "base1 4".',
  cardOnSealed: "A sealed product has no card: leave it empty.",
  cardNeeded: 'A single needs its card, e.g. "base1 4".',
  category: "Use the category's slug, e.g. english-booster-boxes.",
  language: 'Use a language code, e.g. "en".',
  yesNo: 'Write "yes" or "no".',
  date: "Write a date as YYYY-MM-DD, e.g. 2024-03-22.",
  description: `At most ${MAX_DESCRIPTION_LENGTH.toLocaleString("en-GB")} characters.`,
  limit: `A whole number from 1 to ${MAX_LIMIT.toLocaleString("en-GB")}, or empty for no limit.`,
  condition: `One of ${CONDITIONS.join(", ")}.`,
  printing: `One of ${PRINTINGS.join(", ")}.`,
  grader: `One of ${GRADERS.join(", ")}.`,
  grade: `One of ${GRADES.join(", ")}.`,
  price: "Write pounds, e.g. 12.50 (from 0.00 to 999999.99).",
  memberPrice: "Write pounds, e.g. 11.00, or leave it empty.",
  memberAbovePrice: "The member price must not be more than the price.",
  stock: `A whole number from 0 to ${PRODUCT_LIMITS.stock.toLocaleString("en-GB")}.`,
  sealedVariant: "A sealed product has one variant: leave condition, printing, variant_language, grader and grade empty.",
  rawVariant: "A raw single needs condition, printing and variant_language (and no grader or grade).",
  slabVariant: "A graded slab needs grader, grade and variant_language (and no condition or printing).",
  // Checked against the shop or the rest of the file:
  categoryUnknown: (slug: string) => `There is no category "${slug}".`,
  languageMismatch: (category: string, code: string) => `Category "${category}" is for language "${code}".`,
  cardUnknown: (card: string) => `There is no card "${card}" in the card database.`,
  cardTaken: (card: string, slug: string) => `Card "${card}" is already listed as product "${slug}".`,
  cardInFileTwice: (card: string, row: number) => `Card "${card}" is already used by another product in row ${row}.`,
  kindChange: (kind: string) => `The product is a ${kind} product: the import cannot change its kind.`,
  cardChange: "The import cannot change which card a single is.",
  differsFromRow: (row: number) => `Differs from row ${row} of the same product (product columns must agree).`,
  duplicateRow: (row: number) => `The same variant is in row ${row} already.`,
  memberAboveNewPrice: "The member price would be more than the price.",
  // Apply:
  stale: "The shop's products changed since this dry run (a sale, an edit, another import). Nothing was written: check the new dry run below and apply again.",
  hasErrors: "The file has errors: nothing was written. Fix them and check the file again.",
  nothingToApply: "No changes: the shop already matches this file.",
  resend: "Please check the file again.",
} as const;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const LANGUAGE_CODE = /^[a-z]{2}(-[a-z]{2})?$/;
const CARD = /^(\S+)\s+(\S+)$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

export interface ParsedProductFields {
  slug: string;
  name: string;
  kind: "sealed" | "single";
  card: { setCode: string; number: string; text: string } | null;
  categorySlug: string;
  /** undefined: the column is absent or the cell empty (the field is left as it is, or defaulted). */
  languageCode?: string;
  isVisible?: boolean;
  releaseDate?: string | null;
  description?: string | null;
  limitPerCustomer?: number | null;
}

export interface ParsedVariantFields {
  attributes: VariantAttributes;
  price: number;
  premiumPrice?: number | null;
  stock: number;
  limitPerCustomer?: number | null;
  pricePinned?: boolean;
}

export interface ParsedCsvRow {
  /** The row as a spreadsheet numbers it: the header is row 1. */
  row: number;
  product: ParsedProductFields;
  variant: ParsedVariantFields;
}

export interface CsvCellError {
  row: number;
  column: string | null;
  message: string;
}

export type RowParse = { ok: true; value: ParsedCsvRow } | { ok: false; errors: CsvCellError[] };

/** A row's cells by column name; a column absent from the file is absent here. */
export type CsvCells = Partial<Record<ProductCsvColumn, string>>;

function isRealDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= PRODUCT_LIMITS.earliestReleaseYear && year <= PRODUCT_LIMITS.latestReleaseYear && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function parseYesNo(text: string): boolean | null {
  const value = text.trim().toLowerCase();
  if (["yes", "y", "true", "1"].includes(value)) return true;
  if (["no", "n", "false", "0"].includes(value)) return false;
  return null;
}

function parseWhole(text: string, min: number, max: number): number | null {
  const value = text.trim();
  if (!/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n >= min && n <= max ? n : null;
}

/**
 * One row's cells → typed fields, with every check a row can pass or fail on its own (formats,
 * vocabularies, ranges, member price ≤ price, the variant attributes a kind needs). Checks that
 * need the shop (does the category exist?) or the rest of the file are the import's.
 */
export function parseCsvRow(row: number, raw: CsvCells): RowParse {
  const errors: CsvCellError[] = [];
  const fail = (column: ProductCsvColumn, message: string) => void errors.push({ row, column, message });
  const cells: CsvCells = {};
  for (const [column, value] of Object.entries(raw) as Array<[ProductCsvColumn, string]>) {
    if (CONTROL_CHARACTER.test(value)) fail(column, CSV_MESSAGES.controlCharacter);
    cells[column] = unescapeFormula(value);
  }
  /** A cell's code, trimmed and lower-case; undefined when the column is absent or the cell empty. */
  const code = (column: ProductCsvColumn) => {
    const value = cells[column]?.trim().toLowerCase();
    return value ? value : undefined;
  };
  const present = (column: ProductCsvColumn) => cells[column] !== undefined;

  const slug = code("slug");
  if (!slug) fail("slug", CSV_MESSAGES.required);
  else if (!SLUG.test(slug) || slug.length > 120) fail("slug", CSV_MESSAGES.slug);

  const name = cells.name?.trim() ?? "";
  if (!name) fail("name", CSV_MESSAGES.required);
  else if (name.length > MAX_NAME_LENGTH) fail("name", CSV_MESSAGES.name);

  const kindText = code("kind");
  const kind = kindText === "sealed" || kindText === "single" ? kindText : null;
  if (!kindText) fail("kind", CSV_MESSAGES.required);
  else if (!kind) fail("kind", CSV_MESSAGES.kind);

  let card: ParsedProductFields["card"] = null;
  const cardText = cells.card?.trim() ?? "";
  if (cardText) {
    const match = CARD.exec(cardText);
    if (kind === "sealed") fail("card", CSV_MESSAGES.cardOnSealed);
    else if (!match) fail("card", CSV_MESSAGES.card);
    else card = { setCode: match[1]!.toLowerCase(), number: match[2]!, text: cardReference(match[1]!.toLowerCase(), match[2]!) };
  } else if (kind === "single") fail("card", CSV_MESSAGES.cardNeeded);

  const categorySlug = code("category");
  if (!categorySlug) fail("category", CSV_MESSAGES.required);
  else if (!SLUG.test(categorySlug)) fail("category", CSV_MESSAGES.category);

  const product: Partial<ParsedProductFields> = {};
  const languageCode = code("language");
  if (languageCode !== undefined) {
    if (LANGUAGE_CODE.test(languageCode)) product.languageCode = languageCode;
    else fail("language", CSV_MESSAGES.language);
  }
  const visible = code("visible");
  if (visible !== undefined) {
    const value = parseYesNo(visible);
    if (value === null) fail("visible", CSV_MESSAGES.yesNo);
    else product.isVisible = value;
  }
  if (present("release_date")) {
    const value = cells.release_date!.trim();
    if (!value) product.releaseDate = null;
    else if (isRealDate(value)) product.releaseDate = value;
    else fail("release_date", CSV_MESSAGES.date);
  }
  if (present("description")) {
    // Kept exactly as written (not trimmed): the file round-trips. Empty means none.
    const value = cells.description!;
    if (value.length > MAX_DESCRIPTION_LENGTH) fail("description", CSV_MESSAGES.description);
    else product.description = value === "" ? null : value;
  }
  if (present("limit_per_customer")) {
    const value = cells.limit_per_customer!.trim();
    const n = value === "" ? null : parseWhole(value, 1, MAX_LIMIT);
    if (value !== "" && n === null) fail("limit_per_customer", CSV_MESSAGES.limit);
    else product.limitPerCustomer = n;
  }

  // The variant: attributes in their vocabularies, and the ones its kind needs.
  const attributes: VariantAttributes = { condition: null, printing: null, language: null, grader: null, grade: null };
  const condition = code("condition");
  if (condition !== undefined) {
    if ((CONDITIONS as readonly string[]).includes(condition)) attributes.condition = condition;
    else fail("condition", CSV_MESSAGES.condition);
  }
  const printing = code("printing");
  if (printing !== undefined) {
    if ((PRINTINGS as readonly string[]).includes(printing)) attributes.printing = printing;
    else fail("printing", CSV_MESSAGES.printing);
  }
  const variantLanguage = code("variant_language");
  if (variantLanguage !== undefined) {
    if (LANGUAGE_CODE.test(variantLanguage)) attributes.language = variantLanguage;
    else fail("variant_language", CSV_MESSAGES.language);
  }
  const grader = code("grader");
  if (grader !== undefined) {
    if ((GRADERS as readonly string[]).includes(grader)) attributes.grader = grader;
    else fail("grader", CSV_MESSAGES.grader);
  }
  const grade = code("grade");
  if (grade !== undefined) {
    if ((GRADES as readonly string[]).includes(grade)) attributes.grade = grade;
    else fail("grade", CSV_MESSAGES.grade);
  }
  const attributeErrors = errors.some((e) => ["condition", "printing", "variant_language", "grader", "grade"].includes(e.column ?? ""));
  if (kind && !attributeErrors) {
    const given = (...columns: ProductCsvColumn[]) => columns.some((c) => code(c) !== undefined);
    if (kind === "sealed") {
      if (!isSealedVariant(attributes)) fail("condition", CSV_MESSAGES.sealedVariant);
    } else if (given("grader", "grade")) {
      if (!attributes.grader || !attributes.grade || !attributes.language || attributes.condition || attributes.printing) fail("grader", CSV_MESSAGES.slabVariant);
    } else if (!attributes.condition || !attributes.printing || !attributes.language) {
      fail("condition", CSV_MESSAGES.rawVariant);
    }
  }

  const priceText = cells.price?.trim() ?? "";
  const price = priceText === "" ? null : parsePounds(priceText);
  if (priceText === "") fail("price", CSV_MESSAGES.required);
  else if (price === null || price > MAX_PRICE_PENCE) fail("price", CSV_MESSAGES.price);

  const variant: Partial<ParsedVariantFields> = { attributes };
  if (present("member_price")) {
    const value = cells.member_price!.trim();
    const pence = value === "" ? null : parsePounds(value);
    if (value !== "" && (pence === null || pence > MAX_PRICE_PENCE)) fail("member_price", CSV_MESSAGES.memberPrice);
    else if (pence !== null && price !== null && pence > price) fail("member_price", CSV_MESSAGES.memberAbovePrice);
    else variant.premiumPrice = pence;
  }

  const stockText = cells.stock?.trim() ?? "";
  const stock = stockText === "" ? null : parseWhole(stockText, 0, PRODUCT_LIMITS.stock);
  if (stockText === "") fail("stock", CSV_MESSAGES.required);
  else if (stock === null) fail("stock", CSV_MESSAGES.stock);

  if (present("variant_limit")) {
    const value = cells.variant_limit!.trim();
    const n = value === "" ? null : parseWhole(value, 1, MAX_LIMIT);
    if (value !== "" && n === null) fail("variant_limit", CSV_MESSAGES.limit);
    else variant.limitPerCustomer = n;
  }
  const pinned = code("price_pinned");
  if (pinned !== undefined) {
    const value = parseYesNo(pinned);
    if (value === null) fail("price_pinned", CSV_MESSAGES.yesNo);
    else variant.pricePinned = value;
  }

  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      row,
      product: { ...product, slug: slug!, name, kind: kind!, card, categorySlug: categorySlug! },
      variant: { ...variant, attributes, price: price!, stock: stock! },
    },
  };
}

/**
 * The header row → each column's index, or the errors of a header that cannot be used (a
 * required column missing, an unknown or repeated one). Names are matched trimmed and
 * lower-case.
 */
export function readHeader(header: readonly string[]): { ok: true; columns: Array<ProductCsvColumn> } | { ok: false; errors: CsvCellError[] } {
  const errors: CsvCellError[] = [];
  const columns: ProductCsvColumn[] = [];
  for (const cell of header) {
    const name = cell.trim().toLowerCase();
    if (!(PRODUCT_CSV_COLUMNS as readonly string[]).includes(name)) errors.push({ row: 1, column: cell, message: CSV_MESSAGES.unknownColumn(cell) });
    else if (columns.includes(name as ProductCsvColumn)) errors.push({ row: 1, column: name, message: CSV_MESSAGES.duplicateColumn(name) });
    columns.push(name as ProductCsvColumn);
  }
  for (const required of REQUIRED_CSV_COLUMNS) {
    if (!columns.includes(required)) errors.push({ row: 1, column: required, message: CSV_MESSAGES.missingColumn(required) });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, columns };
}

// ---- A dry run, as the screen shows it ---------------------------------------------------------

export interface FieldChange {
  field: ProductCsvColumn;
  before: string | null;
  after: string | null;
}

export interface RowChange {
  row: number;
  slug: string;
  /** "Lightly Played · Holo · English", "PSA 10 · English"; null for a sealed product's variant. */
  variant: string | null;
  action: "new_product" | "new_variant" | "update";
  changes: FieldChange[];
}

export interface ImportCounts {
  rows: number;
  productsCreated: number;
  productsUpdated: number;
  variantsCreated: number;
  variantsUpdated: number;
  unchanged: number;
  errors: number;
}

export interface DryRun {
  fileName: string;
  counts: ImportCounts;
  /** Rows with changes, in file order, the first DRY_RUN_DISPLAY_LIMIT. */
  changes: RowChange[];
  /** Every error, in file order, the first DRY_RUN_DISPLAY_LIMIT. */
  errors: CsvCellError[];
  /** The plan's fingerprint: apply refuses if the plan it computes then is not this one. Null when there are errors. */
  fingerprint: string | null;
  /** The file itself (gzip, base64), sent back with apply so nothing is kept on the server between the two. */
  payload: string;
}

export type ImportActionResult =
  | { intent: "dry-run"; ok: true; dryRun: DryRun; message?: string }
  | { intent: "apply"; ok: true; applied: ImportCounts; fileName: string }
  | { intent: "dry-run" | "apply"; ok: false; message: string; dryRun?: DryRun };

/** Whether a dry run has anything to apply. */
export function hasChanges(counts: ImportCounts): boolean {
  return counts.productsCreated + counts.productsUpdated + counts.variantsCreated + counts.variantsUpdated > 0;
}
