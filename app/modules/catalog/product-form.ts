/**
 * The back office's product editor (issue 14): slug rules, UK dates, the forms' parsing and every
 * message the editor shows. Pure and client-safe (no database): the module
 * (product-admin.server.ts), the routes and the screens share it, so a rule the form shows is the
 * rule the server enforces. Prices are typed in pounds and read by the one parser in
 * app/utils/money.ts.
 */
import { formatUkDate, parseUkDate } from "~/utils/uk-date";
import { MAX_PRICE_PENCE } from "~/config/constants";
import { PRODUCT_LIMITS } from "./product-limits";
import { isSlug, MAX_SLUG_LENGTH, slugify } from "~/utils/slug";
import { parsePounds, penceToPounds } from "~/utils/money";
import { CARD_LANGUAGE_LABELS, CONDITIONS, GRADERS, GRADES, PRINTINGS, type Condition, type Grader, type Printing } from "./variants";
import { MAX_INT4 } from "~/utils/db-id";

export const MAX_PRODUCT_NAME_LENGTH = PRODUCT_LIMITS.nameLength;
export { MAX_SLUG_LENGTH };
export const MAX_DESCRIPTION_LENGTH = PRODUCT_LIMITS.descriptionLength;
export const MAX_LIMIT_PER_CUSTOMER = PRODUCT_LIMITS.limitPerCustomer;
export const MAX_EDITOR_STOCK = PRODUCT_LIMITS.stock;
export const MAX_STOCK_NOTE_LENGTH = 500;
/** Stock history rows per page on the product's admin page. */
export const STOCK_HISTORY_PAGE_SIZE = 20;

export const PRODUCT_TEXT = {
  resend: "Please send the form again.",
  fix: "Please correct the highlighted fields.",
  notFound: "That product does not exist.",
  variantNotFound: "That variant is not part of this product.",
  name: `Enter a name (up to ${MAX_PRODUCT_NAME_LENGTH} characters).`,
  slug: "A slug may use lowercase letters, digits and single hyphens between them (e.g. pokemon-151-booster-box).",
  slugTaken: (slug: string, suggestion: string) => `The slug “${slug}” is already used by another product. “${suggestion}” is free.`,
  description: `Keep the description under ${MAX_DESCRIPTION_LENGTH.toLocaleString("en-GB")} characters.`,
  category: "Choose a category.",
  visibility: "Choose whether the shop shows the product.",
  releaseDate: "Enter the release date as day/month/year, e.g. 24/12/2026, or leave it empty.",
  limit: `Enter a limit per customer from 1 to ${MAX_LIMIT_PER_CUSTOMER.toLocaleString("en-GB")}, or leave it empty for no limit.`,
  price: `Enter the price in pounds, e.g. 12.50 (at most £${(MAX_PRICE_PENCE / 100).toLocaleString("en-GB")}).`,
  member: "Enter the member price in pounds, e.g. 11.00, or leave it empty for none.",
  memberAbovePrice: "The member price cannot be more than the price.",
  stock: `Enter the stock as a whole number from 0 to ${MAX_EDITOR_STOCK.toLocaleString("en-GB")}.`,
  // Notices after a change that worked are PRODUCT_NOTICES (product-admin-view.ts): they follow a redirect.
  variantExists: "This product already has a variant with that condition, printing and language.",
  variantInUse: "This variant has been ordered or is held by a checkout: it cannot be removed. Set its stock to 0 instead.",
  lastVariant: "A product keeps at least one variant.",
  sealedOneVariant: "A sealed product has exactly one variant.",
  singleNoDuplicate: "A card is listed once: a single cannot be duplicated. Add a variant to it instead.",
  hasOrders: "This product has been ordered, so it is kept for the order history: hide it instead of deleting it.",
  confirmDelete: "Tick the box to confirm the deletion.",
  stockMode: "Choose whether to set a new count or add/remove units.",
  stockAmount: `Enter a whole number of units (set: 0 to ${MAX_EDITOR_STOCK.toLocaleString("en-GB")}; add/remove: e.g. 5 or -2, not 0).`,
  stockReason: "Choose a reason for the change.",
  stockNote: `Say what happened (up to ${MAX_STOCK_NOTE_LENGTH} characters): a reason of “Other” needs a note.`,
  stockBelowZero: (stock: number, delta: number) =>
    `Stock is ${stock.toLocaleString("en-GB")} (units held by checkouts already taken off): removing ${Math.abs(delta).toLocaleString("en-GB")} would take it below 0.`,
  stockTooHigh: `Stock cannot go above ${MAX_EDITOR_STOCK.toLocaleString("en-GB")}.`,
  attributes: "Choose a condition and printing, or a grader and grade, and a language.",
} as const;

