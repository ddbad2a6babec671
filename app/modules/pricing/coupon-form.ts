/**
 * The admin coupon form (/admin/coupons/new, /admin/coupons/:code): its fields, how what the
 * admin typed becomes a coupon (pounds → pence, shop-time dates → instants), every message, and
 * the shapes the pages show. Plain (no `.server`): the page renders these texts and shapes and
 * puts the typed values back after a refusal; the action parses with the same function.
 */
import { z } from "zod";
import { SHOP_TIME_ZONE } from "~/config/constants";
import { normaliseCouponCode } from "./pricing";

export const COUPON_KINDS = ["percent", "amount"] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/** Most a fixed amount or a minimum spend may be (£100,000): a typo guard, not a business rule. */
export const MAX_COUPON_PENCE = 10_000_000;
export const MAX_REDEMPTION_LIMIT = 1_000_000;
export const COUPON_NOTE_MAX = 500;
export const COUPON_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;
/** "new" is the create page's own URL segment (URLs match without case), so no coupon may be called that. */
export const RESERVED_COUPON_CODES = new Set(["NEW"]);

export const COUPON_TEXT = {
  resend: "Please send the form again.",
  fix: "Please correct the fields marked below.",
  codeRequired: "Enter a code.",
  codeShape: "Use 3 to 32 letters, digits, hyphens or underscores, starting with a letter or digit.",
  codeReserved: 'The code "NEW" is reserved by the admin pages. Please choose another.',
  codeTaken: (code: string) => `A coupon with the code ${code} already exists. Codes are matched without case, so please choose another.`,
  kind: "Choose a percentage or a fixed amount off.",
  percent: "Enter a whole percentage from 1 to 100.",
  amount: "Enter an amount in pounds above £0, e.g. 5 or 7.50.",
  minSpend: "Enter a minimum spend in pounds, e.g. 25 or 19.99, or leave it empty for none.",
  date: "Enter a date and time, or leave it empty.",
  untilBeforeFrom: "The end must be after the start.",
  limit: "Enter a whole number of at least 1, or leave it empty for no limit.",
  categories: "One of the chosen categories no longer exists. Please choose again.",
  note: `Keep the note under ${COUPON_NOTE_MAX} characters.`,
  notFound: "There is no coupon with that code.",
  created: (code: string) => `Coupon ${code} created.`,
  saved: (code: string) => `Coupon ${code} saved.`,
  unchanged: (code: string) => `Nothing changed: coupon ${code} was already like this.`,
  deactivated: (code: string) => `Coupon ${code} deactivated: checkout no longer accepts it. Orders that used it keep their discount.`,
  activated: (code: string) => `Coupon ${code} is active again.`,
} as const;

/** The form's text fields, as typed. */
export const COUPON_TEXT_FIELDS = [
  "code",
  "kind",
  "percentOff",
  "amountOff",
  "validFrom",
  "validUntil",
  "minSpend",
  "maxRedemptions",
  "maxRedemptionsPerCustomer",
  "note",
] as const;
export type CouponTextField = (typeof COUPON_TEXT_FIELDS)[number];
export type CouponField = CouponTextField | "categoryIds";

/** What the admin typed (every field a string; categories as the ticked ids), kept for a refusal. */
export type CouponFormValues = Partial<Record<CouponTextField, string>> & { categoryIds?: string[] };
export type CouponFieldErrors = Partial<Record<CouponField, string>>;

/** A coupon as the form saves it: money in pence, dates as instants, null = not set. */
export interface CouponInput {
  code: string;
  percentOff: number | null;
  amountOff: number | null;
  validFrom: Date | null;
  validUntil: Date | null;
  minSpend: number | null;
  maxRedemptions: number | null;
  maxRedemptionsPerCustomer: number | null;
  categoryIds: number[];
  note: string | null;
}

export type CouponFormParse = { ok: true; input: CouponInput; values: CouponFormValues } | { ok: false; errors: CouponFieldErrors; values: CouponFormValues };

/** What the create and edit actions answer when they refuse (the page shows it and the typed values). */
export interface CouponFormRefusal {
  ok: false;
  message: string;
  errors: CouponFieldErrors;
  values: CouponFormValues;
}

/** A coupon as the admin pages show it. Dates as ISO strings once serialised. */
export interface AdminCoupon {
  code: string;
  percentOff: number | null;
  amountOff: number | null;
  active: boolean;
  validFrom: Date | null;
  validUntil: Date | null;
  minSpend: number | null;
  maxRedemptions: number | null;
  maxRedemptionsPerCustomer: number | null;
  note: string | null;
  createdAt: Date;
  categoryIds: number[];
  usage: CouponUsage;
}

