/**
 * The admin orders screen's filters, messages, input schemas and data shapes. Plain (no
 * `.server`): the page's components render these texts and shapes, and the action parses with
 * the same schemas.
 */
import { parseUkDate } from "~/utils/uk-date";
import { z } from "zod";
import { MAX_INT4 } from "~/utils/db-id";
import type { orders } from "~/db/schema";

/** Filters of /admin/orders, in the order they are offered. The first is the default. */
export const ORDER_FILTERS = ["to-dispatch", "all", "pending", "dispatched", "cancelled", "failed", "refunded"] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];

export const ORDER_FILTER_LABELS: Record<OrderFilter, string> = {
  "to-dispatch": "To dispatch",
  all: "All",
  pending: "Pending",
  dispatched: "Dispatched",
  cancelled: "Cancelled",
  failed: "Failed/Expired",
  refunded: "Refunded",
};

export const DEFAULT_ORDER_FILTER: OrderFilter = "to-dispatch";

/** `?status=`: anything unknown (or missing) is the dispatch queue, the page's reason to exist. */
export function parseOrderFilter(value: string | null | undefined): OrderFilter {
  return (ORDER_FILTERS as readonly string[]).includes(value ?? "") ? (value as OrderFilter) : DEFAULT_ORDER_FILTER;
}

export const ADMIN_ORDERS_PAGE_SIZE = 50;

/** The list's search and filters besides the status (`?q=&customer=&product=&from=&to=`). */
export interface OrderSearch {
  /** An order number ("100042", "#100042") or (part of) an email address. */
  q: string;
  /** Part of the customer's name or email. */
  customer: string;
  /** Part of a line's product name. */
  product: string;
  /** UK dates (dd/mm/yyyy) as typed, and as ISO dates (yyyy-mm-dd) once they parse. */
  from: string;
  to: string;
  fromDate: string | null;
  toDate: string | null;
}

export const ORDER_SEARCH_TEXT = {
  badDate: (field: "from" | "to") => `Enter the ${field === "from" ? "first" : "last"} day as a UK date, e.g. 31/01/2026.`,
  datesReversed: "The first day is after the last day.",
} as const;

const SEARCH_MAX = 100;

/** A search date: "31/01/2026", "1/2/26", "31-01-2026" or "2026-01-31" → "2026-01-31" (utils/uk-date.ts). */
export function parseSearchDate(value: string): string | null {
  return parseUkDate(value, { earliestYear: 2000, latestYear: 2100, twoDigitYears: true });
}

/** The search from the query string; what does not parse is kept as typed and named in `errors`. */
export function parseOrderSearch(params: URLSearchParams): { search: OrderSearch; errors: Partial<Record<"from" | "to", string>> } {
  const text = (name: string) => (params.get(name) ?? "").trim().slice(0, SEARCH_MAX);
  const from = text("from");
  const to = text("to");
  const errors: Partial<Record<"from" | "to", string>> = {};
  const fromDate = from ? parseSearchDate(from) : null;
  const toDate = to ? parseSearchDate(to) : null;
  if (from && !fromDate) errors.from = ORDER_SEARCH_TEXT.badDate("from");
  if (to && !toDate) errors.to = ORDER_SEARCH_TEXT.badDate("to");
  if (fromDate && toDate && fromDate > toDate) errors.to = ORDER_SEARCH_TEXT.datesReversed;
  return {
    search: { q: text("q"), customer: text("customer"), product: text("product"), from, to, fromDate: errors.from ? null : fromDate, toDate: errors.to ? null : toDate },
    errors,
  };
}