// ---- Slugs ---------------------------------------------------------------------------------

/** A product's URL name made from its name ("product" when the name has no letter or digit). */
export function productSlug(name: string): string {
  return slugify(name) || "product";
}

// ---- UK dates ------------------------------------------------------------------------------

/** A release date as typed in the UK → "YYYY-MM-DD", within the product bounds' years (utils/uk-date.ts). */
export function parseReleaseDate(text: string): string | null {
  return parseUkDate(text, { earliestYear: PRODUCT_LIMITS.earliestReleaseYear, latestYear: PRODUCT_LIMITS.latestReleaseYear });
}

// ---- Forms ---------------------------------------------------------------------------------

export type FormValues = Record<string, string>;
export type FieldErrors = Partial<Record<string, string>>;
type Get = (name: string) => string | undefined;

export interface ProductFieldsInput {
  name: string;
  slug: string;
  description: string | null;
  isVisible: boolean;
  categoryId: number;
  releaseDate: string | null;
  limitPerCustomer: number | null;
}

/** The sealed product's one variant, as the editor sets it (stock only when creating). */
export interface SealedVariantInput {
  price: number;
  premiumPrice: number | null;
  stock: number;
}

export type Parsed<T> = { ok: true; input: T; values: FormValues } | { ok: false; errors: FieldErrors; values: FormValues };

function wholeNumber(text: string, min: number, max: number): number | null {
  const t = text.trim();
  if (!/^\d{1,9}$/.test(t)) return null;
  const n = Number(t);
  return n >= min && n <= max ? n : null;
}

/** Price and member price: errors under `priceKey`/`memberKey`. */
function readPrices(price: string, member: string, errors: FieldErrors, priceKey: string, memberKey: string) {
  const pricePence = parsePounds(price);
  if (pricePence === null || pricePence > MAX_PRICE_PENCE) errors[priceKey] = PRODUCT_TEXT.price;
  let memberPence: number | null = null;
  if (member.trim() !== "") {
    memberPence = parsePounds(member);
    if (memberPence === null || memberPence > MAX_PRICE_PENCE) errors[memberKey] = PRODUCT_TEXT.member;
    else if (pricePence !== null && memberPence > pricePence) errors[memberKey] = PRODUCT_TEXT.memberAbovePrice;
  }
  return { price: pricePence ?? 0, premiumPrice: memberPence };
}

function readLimit(text: string, errors: FieldErrors, key: string): number | null {
  if (text.trim() === "") return null;
  const n = wholeNumber(text, 1, MAX_LIMIT_PER_CUSTOMER);
  if (n === null) errors[key] = PRODUCT_TEXT.limit;
  return n;
}

const PRODUCT_FIELDS = ["name", "slug", "description", "visibility", "categoryId", "releaseDate", "limit"] as const;
const SEALED_FIELDS = ["price", "member", "stock"] as const;

/**
 * The product form: the product's own fields, and for a sealed product its variant's price,
 * member price and (when creating) opening stock. An empty slug is made from the name. `values`
 * is everything typed, to show back on a refusal.
 */