/** How often a code has been used, counted as checkout counts it (decision 0018). */
export interface CouponUsage {
  /** Orders holding the code now (awaiting payment, paid, dispatched): what the limits count. */
  redemptions: number;
  /** Of those, awaiting payment. */
  pending: number;
  /** Different customers among them. */
  customers: number;
  /** Discount given on paid orders (paid or dispatched), pence. */
  discountGiven: number;
}

export interface CategoryOption {
  id: number;
  name: string;
  languageName: string;
}

/** One order that used a coupon, for the coupon's page. */
export interface CouponOrder {
  id: number;
  createdAt: Date;
  status: string;
  email: string;
  discountAmount: number;
  totalAmount: number;
}

// ---- Pounds and shop-time dates ----------------------------------------------------------------

// Typed pounds → pence has one home (app/utils/money.ts); re-exported for the coupon form.
import { parsePounds, penceToPounds } from "~/utils/money";
export { parsePounds, penceToPounds };

// Shop-clock date-times have one home (app/utils/uk-date.ts); re-exported for the coupon form.
import { parseShopDateTime, SKIPPED_TIME_TEXT, toShopDateTimeInput } from "~/utils/uk-date";
export { parseShopDateTime, toShopDateTimeInput };

const shopDateFormat = new Intl.DateTimeFormat("en-GB", { timeZone: SHOP_TIME_ZONE, dateStyle: "medium", timeStyle: "short" });

/** An instant as the admin pages say it, on the shop's clock: "24 Dec 2026, 18:00". */
export function formatShopDateTime(at: Date | string): string {
  return shopDateFormat.format(typeof at === "string" ? new Date(at) : at);
}

// ---- The form ----------------------------------------------------------------------------------

/**
 * Reads the form: `get` gives one field's value, `getAll` a repeated field's. On create the code
 * is typed; on edit it comes from the URL (`fixedCode`) and any posted code is ignored.
 */
export function parseCouponForm(
  get: (name: string) => string | undefined,
  getAll: (name: string) => string[],
  fixedCode: string | null = null,
): CouponFormParse {
  const values: CouponFormValues = {};
  for (const field of COUPON_TEXT_FIELDS) {
    const raw = get(field);
    if (raw !== undefined) values[field] = raw.slice(0, field === "note" ? COUPON_NOTE_MAX + 100 : 200);
  }
  values.categoryIds = getAll("categoryIds").slice(0, 500);
  if (fixedCode !== null) values.code = fixedCode;
  const errors: CouponFieldErrors = {};

  const code = normaliseCouponCode(values.code);
  if (!code) errors.code = COUPON_TEXT.codeRequired;
  // An existing code is what it is (one set up in SQL before these pages may not fit the shape).
  else if (fixedCode === null && !COUPON_CODE_PATTERN.test(code)) errors.code = COUPON_TEXT.codeShape;
  else if (fixedCode === null && RESERVED_COUPON_CODES.has(code)) errors.code = COUPON_TEXT.codeReserved;

  const kind = z.enum(COUPON_KINDS).safeParse(values.kind);
  let percentOff: number | null = null;
  let amountOff: number | null = null;
  if (!kind.success) errors.kind = COUPON_TEXT.kind;
  else if (kind.data === "percent") {
    const text = (values.percentOff ?? "").trim().replace(/\s*%$/, "");
    const percent = /^\d{1,3}$/.test(text) ? Number(text) : NaN;
    if (!(percent >= 1 && percent <= 100)) errors.percentOff = COUPON_TEXT.percent;
    else percentOff = percent;
  } else {
    const pence = parsePounds(values.amountOff ?? "");
    if (pence === null || pence <= 0 || pence > MAX_COUPON_PENCE) errors.amountOff = COUPON_TEXT.amount;
    else amountOff = pence;
  }

  const date = (field: "validFrom" | "validUntil"): Date | null => {
    const text = (values[field] ?? "").trim();
    if (text === "") return null;
    const parsed = parseShopDateTime(text);
    if (!parsed.ok) errors[field] = parsed.skipped ? SKIPPED_TIME_TEXT : COUPON_TEXT.date;
    return parsed.ok ? parsed.at : null;
  };
  const validFrom = date("validFrom");
  const validUntil = date("validUntil");
  if (validFrom && validUntil && validUntil.getTime() <= validFrom.getTime()) errors.validUntil = COUPON_TEXT.untilBeforeFrom;

  let minSpend: number | null = null;
  if ((values.minSpend ?? "").trim() !== "") {
    minSpend = parsePounds(values.minSpend!);
    if (minSpend === null || minSpend > MAX_COUPON_PENCE) errors.minSpend = COUPON_TEXT.minSpend;
  }

  const limit = (field: "maxRedemptions" | "maxRedemptionsPerCustomer"): number | null => {
    const text = (values[field] ?? "").trim().replace(/,/g, "");
    if (text === "") return null;
    const parsed = /^\d{1,7}$/.test(text) ? Number(text) : NaN;
    if (!Number.isInteger(parsed) || parsed < 1 || parsed > MAX_REDEMPTION_LIMIT) {
      errors[field] = COUPON_TEXT.limit;
      return null;
    }
    return parsed;
  };
  const maxRedemptions = limit("maxRedemptions");
  const maxRedemptionsPerCustomer = limit("maxRedemptionsPerCustomer");

  const categoryIds = [...new Set(values.categoryIds)].map((id) => (/^\d{1,9}$/.test(id) ? Number(id) : NaN));
  if (categoryIds.some((id) => !Number.isSafeInteger(id) || id <= 0)) errors.categoryIds = COUPON_TEXT.categories;

  const note = (values.note ?? "").trim();
  if (note.length > COUPON_NOTE_MAX) errors.note = COUPON_TEXT.note;

  if (Object.keys(errors).length > 0) return { ok: false, errors, values };
  return {
    ok: true,
    values,
    input: {
      code: code!,
      percentOff,
      amountOff,
      validFrom,
      validUntil,
      minSpend: minSpend === 0 ? null : minSpend,
      maxRedemptions,
      maxRedemptionsPerCustomer,
      categoryIds: categoryIds.sort((a, b) => a - b),
      note: note === "" ? null : note,
    },
  };
}

