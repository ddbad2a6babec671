/**
 * Which limit a variant is sold under (the counting rules and messages: orders/purchase-limit.ts).
 * Apart from variants.ts (which re-exports it) so the product page's first load does not carry
 * the variant labels (decision 0051). Client-safe.
 */

/** The units a limit counts: one variant's (it has a limit of its own), or a product's variants without one. */
export type LimitScope = { kind: "variant"; variantId: number } | { kind: "product"; productId: number };

/** A stable key for a scope ("variant:12", "product:3"), for maps of held units. */
export function limitScopeKey(scope: LimitScope): string {
  return scope.kind === "variant" ? `variant:${scope.variantId}` : `product:${scope.productId}`;
}

/** The limit a variant is sold under: its own when set, else its product's (null: none). */
export function applicableLimit(variantLimit: number | null, productLimit: number | null): number | null {
  return variantLimit ?? productLimit;
}

/** The limit a variant is sold under, and what it counts. */
export function limitFor(v: { variantId: number; productId: number; variantLimit: number | null; productLimit: number | null }): {
  limit: number | null;
  scope: LimitScope;
} {
  const limit = applicableLimit(v.variantLimit, v.productLimit);
  return v.variantLimit !== null
    ? { limit, scope: { kind: "variant", variantId: v.variantId } }
    : { limit, scope: { kind: "product", productId: v.productId } };
}
