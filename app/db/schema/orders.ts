import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { categories, productVariants, products } from "./catalog";

export const ORDER_STATUSES = ["pending", "completed", "failed", "expired", "refunded", "dispatched", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const coupons = pgTable(
  "coupons",
  {
    code: text().primaryKey(),
    /** Exactly one of percent_off (1..100) or amount_off (pence) is set. */
    percentOff: integer(),
    amountOff: integer(),
    active: boolean().notNull().default(true),
    validUntil: timestamp({ withTimezone: true }),
    /**
     * How many orders may use the code in all, and per customer; null = no limit. An order in
     * a counted status (awaiting payment, paid, dispatched) holds its redemption; a failed or
     * expired one frees it (decision 0018).
     */
    maxRedemptions: integer(),
    maxRedemptionsPerCustomer: integer(),
    /** Not usable before this moment (null: from creation). */
    validFrom: timestamp({ withTimezone: true }),
    /** Smallest order subtotal (pence, after member prices) the code applies to; null: any. */
    minSpend: integer(),
    /** What the admin calls it; never shown to customers. */
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("coupons_max_redemptions_positive", sql`${t.maxRedemptions} IS NULL OR ${t.maxRedemptions} > 0`),
    check("coupons_max_per_customer_positive", sql`${t.maxRedemptionsPerCustomer} IS NULL OR ${t.maxRedemptionsPerCustomer} > 0`),
    check("coupons_one_discount", sql`(${t.percentOff} IS NULL) <> (${t.amountOff} IS NULL)`),
    check("coupons_percent_range", sql`${t.percentOff} IS NULL OR ${t.percentOff} BETWEEN 1 AND 100`),
    check("coupons_amount_positive", sql`${t.amountOff} IS NULL OR ${t.amountOff} > 0`),
    check("coupons_min_spend_nonneg", sql`${t.minSpend} IS NULL OR ${t.minSpend} >= 0`),
  ],
);

/** A coupon restricted to categories applies to the lines in them only; no rows: every category. */
export const couponCategories = pgTable(
  "coupon_categories",
  {
    couponCode: text()
      .notNull()
      .references(() => coupons.code, { onDelete: "cascade", onUpdate: "cascade" }),
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.couponCode, t.categoryId] })],
);

