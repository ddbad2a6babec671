import { useEffect, useState } from "react";
import { describeWait, secondsUntil } from "~/modules/drops/drop-rules";

/**
 * Time left until `to`, ticking each second once hydrated. It counts from the server's clock
 * (`serverNow`, when the page was made) plus the time since, so a visitor whose clock is wrong
 * still sees the right countdown. Without JavaScript it reads as the wait when the page was made.
 * A timer, not a live region: screen readers are not interrupted every second.
 */
export function Countdown({ to, serverNow, label, onZero }: { to: string; serverNow: string; label: string; onZero?: () => void }) {
  const [offset] = useState(() => new Date(serverNow).getTime() - Date.now());
  const [now, setNow] = useState(() => new Date(serverNow));
  useEffect(() => {
    const tick = () => setNow(new Date(Date.now() + offset));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [offset]);
  const seconds = secondsUntil(new Date(to), now);
  // Told once, after hydration, when the time comes (the product page then shows the way in).
  const reached = seconds === 0;
  useEffect(() => {
    if (reached) onZero?.();
  }, [reached, onZero]);
  return (
    <p role="timer" aria-label={`${label}: ${describeWait(seconds)}`} className="font-mono text-2xl font-semibold tabular-nums text-slate-900">
      {clock(seconds)}
    </p>
  );
}

/** 3d 04:05:06, or 04:05:06 under a day. */
export function clock(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3_600);
  const m = Math.floor((seconds % 3_600) / 60);
  const s = seconds % 60;
  const hms = [h, m, s].map((n) => String(n).padStart(2, "0")).join(":");
  return d > 0 ? `${d}d ${hms}` : hms;
}
