/**
 * Listing singles from the admin ("add single", issue 13): the names, messages, limits, row keys,
 * form parsing and data shapes shared by the module (singles.server.ts), the routes and the
 * screen. Client-safe: no database. Variant labels and ordering come from ./variants.ts.
 */
import { z } from "zod";
import { PRODUCT_LIMITS } from "./product-limits";
import { cardNumberText } from "~/modules/cards/card-number";
import { MAX_INT4 } from "~/utils/db-id";
import { slugify } from "~/utils/slug";
import {
  CARD_LANGUAGE_LABELS,
  CONDITION_LABELS,
  CONDITIONS,
  GRADER_LABELS,
  GRADERS,
  GRADES,
  PRINTINGS,
  PRINTING_LABELS,
  type Condition,
  type Grader,
  type Printing,
} from "./variants";

/** Most copies one row adds at a time (a binder page, not a warehouse delivery). */
export const MAX_LIST_QUANTITY = 9999;
/** Highest price one variant may have: £999,999.99 (well inside PostgreSQL's integer). */
import { MAX_PRICE_PENCE } from "~/config/constants";

export { MAX_PRICE_PENCE };
/** A variant's stock may not grow past this by listing: a typo of a few extra digits is refused. */
export const MAX_VARIANT_STOCK = PRODUCT_LIMITS.stock;
/** Graded rows the form offers (a slab each: grader × grade). */
export const GRADED_ROW_SLOTS = 3;
/** Card search results shown at once: enough to pick from, few enough to stay instant. */
export const CARD_SEARCH_LIMIT = 20;
/** Recently listed singles per page of /admin/singles. */
export const RECENT_SINGLES_PAGE_SIZE = 30;
/** The print language a listing starts with. */
export const DEFAULT_CARD_LANGUAGE = "en";

export const CARD_LANGUAGES = Object.keys(CARD_LANGUAGE_LABELS);

/** A raw (ungraded) row of the grid: "nm.holo". */
export type RawRowKey = `${Condition}.${Printing}`;
/** A graded row of the grid: "g0", "g1", … */
export type GradedRowKey = `g${number}`;
export type RowKey = RawRowKey | GradedRowKey;

export function rawRowKey(condition: Condition, printing: Printing): RawRowKey {
  return `${condition}.${printing}`;
}

export function gradedRowKey(slot: number): GradedRowKey {
  return `g${slot}`;
}

/** The name of a form field of a row: "nm.holo.qty". */
export type RowField = "on" | "qty" | "price" | "member" | "grader" | "grade";
export function fieldName(key: RowKey, field: RowField): string {
  return `${key}.${field}`;
}

/** "Charizard 4/102 · Base Set": the product name of a single (no count when the set's is unknown). */
export function singleName(card: { name: string; localNumber: string }, set: { name: string; officialCardCount: number | null }): string {
  const number = cardNumberText(card.localNumber, set.officialCardCount);
  return `${card.name} ${number} · ${set.name}`;
}

/**
 * The URL slug of a single, from the card's name, set code and number: "charizard-base1-4",
 * "mew-ex-sv03-5-151". Accents folded, anything else but letters and digits becomes "-".
 */
export function singleSlug(card: { name: string; localNumber: string }, setCode: string): string {
  const slug = slugify(`${card.name} ${setCode} ${card.localNumber}`);
  return slug || "single";
}

// Typed pounds → pence has one home (app/utils/money.ts); re-exported for the listing form.
import { parsePounds, penceToPounds } from "~/utils/money";
export { parsePounds, penceToPounds };

