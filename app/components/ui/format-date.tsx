/**
 * Dates and times as the shop writes them, in the shop's time zone (a UK shop: London), so the
 * server-rendered text and the hydrated text are the same whatever the visitor's or the server's
 * zone, and the back office's times agree with its UK-day filters and the dashboard's days.
 * Used by the account pages and every back-office page.
 */
import { SHOP_TIME_ZONE } from "~/config/constants";

const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: SHOP_TIME_ZONE });
const dateTimeFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: SHOP_TIME_ZONE,
});

export function formatDate(value: Date | string): string {
  return dateFormat.format(new Date(value));
}

export function formatDateTime(value: Date | string): string {
  return dateTimeFormat.format(new Date(value));
}

/** A moment as a <time> element in the shop's time zone: "24 Nov 2026, 09:36". */
export function ShopDateTime({ value }: { value: Date | string }) {
  const date = new Date(value);
  return <time dateTime={date.toISOString()}>{formatDateTime(date)}</time>;
}