export function parseProductForm(
  get: Get,
  options: { sealed: boolean; withStock: boolean },
): Parsed<{ product: ProductFieldsInput; sealed: SealedVariantInput | null }> {
  const fields = [...PRODUCT_FIELDS, ...(options.sealed ? SEALED_FIELDS.filter((f) => f !== "stock" || options.withStock) : [])];
  const values: FormValues = Object.fromEntries(fields.map((f) => [f, get(f) ?? ""]));
  const errors: FieldErrors = {};

  const name = values.name!.trim().replace(/\s+/g, " ");
  if (name === "" || name.length > MAX_PRODUCT_NAME_LENGTH) errors.name = PRODUCT_TEXT.name;
  const slug = values.slug!.trim() === "" ? (name ? productSlug(name) : "") : values.slug!.trim();
  if (!errors.name && !isSlug(slug)) errors.slug = PRODUCT_TEXT.slug;
  const description = values.description!.replace(/\r\n/g, "\n").trim();
  if (description.length > MAX_DESCRIPTION_LENGTH) errors.description = PRODUCT_TEXT.description;
  const visibility = values.visibility;
  if (visibility !== "visible" && visibility !== "hidden") errors.visibility = PRODUCT_TEXT.visibility;
  const categoryId = wholeNumber(values.categoryId!, 1, MAX_INT4);
  if (categoryId === null) errors.categoryId = PRODUCT_TEXT.category;
  let releaseDate: string | null = null;
  if (values.releaseDate!.trim() !== "") {
    releaseDate = parseReleaseDate(values.releaseDate!);
    if (releaseDate === null) errors.releaseDate = PRODUCT_TEXT.releaseDate;
  }
  const limitPerCustomer = readLimit(values.limit!, errors, "limit");

  let sealed: SealedVariantInput | null = null;
  if (options.sealed) {
    const prices = readPrices(values.price!, values.member!, errors, "price", "member");
    let stock = 0;
    if (options.withStock) {
      const typed = values.stock!.trim() === "" ? 0 : wholeNumber(values.stock!, 0, MAX_EDITOR_STOCK);
      if (typed === null) errors.stock = PRODUCT_TEXT.stock;
      else stock = typed;
    }
    sealed = { ...prices, stock };
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors, values };
  return {
    ok: true,
    values,
    input: {
      product: { name, slug, description: description || null, isVisible: visibility === "visible", categoryId: categoryId!, releaseDate, limitPerCustomer },
      sealed,
    },
  };
}

/** The form's values for an existing product (what the editor starts from). */
export function productFormValues(p: {
  name: string;
  slug: string;
  description: string | null;
  isVisible: boolean;
  categoryId: number;
  releaseDate: string | null;
  limitPerCustomer: number | null;
  sealed: { price: number; premiumPrice: number | null } | null;
}): FormValues {
  return {
    name: p.name,
    slug: p.slug,
    description: p.description ?? "",
    visibility: p.isVisible ? "visible" : "hidden",
    categoryId: String(p.categoryId),
    releaseDate: formatUkDate(p.releaseDate),
    limit: p.limitPerCustomer === null ? "" : String(p.limitPerCustomer),
    ...(p.sealed ? { price: penceToPounds(p.sealed.price), member: p.sealed.premiumPrice === null ? "" : penceToPounds(p.sealed.premiumPrice) } : {}),
  };
}

// ---- A single's variants -------------------------------------------------------------------

/** Field names of one variant's row in the variants table: `v12.price`. */
export function variantField(variantId: number, field: "price" | "member" | "limit" | "pinned"): string {
  return `v${variantId}.${field}`;
}

export interface VariantEditInput {
  variantId: number;
  price: number;
  premiumPrice: number | null;
  limitPerCustomer: number | null;
  pricePinned: boolean;
}

/** The variants table: each listed variant's price, member price, own limit and pinned flag. */
export function parseVariantsForm(get: Get, variantIds: readonly number[]): Parsed<VariantEditInput[]> {
  const values: FormValues = {};
  const errors: FieldErrors = {};
  const rows: VariantEditInput[] = [];
  for (const id of variantIds) {
    for (const f of ["price", "member", "limit", "pinned"] as const) values[variantField(id, f)] = get(variantField(id, f)) ?? "";
    const prices = readPrices(values[variantField(id, "price")]!, values[variantField(id, "member")]!, errors, variantField(id, "price"), variantField(id, "member"));
    const limit = readLimit(values[variantField(id, "limit")]!, errors, variantField(id, "limit"));
    rows.push({ variantId: id, ...prices, limitPerCustomer: limit, pricePinned: values[variantField(id, "pinned")] === "on" });
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors, values };
  return { ok: true, input: rows, values };
}

export interface NewVariantInput {
  condition: Condition | null;
  printing: Printing | null;
  language: string;
  grader: Grader | null;
  grade: string | null;
  price: number;
  premiumPrice: number | null;
  stock: number;
}

const NEW_VARIANT_FIELDS = ["new.kind", "new.condition", "new.printing", "new.language", "new.grader", "new.grade", "new.price", "new.member", "new.stock"] as const;

