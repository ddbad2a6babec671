import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { productVariants, products } from "./catalog";
import { orderItems, orders } from "./orders";

/**
 * A variant sold on pre-order (issue 16, decision 0050): while `released_at` is null the
 * variant's own `stock` is what is left of the allocation to sell, so checkout's guarded stock
 * take works unchanged; this row keeps the allocation the shop expects and what has arrived.
 * Owned by modules/preorders.
 */
export const preorders = pgTable(
  "preorders",
  {
    variantId: integer()
      .primaryKey()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    /** Units the shop expects from its supplier (and so sells at most). */
    allocation: integer().notNull(),
    /** Units received so far (deliveries add up); 0 until the first arrives. */
    delivered: integer().notNull().default(0),
    /** When the last delivery was entered; null: none yet. */
    deliveredAt: timestamp({ withTimezone: true }),
    /**
     * The delivered total for which the admin last settled the paid pre-orders it does not cover
     * (refunded them or told them they wait); release needs it to match `delivered` when any is short.
     */
    shortfallSettledFor: integer(),
    /** The admin let the pre-orders go out: filled lines may be dispatched, the variant sells as stock. */
    releasedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("preorders_allocation_nonneg", sql`${t.allocation} >= 0`),
    check("preorders_delivered_nonneg", sql`${t.delivered} >= 0`),
    index("preorders_open_idx").on(t.variantId).where(sql`${t.releasedAt} IS NULL`),
  ],
);

/**
 * Units of a pre-order line refunded because the delivery came short (one row per line: the
 * refund takes every unfilled unit of it at once). Fills skip these units.
 */
export const preorderRefunds = pgTable("preorder_refunds", {
  orderItemId: integer()
    .primaryKey()
    .references(() => orderItems.id, { onDelete: "cascade" }),
  orderId: integer()
    .notNull()
    .references(() => orders.id, { onDelete: "cascade" }),
  units: integer().notNull(),
  /** Pence refunded for them. */
  amount: integer().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [check("preorder_refunds_units_positive", sql`${t.units} > 0`), index("preorder_refunds_order_idx").on(t.orderId)]);

/**
 * "Email me when it's available" (signed-in customers with a verified email). A waiting alert is
 * sent at most once, by a batch; `token` is its unsubscribe link's key.
 */
export const stockAlerts = pgTable(
  "stock_alerts",
  {
    id: serial().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** waiting, sent, cancelled (unsubscribed). */
    status: text().notNull().default("waiting"),
    token: text().notNull().unique(),
    /** The batch that sent it, or is sending it. */
    batchId: integer(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("stock_alerts_status_valid", sql`${t.status} IN ('waiting', 'sent', 'cancelled')`),
    uniqueIndex("stock_alerts_one_waiting_uq").on(t.userId, t.productId).where(sql`${t.status} = 'waiting'`),
    index("stock_alerts_product_waiting_idx").on(t.productId).where(sql`${t.status} = 'waiting'`),
    index("stock_alerts_sent_idx").on(t.sentAt).where(sql`${t.sentAt} IS NOT NULL`),
  ],
);

/**
 * One send-out of a product's alerts when it became available: `alert_ids` is the random order
 * drawn for its subscribers (recorded, so fairness can be checked). A batch stops when the
 * product is unavailable again before it is done; its unsent alerts wait for the next one.
 */
export const stockAlertBatches = pgTable(
  "stock_alert_batches",
  {
    id: serial().primaryKey(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** sending, done, stopped. */
    status: text().notNull().default("sending"),
    alertIds: integer().array().notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check("stock_alert_batches_status_valid", sql`${t.status} IN ('sending', 'done', 'stopped')`),
    uniqueIndex("stock_alert_batches_one_sending_uq").on(t.productId).where(sql`${t.status} = 'sending'`),
  ],
);
