/**
 * The shop owner's side of orders: the dispatch queue and order list, the admin home's counts,
 * and marking an order dispatched. Callers have already checked that the user is an admin.
 */
import { and, asc, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { SHOP_TIME_ZONE } from "~/config/constants";
import type { Db } from "~/db/client.server";
import { orderItems, orders, outbox, profiles, wholesaleApplications } from "~/db/schema";
import { likeContains } from "~/db/sql-text";
import { recordAudit } from "~/modules/audit/audit-log.server";
import {
  ADMIN_ORDERS_PAGE_SIZE,
  ORDER_FILTERS,
  type AdminDashboardCounts,
  type AdminOrder,
  type AdminOrderList,
  orderNumberOf,
  type OrderFilter,
  type OrderSearch,
} from "./admin-orders";

const EMPTY_SEARCH: OrderSearch = { q: "", customer: "", product: "", from: "", to: "", fromDate: null, toDate: null };
import { setTrackingNumber } from "./dispatch.server";
import type { EmailBranding } from "./emails.server";

/** Paid and not yet posted: what the shop owner has to pack today. */
const toDispatch = and(eq(orders.status, "completed"), isNull(orders.trackingNumber))!;

function filterCondition(filter: OrderFilter): SQL | undefined {
  switch (filter) {
    case "to-dispatch":
      return toDispatch;
    case "all":
      return undefined;
    case "pending":
      return eq(orders.status, "pending");
    case "dispatched":
      return eq(orders.status, "dispatched");
    case "failed":
      return inArray(orders.status, ["failed", "expired"]);
    case "refunded":
      return eq(orders.status, "refunded");
    case "cancelled":
      return eq(orders.status, "cancelled");
  }
}

/** The search's conditions (all must hold); undefined when there is none. */
function searchCondition(search: OrderSearch | undefined): SQL | undefined {
  if (!search) return undefined;
  const parts: SQL[] = [];
  if (search.q) {
    const id = orderNumberOf(search.q);
    parts.push(id !== null ? or(eq(orders.id, id), ilike(orders.email, likeContains(search.q)))! : ilike(orders.email, likeContains(search.q)));
  }
  if (search.customer) {
    const c = likeContains(search.customer);
    parts.push(or(ilike(orders.email, c), ilike(orders.shippingName, c), ilike(profiles.fullName, c))!);
  }
  if (search.product) {
    parts.push(sql`EXISTS (SELECT 1 FROM ${orderItems} WHERE ${orderItems.orderId} = ${orders.id} AND ${orderItems.productName} ILIKE ${likeContains(search.product)})`);
  }
  // Days are the shop's (London) days, whatever the server's time zone.
  if (search.fromDate) parts.push(sql`${orders.createdAt} >= (${search.fromDate}::date)::timestamp AT TIME ZONE ${SHOP_TIME_ZONE}`);
  if (search.toDate) parts.push(sql`${orders.createdAt} < (${search.toDate}::date + 1)::timestamp AT TIME ZONE ${SHOP_TIME_ZONE}`);
  return parts.length > 0 ? and(...parts) : undefined;
}

/** The shapes live in the client-safe ./admin-orders, where the admin pages' components read them. */
export type { AdminDashboardCounts, AdminOrder, AdminOrderList };

/** One grouped scan gives the size of every filter, within the search (orders is small next to page views). */
export async function countOrdersByFilter(db: Db, search?: OrderSearch): Promise<Record<OrderFilter, number>> {
  const rows = await db
    .select({
      status: orders.status,
      n: sql<number>`count(*)::int`,
      untracked: sql<number>`count(*) FILTER (WHERE ${orders.trackingNumber} IS NULL)::int`,
    })
    .from(orders)
    .leftJoin(profiles, eq(profiles.id, orders.userId))
    .where(searchCondition(search))
    .groupBy(orders.status);
  const by = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  const counts = Object.fromEntries(ORDER_FILTERS.map((f) => [f, 0])) as Record<OrderFilter, number>;
  counts["to-dispatch"] = Number(rows.find((r) => r.status === "completed")?.untracked ?? 0);
  counts.all = rows.reduce((sum, r) => sum + Number(r.n), 0);
  counts.pending = by("pending");
  counts.dispatched = by("dispatched");
  counts.failed = by("failed") + by("expired");
  counts.refunded = by("refunded");
  counts.cancelled = by("cancelled");
  return counts;
}

/** Orders newest first, `pageSize` a page, with their lines and the customer's name. */
export async function listOrdersForAdmin(
  db: Db,
  options: { filter: OrderFilter; search?: OrderSearch; errors?: AdminOrderList["errors"]; page?: number; pageSize?: number },
): Promise<AdminOrderList> {
  const pageSize = options.pageSize ?? ADMIN_ORDERS_PAGE_SIZE;
  const page = Math.max(1, Math.floor(options.page ?? 1));
  const search = options.search ?? EMPTY_SEARCH;
  const counts = await countOrdersByFilter(db, search);
  const total = counts[options.filter];
  const rows = await db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      status: orders.status,
      totalAmount: orders.totalAmount,
      trackingNumber: orders.trackingNumber,
      customerName: profiles.fullName,
      email: orders.email,
      shippingName: orders.shippingName,
      shippingAddress: orders.shippingAddress,
      refundedAmount: orders.refundedAmount,
    })
    .from(orders)
    .leftJoin(profiles, eq(profiles.id, orders.userId))
    .where(and(filterCondition(options.filter), searchCondition(search)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize);
  const hasNextPage = rows.length > pageSize;
  const pageRows = rows.slice(0, pageSize);

  const byOrder = new Map<number, AdminOrder["items"]>();
  if (pageRows.length > 0) {
    const lines = await db
      .select({ id: orderItems.id, orderId: orderItems.orderId, productName: orderItems.productName, variantLabel: orderItems.variantLabel, quantity: orderItems.quantity })
      .from(orderItems)
      .where(inArray(orderItems.orderId, pageRows.map((r) => r.id)))
      .orderBy(asc(orderItems.id));
    for (const { orderId, ...line } of lines) {
      const list = byOrder.get(orderId) ?? [];
      list.push(line);
      byOrder.set(orderId, list);
    }
  }

  return {
    orders: pageRows.map((r) => ({ ...r, items: byOrder.get(r.id) ?? [] })),
    filter: options.filter,
    search,
    errors: options.errors ?? {},
    page,
    pageSize,
    total,
    totalPages: Math.max(1, Math.ceil(total / pageSize)),
    hasNextPage,
    counts,
  };
}