/** What a saved coupon's form needs (dates as instants, or ISO strings once serialised). */
export type SavedCouponFields = Omit<AdminCoupon, "usage" | "createdAt" | "active" | "validFrom" | "validUntil"> & {
  validFrom: Date | string | null;
  validUntil: Date | string | null;
};

/** A saved coupon as the form's values (the edit page starts from these). */
export function couponFormValues(coupon: SavedCouponFields): CouponFormValues {
  return {
    code: coupon.code,
    kind: coupon.percentOff !== null ? "percent" : "amount",
    percentOff: coupon.percentOff !== null ? String(coupon.percentOff) : "",
    amountOff: coupon.amountOff !== null ? penceToPounds(coupon.amountOff) : "",
    validFrom: toShopDateTimeInput(coupon.validFrom),
    validUntil: toShopDateTimeInput(coupon.validUntil),
    minSpend: coupon.minSpend !== null ? penceToPounds(coupon.minSpend) : "",
    maxRedemptions: coupon.maxRedemptions !== null ? String(coupon.maxRedemptions) : "",
    maxRedemptionsPerCustomer: coupon.maxRedemptionsPerCustomer !== null ? String(coupon.maxRedemptionsPerCustomer) : "",
    categoryIds: coupon.categoryIds.map(String),
    note: coupon.note ?? "",
  };
}

/** "10% off" / "£5.00 off". */
export function discountLabel(coupon: Pick<AdminCoupon, "percentOff" | "amountOff">, formatPence: (p: number) => string): string {
  return coupon.percentOff !== null ? `${coupon.percentOff}% off` : `${formatPence(coupon.amountOff ?? 0)} off`;
}

/** Where a coupon stands now: what the list's status column says. */
export function couponState(
  coupon: Pick<AdminCoupon, "active" | "maxRedemptions" | "usage"> & { validFrom: Date | string | null; validUntil: Date | string | null },
  now: Date,
): "inactive" | "scheduled" | "expired" | "used up" | "live" {
  if (!coupon.active) return "inactive";
  if (coupon.validUntil !== null && new Date(coupon.validUntil).getTime() <= now.getTime()) return "expired";
  if (coupon.validFrom !== null && new Date(coupon.validFrom).getTime() > now.getTime()) return "scheduled";
  if (coupon.maxRedemptions !== null && coupon.usage.redemptions >= coupon.maxRedemptions) return "used up";
  return "live";
}
