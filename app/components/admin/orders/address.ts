import type { AdminOrder } from "~/modules/orders/admin-orders";

/** The delivery address as printed lines: name, street lines, town, region, postcode, country. */
export function addressLines(order: Pick<AdminOrder, "shippingName" | "shippingAddress" | "customerName">): string[] {
  const a = order.shippingAddress ?? {};
  return [order.shippingName ?? order.customerName, a.line1, a.line2, a.city, a.region, a.postalCode, a.country]
    .map((p) => p?.trim())
    .filter((p): p is string => Boolean(p));
}
