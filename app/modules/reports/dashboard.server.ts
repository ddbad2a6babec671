/**
 * The admin dashboard's figures: sales by UK day, orders waiting to be dispatched, sold-out and
 * low-stock variants, pending wholesale applications and emails that are not going out.
 *
 * Reporting queries (docs/development.md): they read orders, product_variants/products and
 * wholesale_applications, which other modules own, and never write. Each is one statement
 * shaped to use an index on a big shop:
 * - sales: orders_status_created_idx (status, created_at): the paid statuses × the 30-day range;
 * - to dispatch: the same index, status 'completed' in created_at order (oldest first);
 * - stock alerts: product_variants by stock (no index fits yet: decision 0036 proposes one);
 *   counts stop at STOCK_ALERT_COUNT_CAP;
 * - wholesale: wholesale_applications is small (one row per trader who asked);
 * - emails: countUnsentEmails, from the outbox_due_idx partial index (unsent rows only).
 */
import { productShown, productShownAs } from "~/modules/catalog/visibility.server";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { rowsOf } from "~/db/raw";
import { PRODUCT_LOW_STOCK_THRESHOLD, SHOP_TIME_ZONE } from "~/config/constants";
import type { Db } from "~/db/client.server";
import { orders, productVariants, products, profiles, wholesaleApplications } from "~/db/schema";
import { variantLabel } from "~/modules/catalog/variants";
import { countUnsentEmails } from "~/modules/email/outbox-admin.server";
import {
  ORDERS_TO_DISPATCH_SHOWN,
  STOCK_ALERTS_SHOWN,
  STOCK_ALERT_COUNT_CAP,
  totalsOf,
  type DashboardData,
  type SalesDay,
  type SalesSummary,
  type StockAlert,
} from "./dashboard";

/** How many days the sales query returns (the longest chart range). */
const SALES_DAYS = 30;

/**
 * Statuses an order can be in once it has been paid. Listed (rather than "not pending, failed
 * or expired") so the condition is an index range per status; `paid_at IS NOT NULL` then drops
 * a late payment that was refunded without ever being taken (status refunded, never paid).
 */
const PAID_STATUSES = ["completed", "dispatched", "refunded", "cancelled"] as const;


/**
 * Orders placed on each of the last 30 UK days (today included) that were paid, and what they
 * took less refunds. An order counts on the day it was placed: payment follows within the
 * checkout's reservation, and placing is what the (status, created_at) index can range over.
 */
export async function salesByDay(db: Db, now = new Date()): Promise<SalesSummary> {
  const result = await db.execute(sql`
    WITH bounds AS (
      SELECT (${now.toISOString()}::timestamptz AT TIME ZONE ${SHOP_TIME_ZONE})::date AS today
    ), paid AS (
      SELECT (o.created_at AT TIME ZONE ${SHOP_TIME_ZONE})::date AS day,
             count(*)::int AS orders,
             sum(o.total_amount - o.refunded_amount)::bigint AS revenue
        FROM ${orders} o, bounds b
       WHERE o.status IN (${sql.join(PAID_STATUSES.map((s) => sql`${s}`), sql`, `)})
         AND o.created_at >= (b.today - ${SALES_DAYS - 1}::int)::timestamp AT TIME ZONE ${SHOP_TIME_ZONE}
         AND o.created_at < (b.today + 1)::timestamp AT TIME ZONE ${SHOP_TIME_ZONE}
         AND o.paid_at IS NOT NULL
       GROUP BY 1
    )
    SELECT to_char(b.today - g.n, 'YYYY-MM-DD') AS day, coalesce(p.orders, 0)::int AS orders, coalesce(p.revenue, 0)::bigint AS revenue
      FROM bounds b
      CROSS JOIN generate_series(0, ${SALES_DAYS - 1}::int) AS g(n)
      LEFT JOIN paid p ON p.day = b.today - g.n
     ORDER BY g.n DESC`);
  const days: SalesDay[] = rowsOf<{ day: string; orders: number | string; revenue: number | string }>(result).map((r) => ({
    day: r.day,
    orders: Number(r.orders),
    revenue: Number(r.revenue),
  }));
  return { days, today: totalsOf(days, 1), last7: totalsOf(days, 7), last30: totalsOf(days, 30) };
}

