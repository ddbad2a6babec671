/**
 * What a variant is called and how a URL names it: the one home of condition, printing and
 * grader labels, the order variants are listed in, the `?condition=lp&printing=holo` query that
 * picks one on a product page, and the schema.org itemCondition. Client-safe (no database).
 */

import { isSealedVariant, type VariantAttributes } from "./variant-query";

// What a product page needs before its labels (decision 0051): the attributes, the sealed test and
// the query live in variant-query.ts, the limits in variant-limits.ts; re-exported here so callers
// keep one import.
export { isSealedVariant, pickVariant, variantQuery, type VariantAttributes } from "./variant-query";
export { applicableLimit, limitFor, limitScopeKey, type LimitScope } from "./variant-limits";

export const CONDITIONS = ["nm", "lp", "mp", "hp", "dmg"] as const;
export type Condition = (typeof CONDITIONS)[number];

export const CONDITION_LABELS: Record<Condition, string> = {
  nm: "Near Mint",
  lp: "Lightly Played",
  mp: "Moderately Played",
  hp: "Heavily Played",
  dmg: "Damaged",
};

export const PRINTINGS = ["normal", "holo", "reverse_holo", "first_edition"] as const;
export type Printing = (typeof PRINTINGS)[number];

export const PRINTING_LABELS: Record<Printing, string> = {
  normal: "Normal",
  holo: "Holo",
  reverse_holo: "Reverse Holo",
  first_edition: "1st Edition",
};

export const GRADERS = ["psa", "bgs", "cgc", "ace", "sgc", "tag"] as const;
export type Grader = (typeof GRADERS)[number];

export const GRADER_LABELS: Record<Grader, string> = {
  psa: "PSA",
  bgs: "BGS",
  cgc: "CGC",
  ace: "ACE",
  sgc: "SGC",
  tag: "TAG",
};

/** Grades a slab can carry, best first ("10", "9.5", … "1"). */
export const GRADES = ["10", "9.5", "9", "8.5", "8", "7.5", "7", "6.5", "6", "5.5", "5", "4.5", "4", "3.5", "3", "2.5", "2", "1.5", "1"] as const;

/** Print languages a single can be in (lower-case codes, as stored); the label is for display. */
export const CARD_LANGUAGE_LABELS: Record<string, string> = {
  en: "English",
  ja: "Japanese",
  "zh-cn": "Chinese (Simplified)",
  "zh-tw": "Chinese (Traditional)",
  ko: "Korean",
  th: "Thai",
  id: "Indonesian",
  de: "German",
  fr: "French",
  it: "Italian",
  es: "Spanish",
  pt: "Portuguese",
};

export function isCondition(value: unknown): value is Condition {
  return typeof value === "string" && (CONDITIONS as readonly string[]).includes(value);
}
export function isPrinting(value: unknown): value is Printing {
  return typeof value === "string" && (PRINTINGS as readonly string[]).includes(value);
}
export function isGrader(value: unknown): value is Grader {
  return typeof value === "string" && (GRADERS as readonly string[]).includes(value);
}

export function conditionLabel(code: string): string {
  return isCondition(code) ? CONDITION_LABELS[code] : code;
}
export function printingLabel(code: string): string {
  return isPrinting(code) ? PRINTING_LABELS[code] : code;
}
export function languageLabel(code: string): string {
  return CARD_LANGUAGE_LABELS[code] ?? code.toUpperCase();
}

/**
 * "Lightly Played · Holo · English", "PSA 10"; null for a sealed product's one variant. Order
 * lines keep this as a snapshot, so a sold variant reads the same after it changes.
 */
export function variantLabel(v: VariantAttributes): string | null {
  if (v.grader !== null) {
    const slab = `${isGrader(v.grader) ? GRADER_LABELS[v.grader] : v.grader.toUpperCase()} ${v.grade ?? ""}`.trim();
    return v.language === null ? slab : `${slab} · ${languageLabel(v.language)}`;
  }
  const parts = [
    v.condition === null ? null : conditionLabel(v.condition),
    v.printing === null ? null : printingLabel(v.printing),
    v.language === null ? null : languageLabel(v.language),
  ].filter((p): p is string => p !== null);
  return parts.length === 0 ? null : parts.join(" · ");
}

/** Short form for tight spaces (cart rows on a phone): "LP · Holo · EN", "PSA 10". */
export function variantShortLabel(v: VariantAttributes): string | null {
  if (v.grader !== null) return variantLabel(v);
  const parts = [
    v.condition === null ? null : v.condition.toUpperCase(),
    v.printing === null ? null : printingLabel(v.printing),
    v.language === null ? null : v.language.toUpperCase(),
  ].filter((p): p is string => p !== null);
  return parts.length === 0 ? null : parts.join(" · ");
}

/** Variants in the order a customer compares them: raw before graded, best condition first, then printing, language, grade. */
export function compareVariants(a: VariantAttributes, b: VariantAttributes): number {
  const rank = (list: readonly string[], value: string | null) => (value === null ? -1 : list.indexOf(value) === -1 ? list.length : list.indexOf(value));
  return (
    Number(a.grader !== null) - Number(b.grader !== null) ||
    rank(CONDITIONS, a.condition) - rank(CONDITIONS, b.condition) ||
    rank(PRINTINGS, a.printing) - rank(PRINTINGS, b.printing) ||
    (a.language ?? "").localeCompare(b.language ?? "") ||
    rank(GRADERS, a.grader) - rank(GRADERS, b.grader) ||
    rank(GRADES, a.grade) - rank(GRADES, b.grade)
  );
}

/**
 * schema.org itemCondition: sealed product is new; a single, however well kept, has been opened
 * and is sold as used (Near Mint included); a damaged card as damaged. A slab is used too, its
 * grade in the offer's name (schema.org has no graded condition).
 */
export function schemaOrgItemCondition(v: VariantAttributes): string {
  if (isSealedVariant(v)) return "https://schema.org/NewCondition";
  if (v.condition === "dmg") return "https://schema.org/DamagedCondition";
  return "https://schema.org/UsedCondition";
}