/** The query string of a list: status and search (empty parts left out), page 1. */
export function orderListQuery(filter: OrderFilter, search: Pick<OrderSearch, "q" | "customer" | "product" | "from" | "to">): string {
  const params = new URLSearchParams();
  if (filter !== DEFAULT_ORDER_FILTER) params.set("status", filter);
  for (const key of ["q", "customer", "product", "from", "to"] as const) if (search[key]) params.set(key, search[key]);
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** The admin home's counts of what needs doing. */
export interface AdminDashboardCounts {
  ordersToDispatch: number;
  pendingWholesaleApplications: number;
  unsentEmails: number;
  /** Unsent emails whose last attempt failed: worth a look at SMTP. */
  failingEmails: number;
}

/** One order as the admin list shows it. */
export interface AdminOrder {
  id: number;
  createdAt: Date;
  status: string;
  totalAmount: number;
  trackingNumber: string | null;
  customerName: string | null;
  email: string;
  shippingName: string | null;
  shippingAddress: (typeof orders.$inferSelect)["shippingAddress"];
  /** Pence refunded so far. */
  refundedAmount: number;
  items: { id: number; productName: string; variantLabel: string | null; quantity: number }[];
}

export interface AdminOrderList {
  orders: AdminOrder[];
  filter: OrderFilter;
  search: OrderSearch;
  /** Search fields that did not parse (their filter is not applied). */
  errors: Partial<Record<"from" | "to", string>>;
  page: number;
  pageSize: number;
  /** Orders matching the filter, over all pages. */
  total: number;
  totalPages: number;
  hasNextPage: boolean;
  /** How many orders each filter would show, for the filter links. */
  counts: Record<OrderFilter, number>;
}

/** "100042" or "#100042" as an order number, when it can be one. */
export function orderNumberOf(q: string): number | null {
  const m = /^#?\s*(\d{1,10})$/.exec(q.trim());
  if (!m) return null;
  const id = Number(m[1]);
  return id >= 1 && id <= MAX_INT4 ? id : null;
}

export const DISPATCH_MESSAGES = {
  trackingRequired: "Enter the tracking number.",
  trackingInvalid: "Enter a Royal Mail tracking number: 8 to 40 letters and digits, e.g. AB123456789GB.",
  badOrder: "That order number is not valid.",
  unknownIntent: "Unknown action.",
  resend: "Please send the form again.",
  notFound: (id: number) => `Order #${id} was not found.`,
  notDispatchable: (id: number, status: string) =>
    status === "pending"
      ? `Order #${id} has not been paid yet, so it cannot be dispatched.`
      : status === "refunded"
        ? `Order #${id} was refunded, so it cannot be dispatched.`
        : status === "cancelled"
          ? `Order #${id} was cancelled, so it cannot be dispatched.`
        : status === "preorder"
          ? `Order #${id} has a pre-order that is not released or not filled yet, so it cannot be dispatched.`
        : `Order #${id} was not paid (${status}), so it cannot be dispatched.`,
  conflict: (id: number, current: string) =>
    `Order #${id} was meanwhile given tracking number ${current}. Check it below and correct it there if needed.`,
  dispatched: (id: number, tracking: string) =>
    `Order #${id} is marked as dispatched with tracking number ${tracking}. The customer's dispatch email is queued.`,
  corrected: (id: number, tracking: string) =>
    `Order #${id}'s tracking number is now ${tracking}. A new dispatch email with it is queued.`,
  unchanged: (id: number, tracking: string) =>
    `Order #${id} already has tracking number ${tracking}: nothing changed and no email was sent.`,
} as const;

/**
 * A Royal Mail style reference such as "AB123456789GB". Spaces are dropped (Royal Mail prints
 * them in groups, and a pasted "ab 1234 5678 9gb" is the same parcel), letters upper-cased.
 */
export const trackingNumberSchema = z
  .string({ error: DISPATCH_MESSAGES.trackingRequired })
  .overwrite((value) => value.replace(/\s+/g, "").toUpperCase())
  .min(1, DISPATCH_MESSAGES.trackingRequired)
  .regex(/^[A-Z0-9]{8,40}$/, DISPATCH_MESSAGES.trackingInvalid);

export const dispatchInputSchema = z.object({
  intent: z.literal("dispatch", { error: DISPATCH_MESSAGES.unknownIntent }),
  orderId: z.coerce
    .number({ error: DISPATCH_MESSAGES.badOrder })
    .int(DISPATCH_MESSAGES.badOrder)
    .min(1, DISPATCH_MESSAGES.badOrder)
    .max(MAX_INT4, DISPATCH_MESSAGES.badOrder),
  trackingNumber: trackingNumberSchema,
  /**
   * The tracking number the admin saw when the page was drawn ("" for none). A page that is
   * out of date (someone else dispatched the order meanwhile) is refused instead of silently
   * sending the customer a second dispatch email.
   */
  currentTracking: z
    .string()
    .max(100)
    .overwrite((value) => value.replace(/\s+/g, "").toUpperCase())
    .optional(),
});

export type DispatchInput = z.infer<typeof dispatchInputSchema>;

/**
 * The dispatch form's answer. A refusal names the order it is about (null when the post named
 * none) and gives back what was typed; `field` marks a refusal of the tracking number itself.
 */
export type DispatchResult =
  | { ok: true; orderId: number; message: string }
  | { ok: false; orderId: number | null; field?: "trackingNumber"; message: string; trackingNumber: string };
