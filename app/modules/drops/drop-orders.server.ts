/**
 * A drop's orders in SQL, for the back office's counts (the drops list's "sold" and the drop's
 * progress), in one place. An order has a `drop_order_keys` row for each identity it was bought
 * under (account, email, address, card: person-limits.server.ts `recordOrderKeys`), each carrying
 * the order's units of the drop's product, so it is counted once per order.
 */
import { sql, type SQL } from "drizzle-orm";
import { PAID_ORDER_STATUSES } from "~/modules/orders/purchase-limit";

/** `(order_id, units)` for each order of the drop: `dropId` a value or a column (`drops.id`). */
export function dropOrdersSql(dropId: SQL | number): SQL {
  return sql`(SELECT k.order_id, max(k.units) AS units FROM drop_order_keys k WHERE k.drop_id = ${dropId} GROUP BY k.order_id)`;
}

/** The statuses of a paid order, as an SQL list: `o.status IN (${PAID_STATUSES_SQL})`. */
export const PAID_STATUSES_SQL = sql.join(
  PAID_ORDER_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);