/** "Add a variant" of a single: raw (condition × printing × language) or graded (grader × grade × language). */
export function parseNewVariantForm(get: Get): Parsed<NewVariantInput> {
  const values: FormValues = Object.fromEntries(NEW_VARIANT_FIELDS.map((f) => [f, get(f) ?? ""]));
  const errors: FieldErrors = {};
  const graded = values["new.kind"] === "graded";
  const language = values["new.language"]!;
  const condition = CONDITIONS.find((c) => c === values["new.condition"]) ?? null;
  const printing = PRINTINGS.find((p) => p === values["new.printing"]) ?? null;
  const grader = GRADERS.find((g) => g === values["new.grader"]) ?? null;
  const grade = GRADES.find((g) => g === values["new.grade"]) ?? null;
  if (!Object.hasOwn(CARD_LANGUAGE_LABELS, language) || (graded ? !grader || !grade : !condition || !printing)) errors["new.kind"] = PRODUCT_TEXT.attributes;
  const prices = readPrices(values["new.price"]!, values["new.member"]!, errors, "new.price", "new.member");
  const stock = values["new.stock"]!.trim() === "" ? 0 : wholeNumber(values["new.stock"]!, 0, MAX_EDITOR_STOCK);
  if (stock === null) errors["new.stock"] = PRODUCT_TEXT.stock;
  if (Object.keys(errors).length > 0) return { ok: false, errors, values };
  return {
    ok: true,
    values,
    input: {
      condition: graded ? null : condition,
      printing: graded ? null : printing,
      language,
      grader: graded ? grader : null,
      grade: graded ? grade : null,
      ...prices,
      stock: stock!,
    },
  };
}

// ---- Stock adjustments ---------------------------------------------------------------------

/** Why an admin changed stock by hand: the first part of the ledger row's note. */
export const STOCK_ADJUST_REASONS = ["count", "delivery", "damaged", "lost", "returned", "correction", "other"] as const;
export type StockAdjustReason = (typeof STOCK_ADJUST_REASONS)[number];
export const STOCK_ADJUST_REASON_LABELS: Record<StockAdjustReason, string> = {
  count: "Stock count",
  delivery: "Delivery received",
  damaged: "Damaged",
  lost: "Lost or stolen",
  returned: "Returned by a customer",
  correction: "Correcting a mistake",
  other: "Other",
};

export type StockAdjustment = { variantId: number; note: string } & ({ mode: "set"; stock: number } | { mode: "delta"; delta: number });

/** The adjust-stock form of one variant: set a count or add/remove units, a reason, a note. */
export function parseStockAdjustment(get: Get): Parsed<StockAdjustment> {
  const values: FormValues = Object.fromEntries(["variantId", "mode", "amount", "reason", "note"].map((f) => [f, get(f) ?? ""]));
  const errors: FieldErrors = {};
  const variantId = wholeNumber(values.variantId!, 1, MAX_INT4);
  if (variantId === null) errors.form = PRODUCT_TEXT.variantNotFound;
  const mode = values.mode;
  const amount = values.amount!.trim().replace(/^\+/, "");
  let figure: number | null = null;
  if (mode !== "set" && mode !== "delta") errors.mode = PRODUCT_TEXT.stockMode;
  else if (mode === "set") figure = wholeNumber(amount, 0, MAX_EDITOR_STOCK);
  else if (/^-?\d{1,7}$/.test(amount) && Number(amount) !== 0 && Math.abs(Number(amount)) <= MAX_EDITOR_STOCK) figure = Number(amount);
  if (!errors.mode && figure === null) errors.amount = PRODUCT_TEXT.stockAmount;
  const reason = STOCK_ADJUST_REASONS.find((r) => r === values.reason);
  if (!reason) errors.reason = PRODUCT_TEXT.stockReason;
  const note = values.note!.trim().replace(/\s+/g, " ");
  if (note.length > MAX_STOCK_NOTE_LENGTH || (reason === "other" && note === "")) errors.note = PRODUCT_TEXT.stockNote;
  if (Object.keys(errors).length > 0) return { ok: false, errors, values };
  const ledgerNote = note ? `${STOCK_ADJUST_REASON_LABELS[reason!]}: ${note}` : STOCK_ADJUST_REASON_LABELS[reason!];
  const input: StockAdjustment = mode === "set" ? { variantId: variantId!, note: ledgerNote, mode, stock: figure! } : { variantId: variantId!, note: ledgerNote, mode: "delta", delta: figure! };
  return { ok: true, input, values };
}