export const orders = pgTable(
  "orders",
  {
    /** Shown to customers as the order number. */
    id: integer().primaryKey().generatedAlwaysAsIdentity({ startWith: 100001 }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    status: text().notNull().default("pending"),
    subtotalAmount: integer().notNull(),
    shippingAmount: integer().notNull(),
    discountAmount: integer().notNull().default(0),
    totalAmount: integer().notNull(),
    /** What the lines would have cost at normal prices: the customer's Pro saving is the difference. */
    normalSubtotalAmount: integer().notNull(),
    couponCode: text().references(() => coupons.code),
    /** "sandbox" or "stripe". */
    paymentProvider: text().notNull(),
    /** The hosted payment session (the spec's stripe_session_id). */
    paymentSessionId: text().unique(),
    paymentIntentId: text(),
    /**
     * 128 random bits (base64url) in the payment page's cancel URL: cancelling is a GET that
     * any site can link to, so the signed-in customer's cookie alone must not be enough.
     * Null for orders made before the column existed (they cannot be cancelled by link).
     */
    cancelToken: text(),
    reservationExpiresAt: timestamp({ withTimezone: true }).notNull(),
    paidAt: timestamp({ withTimezone: true }),
    dispatchedAt: timestamp({ withTimezone: true }),
    /** An unshipped order the shop cancelled (status `cancelled`), and the admin's reason. */
    cancelledAt: timestamp({ withTimezone: true }),
    cancelReason: text(),
    /** Pence refunded so far (partial refunds add up; a full refund equals total_amount). */
    refundedAmount: integer().notNull().default(0),
    /**
     * Pence of the total paid with store credit (taken from the customer's balance when the
     * checkout was made; the provider is asked for the rest). A fully-credit order has no
     * payment session (payment provider `store_credit`).
     */
    creditAmount: integer().notNull().default(0),
    /** The part of refunded_amount that went back as store credit (the rest went to the card). */
    creditRefundedAmount: integer().notNull().default(0),
    trackingNumber: text(),
    email: text().notNull(),
    shippingName: text(),
    shippingAddress: jsonb().$type<{
      line1?: string | null;
      line2?: string | null;
      city?: string | null;
      region?: string | null;
      postalCode?: string | null;
      country?: string | null;
    }>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("orders_status_valid", sql`${t.status} IN ('pending', 'completed', 'failed', 'expired', 'refunded', 'dispatched', 'cancelled')`),
    check("orders_refunded_range", sql`${t.refundedAmount} >= 0 AND ${t.refundedAmount} <= ${t.totalAmount}`),
    check("orders_credit_range", sql`${t.creditAmount} >= 0 AND ${t.creditAmount} <= ${t.totalAmount}`),
    // Credit refunds are part of the refunded amount, and the card never gets back more than it paid.
    check(
      "orders_credit_refunded_range",
      sql`${t.creditRefundedAmount} >= 0 AND ${t.creditRefundedAmount} <= ${t.refundedAmount} AND ${t.refundedAmount} - ${t.creditRefundedAmount} <= ${t.totalAmount} - ${t.creditAmount}`,
    ),
    // The admin order list filters by status and sorts by date.
    index("orders_status_created_idx").on(t.status, t.createdAt),
    check("orders_amounts_nonneg", sql`${t.subtotalAmount} >= 0 AND ${t.shippingAmount} >= 0 AND ${t.discountAmount} >= 0 AND ${t.totalAmount} >= 0`),
    index("orders_user_created_idx").on(t.userId, t.createdAt),
    index("orders_pending_expiry_idx").on(t.reservationExpiresAt).where(sql`${t.status} = 'pending'`),
    // Counting a coupon's redemptions at checkout (decision 0018).
    index("orders_coupon_idx").on(t.couponCode, t.userId).where(sql`${t.couponCode} IS NOT NULL`),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: integer().references(() => products.id, { onDelete: "set null" }),
    /** Snapshot: the order keeps its name and price even if the product changes later. */
    productName: text().notNull(),
    productSlug: text(),
    variantId: integer().references(() => productVariants.id, { onDelete: "set null" }),
    /** Snapshot of the variant as sold ("Lightly Played · Holo · English", "PSA 10"); null for sealed products. */
    variantLabel: text(),
    quantity: integer().notNull(),
    unitPrice: integer().notNull(),
    normalUnitPrice: integer().notNull(),
  },
  (t) => [
    check("order_items_quantity_positive", sql`${t.quantity} > 0`),
    check("order_items_price_nonneg", sql`${t.unitPrice} >= 0 AND ${t.normalUnitPrice} >= 0`),
    index("order_items_order_idx").on(t.orderId),
    index("order_items_product_idx").on(t.productId),
    index("order_items_variant_idx").on(t.variantId),
  ],
);

/**
 * Stock taken from `product_variants.stock` for a pending order. A reservation moves from held to
 * sold (paid) or released (expired, cancelled, declined) exactly once, by a guarded update.
 */
export const stockReservations = pgTable(
  "stock_reservations",
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    variantId: integer()
      .notNull()
      .references(() => productVariants.id, { onDelete: "restrict" }),
    quantity: integer().notNull(),
    status: text().notNull().default("held"),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check("stock_reservations_quantity_positive", sql`${t.quantity} > 0`),
    check("stock_reservations_status_valid", sql`${t.status} IN ('held', 'sold', 'released')`),
    index("stock_reservations_order_idx").on(t.orderId),
    // Repricing skips variants held in a pending checkout.
    index("stock_reservations_held_variant_idx").on(t.variantId).where(sql`${t.status} = 'held'`),
    index("stock_reservations_held_expiry_idx").on(t.expiresAt).where(sql`${t.status} = 'held'`),
  ],
);