export const LIST_MESSAGES = {
  resend: "Please send the form again.",
  cardMissing: "That card is not in the card database.",
  pickCard: "Pick a card to list.",
  nothingTicked: "Tick at least one row to list.",
  language: "Choose the language the cards are printed in.",
  category: "That category does not exist: choose another.",
  noSinglesCategory: (language: string) =>
    `There is no Singles category for ${CARD_LANGUAGE_LABELS[language] ?? language} cards: choose a category.`,
  quantityMissing: "Enter a quantity (0 to 9999).",
  quantity: `Quantity must be a whole number from 0 to ${MAX_LIST_QUANTITY}.`,
  priceMissing: "Enter a price, e.g. 12.50.",
  price: "Price must be in pounds, e.g. 12.50.",
  priceRange: "Price must be from £0.01 to £999,999.99.",
  member: "Member price must be in pounds, e.g. 11.00, or left empty.",
  memberRange: "Member price must be from £0.01 to £999,999.99.",
  memberAbovePrice: "The member price must not be more than the price.",
  grader: "Choose the grading company.",
  grade: "Choose the grade on the slab.",
  gradedTwice: "This grader and grade are in another row already.",
  printing: (printings: readonly string[]) =>
    `This card was not printed like this (it exists as ${printings.map((p) => PRINTING_LABELS[p as Printing] ?? p).join(", ")}).`,
  stockTooHigh: `Stock would pass ${MAX_VARIANT_STOCK.toLocaleString("en-GB")}: check the quantity.`,
  rowsNeedAttention: (n: number) => (n === 1 ? "One row needs attention." : `${n} rows need attention.`),
} as const;

// ---- What listSingle takes (pence, already parsed) --------------------------------------------

const pence = (range: string) => z.number().int(range).min(1, range).max(MAX_PRICE_PENCE, range);
const quantity = z.number().int(LIST_MESSAGES.quantity).min(0, LIST_MESSAGES.quantity).max(MAX_LIST_QUANTITY, LIST_MESSAGES.quantity);

const rowBase = {
  key: z.string().min(1).max(40),
  quantity,
  price: pence(LIST_MESSAGES.priceRange),
  memberPrice: pence(LIST_MESSAGES.memberRange).nullable(),
};

export const rawRowSchema = z.object({
  ...rowBase,
  kind: z.literal("raw"),
  condition: z.enum(CONDITIONS),
  printing: z.enum(PRINTINGS),
});

export const gradedRowSchema = z.object({
  ...rowBase,
  kind: z.literal("graded"),
  grader: z.enum(GRADERS, LIST_MESSAGES.grader),
  grade: z.enum(GRADES, LIST_MESSAGES.grade),
});

/** The input of listSingle: every rule that needs no database (member price ≤ price, ranges). */
export const listSingleInputSchema = z.object({
  cardId: z.number().int().min(1).max(MAX_INT4),
  language: z.string().refine((code) => CARD_LANGUAGES.includes(code), LIST_MESSAGES.language),
  /** null: the Singles category of `language` (used only when the card has no product yet). */
  categoryId: z.number().int().min(1).max(MAX_INT4).nullable(),
  rows: z
    .array(
      z.discriminatedUnion("kind", [rawRowSchema, gradedRowSchema]).refine((row) => row.memberPrice === null || row.memberPrice <= row.price, {
        message: LIST_MESSAGES.memberAbovePrice,
        path: ["memberPrice"],
      }),
    )
    .min(1, LIST_MESSAGES.nothingTicked)
    .max(CONDITIONS.length * PRINTINGS.length + GRADED_ROW_SLOTS),
});

export type ListSingleInput = z.infer<typeof listSingleInputSchema>;
export type ListRow = ListSingleInput["rows"][number];

/** Which field of a row a message is about, so the screen marks that input. */
export type ErrorField = "qty" | "price" | "member" | "grader" | "grade" | "row";
export interface RowError {
  field: ErrorField;
  message: string;
}
export type RowErrors = Partial<Record<string, RowError>>;

export interface ListedVariant {
  variantId: number;
  label: string;
  added: number;
  stock: number;
  price: number;
  premiumPrice: number | null;
  created: boolean;
}

export type ListSingleResult =
  | { ok: true; productId: number; slug: string; name: string; productCreated: boolean; variants: ListedVariant[] }
  | {
      ok: false;
      status: 400 | 404;
      /** About the whole form (no card, nothing ticked, category), or a summary of row errors. */
      message: string;
      /** "category" or "language" when the message is about that field. */
      field?: "category" | "language";
      rowErrors: RowErrors;
    };

// ---- The form: raw posted text → ListSingleInput, with a message per row -----------------------

/** What was posted, by field name, to put back in the form after a refusal. */
export type FormValues = Record<string, string>;

/** A refused listing as the form gets it back: the message, each row's problem, and what was typed. */
export interface ListFormRefusal {
  ok: false;
  message: string;
  field?: "category" | "language";
  rowErrors: RowErrors;
  values: FormValues;
}

