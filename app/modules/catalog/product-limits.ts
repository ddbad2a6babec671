/**
 * The bounds of a product's fields, one home for every way a product is written: the product
 * editor (product-form.ts), "add single" (singles.ts) and the CSV import (product-csv.ts). A
 * product imported from a file can always be saved again in the editor, and the other way round.
 * Typo guards, not business rules: nothing the shop sells comes near them.
 */
export const PRODUCT_LIMITS = {
  nameLength: 200,
  descriptionLength: 10_000,
  /** A limit per customer above this is a typo: leave it empty for "no limit". */
  limitPerCustomer: 9_999,
  /** Units of one variant: a few extra digits typed by mistake are refused. */
  stock: 999_999,
  /** Release dates from this year… */
  earliestReleaseYear: 1990,
  /** …to this one. */
  latestReleaseYear: 2100,
} as const;
