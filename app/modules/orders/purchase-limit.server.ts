/** The purchase limit's database side: what a customer holds in counted orders. Rules: `./purchase-limit.ts`. */
import { sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { isTransaction, preparedPerDatabase } from "~/db/prepared.server";
import { orderItems, orders, productVariants } from "~/db/schema";
import { findVariantFacts } from "~/modules/catalog/inventory.server";
import { limitScopeKey, type LimitScope } from "~/modules/catalog/variants";
import { exceedsLimit, LIMIT_COUNTED_ORDER_STATUSES, limitSubject, purchaseLimitMessage } from "./purchase-limit";

type Executor = Db | Tx;

/**
 * Units the customer holds in paid or pending orders, per limit scope (`limitScopeKey`),
 * optionally not counting one order (a late payment's own order). A line counts toward its
 * variant's scope when that variant has a limit of its own today, else toward its product's.
 * Scopes with none are absent from the map.
 */
export async function heldUnitsByScope(
  db: Executor,
  userId: string,
  scopes: LimitScope[],
  exceptOrderId?: number,
): Promise<Map<string, number>> {
  const variantIds = scopes.flatMap((s) => (s.kind === "variant" ? [s.variantId] : []));
  const productIds = scopes.flatMap((s) => (s.kind === "product" ? [s.productId] : []));
  if (variantIds.length === 0 && productIds.length === 0) return new Map();
  const params = { userId, variantIds: intArray(variantIds), productIds: intArray(productIds) };
  // Outside a transaction (every cart add of a limited product) the prepared statement.
  const rows =
    isTransaction(db) || exceptOrderId !== undefined
      ? await heldUnitsQuery(db, { ...params, exceptOrderId })
      : await heldUnitsStatement(db).execute(params);
  const wanted = new Set(scopes.map(limitScopeKey));
  const held = new Map<string, number>();
  for (const row of rows) if (wanted.has(row.scope)) held.set(row.scope, Number(row.held));
  return held;
}

/** A PostgreSQL int[] literal, sent as one text parameter: the statement's shape never changes. */
function intArray(ids: number[]): string {
  return `{${ids.join(",")}}`;
}

type HeldUnitsParams = { userId: unknown; variantIds: unknown; productIds: unknown; exceptOrderId?: number };

function heldUnitsQuery(db: Executor, { userId, variantIds, productIds, exceptOrderId }: HeldUnitsParams) {
  const scopeKey = sql<string>`CASE WHEN ${productVariants.limitPerCustomer} IS NOT NULL
      THEN 'variant:' || ${orderItems.variantId} ELSE 'product:' || ${orderItems.productId} END`;
  return db
    .select({ scope: scopeKey, held: sql<number>`SUM(${orderItems.quantity})::int` })
    .from(orderItems)
    .innerJoin(orders, sql`${orders.id} = ${orderItems.orderId}`)
    .leftJoin(productVariants, sql`${productVariants.id} = ${orderItems.variantId}`)
    .where(
      sql`${orders.userId} = ${userId}
        AND ${orders.status} IN (${sql.join(
          LIMIT_COUNTED_ORDER_STATUSES.map((s) => sql`${s}`),
          sql`, `,
        )})
        AND (${orderItems.variantId} = ANY(${variantIds}::int[]) OR ${orderItems.productId} = ANY(${productIds}::int[]))
        ${exceptOrderId === undefined ? sql`` : sql`AND ${orders.id} <> ${exceptOrderId}`}`,
    )
    .groupBy(scopeKey);
}

/** The same count, prepared (decision 0056). */
const heldUnitsStatement = preparedPerDatabase("orders_held_units_by_scope", (db: Db) =>
  heldUnitsQuery(db, { userId: sql.placeholder("userId"), variantIds: sql.placeholder("variantIds"), productIds: sql.placeholder("productIds") }),
);

/** Units in one limit scope the customer holds in counted orders. */
export async function heldUnits(db: Executor, userId: string, scope: LimitScope): Promise<number> {
  return (await heldUnitsByScope(db, userId, [scope])).get(limitScopeKey(scope)) ?? 0;
}

/**
 * The spec's `check_purchase_limit(p_user_id, p_product_id, p_quantity)`, for what is sold now (a
 * variant): may this customer hold `quantity` units in the cart, given what they already have in
 * paid or pending orders?
 */
export async function checkPurchaseLimit(
  db: Executor,
  userId: string,
  variantId: number,
  quantity: number,
): Promise<{ allowed: boolean; message: string | null }> {
  const variant = await findVariantFacts(db, variantId);
  if (!variant || !variant.isVisible) return { allowed: false, message: "This product is no longer available." };
  if (variant.limitPerCustomer === null) return { allowed: true, message: null };
  const held = await heldUnits(db, userId, variant.limitScope);
  if (!exceedsLimit(variant.limitPerCustomer, held, quantity)) return { allowed: true, message: null };
  return { allowed: false, message: purchaseLimitMessage(limitSubject(variant), variant.limitPerCustomer, held) };
}