export async function adminDashboardCounts(db: Db): Promise<AdminDashboardCounts> {
  const [ordersToDispatch, pendingWholesaleApplications, unsentEmails, failingEmails] = await Promise.all([
    db.$count(orders, toDispatch),
    db.$count(wholesaleApplications, eq(wholesaleApplications.status, "pending")),
    db.$count(outbox, isNull(outbox.sentAt)),
    db.$count(outbox, and(isNull(outbox.sentAt), sql`${outbox.lastError} IS NOT NULL`)),
  ]);
  return { ordersToDispatch, pendingWholesaleApplications, unsentEmails, failingEmails };
}

export type DispatchOutcome =
  | { status: "dispatched"; orderId: number; trackingNumber: string; changed: boolean; corrected: boolean }
  | { status: "not_found"; orderId: number }
  | { status: "not_dispatchable"; orderId: number; orderStatus: string }
  | { status: "conflict"; orderId: number; currentTracking: string }
  | { status: "invalid_tracking"; orderId: number };

/**
 * Gives a paid order its tracking number through `setTrackingNumber` (dispatched status and
 * the dispatch email in one transaction), with two admin-screen rules around it:
 * - `expectedTracking` is what the admin's page showed ("" for none). If the order has since
 *   been given a different number (another admin, another tab), nothing changes: a stale page
 *   must not overwrite it and send the customer a second email. Sending the number it already
 *   has is a harmless repeat (a double click) and changes nothing.
 * - Every real change is written to the audit log with the admin who made it.
 * Correcting a dispatched order's number is allowed (setTrackingNumber sends one new email).
 */
export async function dispatchOrder(
  db: Db,
  input: { orderId: number; trackingNumber: string; expectedTracking?: string; adminId: string | null },
  brand: EmailBranding = {},
): Promise<DispatchOutcome> {
  const { orderId, adminId } = input;
  const tracking = input.trackingNumber.trim().toUpperCase();
  return db.transaction(async (tx) => {
    // The lock is held until commit, so the check and setTrackingNumber see the same row.
    const [order] = await tx
      .select({ status: orders.status, trackingNumber: orders.trackingNumber })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update");
    if (!order) return { status: "not_found", orderId } as const;
    if (order.status !== "completed" && order.status !== "dispatched") {
      return { status: "not_dispatchable", orderId, orderStatus: order.status } as const;
    }
    const current = order.trackingNumber ?? "";
    if (input.expectedTracking !== undefined && current !== input.expectedTracking && current !== tracking) {
      return { status: "conflict", orderId, currentTracking: current } as const;
    }
    const result = await setTrackingNumber(tx, orderId, tracking, brand);
    if (!result.ok) {
      // The row is locked and was checked above: the number's own rule or an unreleased pre-order can refuse here.
      return result.reason === "invalid_tracking"
        ? ({ status: "invalid_tracking", orderId } as const)
        : result.reason === "preorder_held"
          ? ({ status: "not_dispatchable", orderId, orderStatus: "preorder" } as const)
        : result.reason === "not_found"
          ? ({ status: "not_found", orderId } as const)
          : ({ status: "not_dispatchable", orderId, orderStatus: order.status } as const);
    }
    if (result.changed) {
      await recordAudit(tx, {
        actorUserId: adminId,
        action: current ? "order.tracking_corrected" : "order.dispatched",
        entityType: "order",
        entityId: String(orderId),
        details: {
          trackingNumber: tracking,
          previousTrackingNumber: current || null,
          before: { status: order.status, trackingNumber: current || null },
          after: { status: "dispatched", trackingNumber: tracking },
        },
      });
    }
    return { status: "dispatched", orderId, trackingNumber: tracking, changed: result.changed, corrected: result.changed && current !== "" } as const;
  });
}
