/**
 * A variant's attributes, whether it is sealed product, and the `?condition=lp&printing=holo`
 * query that picks one on a product page. Kept apart from the labels (variants.ts, which
 * re-exports all of this): a product page needs these at first load, and a sealed product's page
 * never shows a label (decision 0051). Client-safe.
 */

/** The attributes that tell one variant of a product from another (all null: a sealed product). */
export interface VariantAttributes {
  condition: string | null;
  printing: string | null;
  language: string | null;
  grader: string | null;
  grade: string | null;
}

export function isSealedVariant(v: VariantAttributes): boolean {
  return v.condition === null && v.printing === null && v.language === null && v.grader === null && v.grade === null;
}

const QUERY_KEYS = ["condition", "printing", "language", "grader", "grade"] as const;

/** The query string that picks this variant on its product page ("condition=lp&printing=holo"); "" for sealed. */
export function variantQuery(v: VariantAttributes): string {
  const params = new URLSearchParams();
  for (const key of QUERY_KEYS) {
    const value = v[key];
    if (value !== null) params.set(key, value);
  }
  return params.toString();
}

/**
 * The variant a product-page URL asks for, among the product's variants: every attribute named
 * in the query must match, and attributes it leaves out may be anything. Null when the query
 * names none, or none matches.
 */
export function pickVariant<V extends VariantAttributes>(variants: readonly V[], query: URLSearchParams): V | null {
  const wanted = QUERY_KEYS.filter((key) => query.has(key));
  if (wanted.length === 0) return null;
  return variants.find((v) => wanted.every((key) => v[key] === query.get(key))) ?? null;
}
