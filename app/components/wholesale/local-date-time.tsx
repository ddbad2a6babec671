import { useEffect, useState } from "react";

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
  const [text, setText] = useState(() => utcFallback(date));
  const time = date.getTime();
  useEffect(() => {
    setText(new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(new Date(time)));
  }, [time]);
  return (
    <time dateTime={date.toISOString()} suppressHydrationWarning>
      {text}
    </time>
  );
}