export type ParsedListForm = { ok: true; input: ListSingleInput; values: FormValues } | ListFormRefusal;

/** A posted id field (the form's hidden cardId/categoryId): trimmed digits, 1..MAX_INT4. */
const idText = z
  .string()
  .trim()
  .regex(/^\d{1,10}$/)
  .transform(Number)
  .pipe(z.number().int().min(1).max(MAX_INT4));

/** A ticked checkbox posts "on" (or whatever value it carries): any non-empty value counts. */
function ticked(value: string | undefined): boolean {
  return value !== undefined && value.trim() !== "";
}

function parseQuantity(text: string | undefined): number | RowError {
  const value = (text ?? "").trim();
  if (value === "") return { field: "qty", message: LIST_MESSAGES.quantityMissing };
  if (!/^\d{1,4}$/.test(value)) return { field: "qty", message: LIST_MESSAGES.quantity };
  return Number(value);
}

function parsePrice(text: string | undefined): number | RowError {
  const value = (text ?? "").trim();
  if (value === "") return { field: "price", message: LIST_MESSAGES.priceMissing };
  const parsed = parsePounds(value);
  if (parsed === null) return { field: "price", message: LIST_MESSAGES.price };
  if (parsed < 1 || parsed > MAX_PRICE_PENCE) return { field: "price", message: LIST_MESSAGES.priceRange };
  return parsed;
}

function parseMember(text: string | undefined, price: number): number | null | RowError {
  const value = (text ?? "").trim();
  if (value === "") return null;
  const parsed = parsePounds(value);
  if (parsed === null) return { field: "member", message: LIST_MESSAGES.member };
  if (parsed < 1 || parsed > MAX_PRICE_PENCE) return { field: "member", message: LIST_MESSAGES.memberRange };
  if (parsed > price) return { field: "member", message: LIST_MESSAGES.memberAbovePrice };
  return parsed;
}

const isError = (value: unknown): value is RowError => typeof value === "object" && value !== null && "message" in value;

/**
 * Reads the listing form. `get` returns a field's posted text (the first, if repeated). Only
 * ticked rows count; every ticked row is checked, so one answer names every row to fix.
 */
export function parseListForm(get: (name: string) => string | undefined): ParsedListForm {
  const values: FormValues = {};
  const read = (name: string) => {
    const value = get(name);
    if (value !== undefined) values[name] = value.slice(0, 200);
    return value;
  };

  const cardId = idText.safeParse(read("cardId") ?? "");
  const language = (read("language") ?? DEFAULT_CARD_LANGUAGE).trim();
  const categoryText = (read("categoryId") ?? "").trim();
  const categoryId = categoryText === "" ? null : idText.safeParse(categoryText);

  const rows: ListRow[] = [];
  const rowErrors: RowErrors = {};
  for (const printing of PRINTINGS) {
    for (const condition of CONDITIONS) {
      const key = rawRowKey(condition, printing);
      const on = read(fieldName(key, "on"));
      const qtyText = read(fieldName(key, "qty"));
      const priceText = read(fieldName(key, "price"));
      const memberText = read(fieldName(key, "member"));
      if (!ticked(on)) continue;
      const qty = parseQuantity(qtyText);
      const price = parsePrice(priceText);
      const member = isError(price) ? null : parseMember(memberText, price);
      const problem = [qty, price, member].find(isError);
      if (problem) rowErrors[key] = problem;
      else rows.push({ key, kind: "raw", condition, printing, quantity: qty as number, price: price as number, memberPrice: member as number | null });
    }
  }
  const slabs = new Set<string>();
  for (let slot = 0; slot < GRADED_ROW_SLOTS; slot++) {
    const key = gradedRowKey(slot);
    const on = read(fieldName(key, "on"));
    const grader = (read(fieldName(key, "grader")) ?? "").trim();
    const grade = (read(fieldName(key, "grade")) ?? "").trim();
    const qtyText = read(fieldName(key, "qty"));
    const priceText = read(fieldName(key, "price"));
    const memberText = read(fieldName(key, "member"));
    if (!ticked(on)) continue;
    if (!(GRADERS as readonly string[]).includes(grader)) {
      rowErrors[key] = { field: "grader", message: LIST_MESSAGES.grader };
      continue;
    }
    if (!(GRADES as readonly string[]).includes(grade)) {
      rowErrors[key] = { field: "grade", message: LIST_MESSAGES.grade };
      continue;
    }
    if (slabs.has(`${grader} ${grade}`)) {
      rowErrors[key] = { field: "grade", message: LIST_MESSAGES.gradedTwice };
      continue;
    }
    slabs.add(`${grader} ${grade}`);
    const qty = parseQuantity(qtyText);
    const price = parsePrice(priceText);
    const member = isError(price) ? null : parseMember(memberText, price);
    const problem = [qty, price, member].find(isError);
    if (problem) rowErrors[key] = problem;
    else
      rows.push({
        key,
        kind: "graded",
        grader: grader as Grader,
        grade: grade as (typeof GRADES)[number],
        quantity: qty as number,
        price: price as number,
        memberPrice: member as number | null,
      });
  }

  const refuse = (message: string, field?: "category" | "language") => ({ ok: false as const, message, field, rowErrors, values });
  if (!cardId.success) return refuse(LIST_MESSAGES.pickCard);
  const errorCount = Object.keys(rowErrors).length;
  if (errorCount > 0) return refuse(LIST_MESSAGES.rowsNeedAttention(errorCount));
  if (!CARD_LANGUAGES.includes(language)) return refuse(LIST_MESSAGES.language, "language");
  if (categoryId !== null && !categoryId.success) return refuse(LIST_MESSAGES.category, "category");
  if (rows.length === 0) return refuse(LIST_MESSAGES.nothingTicked);
  return { ok: true, input: { cardId: cardId.data, language, categoryId: categoryId === null ? null : categoryId.data, rows }, values };
}

