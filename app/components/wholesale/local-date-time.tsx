import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/** "2025-03-01 14:05 UTC": what the server can honestly say before it knows the reader's zone. */
export function utcFallback(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/**
 * A moment in the reader's own locale and time zone. The server does not know either, so it
 * renders UTC and the browser swaps in local time after hydration (no hydration mismatch).
 */
export function LocalDateTime({ value }: { value: Date | string }) {
  const date = typeof value === "string" ? new Date(value) : value;
  const text = useSyncExternalStore(
    noSubscription,
    () => new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(date),
    () => utcFallback(date),
  );
  return (
    <time dateTime={date.toISOString()} suppressHydrationWarning>
      {text}
    </time>
  );
}