/** Paid orders without a tracking number: how many, and the oldest few (they have waited longest). */
export async function ordersToDispatch(db: Db): Promise<DashboardData["dispatch"]> {
  const waiting = and(eq(orders.status, "completed"), isNull(orders.trackingNumber));
  const [count, oldest] = await Promise.all([
    db.$count(orders, waiting),
    db
      .select({ id: orders.id, createdAt: orders.createdAt, totalAmount: orders.totalAmount, name: profiles.fullName, shippingName: orders.shippingName, email: orders.email })
      .from(orders)
      .leftJoin(profiles, eq(profiles.id, orders.userId))
      .where(waiting)
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(ORDERS_TO_DISPATCH_SHOWN),
  ]);
  return {
    count,
    oldest: oldest.map((o) => ({ id: o.id, createdAt: o.createdAt, totalAmount: o.totalAmount, customer: o.shippingName || o.name || o.email })),
  };
}

/**
 * Variants of visible products that are sold out (0) or low (1 to the product page's "Only n
 * left" threshold), the most recently changed first, with how many there are of each. Hidden
 * products are left out: they are not for sale, so their stock is nobody's worry today.
 */
export async function stockAlerts(db: Db): Promise<DashboardData["stock"]> {
  const threshold = PRODUCT_LOW_STOCK_THRESHOLD;
  const alertColumns = {
    variantId: productVariants.id,
    productId: products.id,
    productName: products.name,
    productSlug: products.slug,
    condition: productVariants.condition,
    printing: productVariants.printing,
    language: productVariants.language,
    grader: productVariants.grader,
    grade: productVariants.grade,
    stock: productVariants.stock,
  };
  const list = (condition: ReturnType<typeof sql>) =>
    db
      .select(alertColumns)
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(and(condition, productShown))
      .orderBy(sql`${productVariants.updatedAt} DESC`, sql`${productVariants.id} DESC`)
      .limit(STOCK_ALERTS_SHOWN);
  // Counted up to STOCK_ALERT_COUNT_CAP + 1 only: past the cap the dashboard says "1,000+", and a
  // shop with tens of thousands of sold-out singles does not pay for an exact number.
  const capped = (condition: ReturnType<typeof sql>) =>
    sql<number>`(SELECT count(*)::int FROM (
      SELECT 1 FROM ${productVariants} v JOIN ${products} p ON p.id = v.product_id
       WHERE ${condition} AND ${productShownAs("p")} LIMIT ${STOCK_ALERT_COUNT_CAP + 1}) capped)`;
  const [soldOut, low, countRows] = await Promise.all([
    list(sql`${productVariants.stock} = 0`),
    list(sql`${productVariants.stock} BETWEEN 1 AND ${threshold}`),
    db.execute(sql`SELECT ${capped(sql`v.stock = 0`)} AS sold_out, ${capped(sql`v.stock BETWEEN 1 AND ${threshold}`)} AS low`),
  ]);
  const counts = rowsOf<{ sold_out: number | string; low: number | string }>(countRows)[0];
  const alert = ({ condition, printing, language, grader, grade, ...rest }: Awaited<ReturnType<typeof list>>[number]): StockAlert => ({
    ...rest,
    variantLabel: variantLabel({ condition, printing, language, grader, grade }),
  });
  return {
    lowThreshold: threshold,
    soldOut: soldOut.map(alert),
    soldOutCount: Number(counts?.sold_out ?? 0),
    low: low.map(alert),
    lowCount: Number(counts?.low ?? 0),
    countCap: STOCK_ALERT_COUNT_CAP,
  };
}

export async function dashboardData(db: Db, now = new Date()): Promise<DashboardData> {
  const [sales, dispatch, stock, pendingWholesaleApplications, unsent] = await Promise.all([
    salesByDay(db, now),
    ordersToDispatch(db),
    stockAlerts(db),
    db.$count(wholesaleApplications, eq(wholesaleApplications.status, "pending")),
    countUnsentEmails(db),
  ]);
  return {
    sales,
    dispatch,
    stock,
    pendingWholesaleApplications,
    emails: { unsent: unsent.queued + unsent.failing + unsent.givenUp, failing: unsent.failing, givenUp: unsent.givenUp },
  };
}