// ---- What the screens show ----------------------------------------------------------------------

/** A card as the search results and the listing form show it. */
export interface CardSummary {
  id: number;
  name: string;
  localNumber: string;
  rarity: string | null;
  setCode: string;
  setName: string;
  officialCardCount: number | null;
  releaseDate: string | null;
  /** Printings the card exists in (PRINTINGS order); null when the card data did not say. */
  printings: Printing[] | null;
  /** The product name it is (or would be) listed as. */
  title: string;
}

export interface CardSearchHit extends CardSummary {
  /** The card's product, when it has one. */
  listed: { productId: number; slug: string; variants: number; stock: number } | null;
}

export interface VariantView {
  id: number;
  condition: string | null;
  printing: string | null;
  language: string | null;
  grader: string | null;
  grade: string | null;
  price: number;
  premiumPrice: number | null;
  stock: number;
  label: string;
}

export interface CategoryOption {
  id: number;
  name: string;
  /** False when the category or its language is hidden from the shop. */
  isVisible: boolean;
  languageCode: string;
  languageName: string;
}

/**
 * Suggested prices in pence for the rows of the form, by row key (e.g. from market prices). The
 * market module fills these in through the suggester given to getSingleListing; none by default.
 */
export type PriceSuggestions = Partial<Record<RowKey, number>>;

/** Everything the listing form needs about one card. */
export interface SingleListing {
  card: CardSummary;
  product: { id: number; slug: string; name: string; isVisible: boolean; categoryName: string } | null;
  variants: VariantView[];
  /** The printing columns offered: the card's printings, or every printing when unknown. */
  printings: Printing[];
  categories: CategoryOption[];
  /** The category a new product goes to unless the admin picks one, per language code. */
  singlesCategoryByLanguage: Record<string, number>;
  suggestions: PriceSuggestions;
}

export interface RecentSingle {
  productId: number;
  cardId: number;
  name: string;
  slug: string;
  isVisible: boolean;
  setCode: string;
  createdAt: Date;
  variants: VariantView[];
}

export interface RecentSinglesPage {
  singles: RecentSingle[];
  page: number;
  hasNextPage: boolean;
  total: number;
}

/** The notice after listing: the card, its link, and its variants' stock now. */
export interface ListedNotice {
  productId: number;
  name: string;
  slug: string;
  isVisible: boolean;
  variants: VariantView[];
}

export const ROW_LABELS = {
  raw: (condition: Condition, printing: Printing) => `${CONDITION_LABELS[condition]} · ${PRINTING_LABELS[printing]}`,
  graded: (slot: number) => `Graded slab ${slot + 1}`,
  grader: (grader: Grader) => GRADER_LABELS[grader],
};
