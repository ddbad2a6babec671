import { SHOP_TIME_ZONE } from "~/config/constants";

/**
 * Dates as people in the UK type them, one home for every form that takes a day: "24/12/2026",
 * "24-12-2026", "24.12.2026", "1/2/2027", and a browser date field's "2026-12-24". Days that do
 * not exist (31/02/2027) are refused, never rolled over.
 */
export interface UkDateOptions {
  /** Earliest and latest year accepted (a typo guard: "2o26" is not a year, nor is 20261). */
  earliestYear: number;
  latestYear: number;
  /** Also "24/12/26" (read as 2026): fine in a search box, too loose for a stored date. */
  twoDigitYears?: boolean;
}

/** The text as "YYYY-MM-DD" (PostgreSQL's date), or null when it is not a real day in range. */
export function parseUkDate(text: string, options: UkDateOptions): string | null {
  const t = text.trim();
  const uk = (options.twoDigitYears ? /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/ : /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/).exec(t);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  let day: number, month: number, year: number;
  if (uk) [day, month, year] = [Number(uk[1]), Number(uk[2]), Number(uk[3]!.length === 2 ? `20${uk[3]}` : uk[3])];
  else if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else return null;
  if (year < options.earliestYear || year > options.latestYear || month < 1 || month > 12 || day < 1) return null;
  const at = new Date(Date.UTC(year, month - 1, day));
  if (at.getUTCMonth() !== month - 1 || at.getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** "2026-12-24" → "24/12/2026" (what a form shows back); "" for none. */
export function formatUkDate(iso: string | null): string {
  if (!iso) return "";
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : "";
}

// ---- Date and time on the shop's clock (Europe/London) -------------------------------------------

const shopClock = new Intl.DateTimeFormat("en-GB", {
  timeZone: SHOP_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The shop clock's wall time at an instant, as its parts. */
function wallTime(at: Date): WallTime {
  const parts = Object.fromEntries(shopClock.formatToParts(at).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** Minutes the shop clock is ahead of UTC at an instant (0 in winter, 60 in summer). */
function shopOffsetMinutes(at: Date): number {
  const w = wallTime(at);
  return Math.round((Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - at.getTime()) / 60_000);
}

/** What a form says for a wall time the clocks skip (the spring-forward hour). */
export const SKIPPED_TIME_TEXT = "That time does not exist in the UK: the clocks go forward an hour that night. Choose a time outside the missing hour.";

/** A typed shop-clock time: the instant, or why not (`skipped`: a real-looking time the clocks jump over). */
export type ShopDateTimeParse = { ok: true; at: Date } | { ok: false; skipped: boolean };

/**
 * "2026-12-24T18:00" (a datetime-local field) or "2026-12-24 18:00" (typed), read on the shop's
 * clock → the instant. A time the clocks skip in spring (01:30 on the last Sunday of March) is
 * refused, never moved: the admin meant some time, and guessing which could open a sale an hour
 * off. A time that happens twice in autumn is read as its second (winter-time) one.
 */
export function parseShopDateTime(text: string): ShopDateTimeParse {
  const match = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!match) return { ok: false, skipped: false };
  const [year, month, day, hour, minute, second] = match.slice(1).map((n) => Number(n ?? 0)) as [number, number, number, number, number, number];
  if (year < 2000 || year > 9999 || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return { ok: false, skipped: false };
  const naive = Date.UTC(year, month - 1, day, hour, minute, second);
  // The day must exist (no 31 February).
  if (new Date(naive).getUTCDate() !== day) return { ok: false, skipped: false };
  // Two passes: the offset at the first guess may differ from the offset at the answer near a change.
  const first = naive - shopOffsetMinutes(new Date(naive)) * 60_000;
  const at = new Date(naive - shopOffsetMinutes(new Date(first)) * 60_000);
  // Read back on the clock: a skipped time comes back as another one.
  const back = wallTime(at);
  if (back.year !== year || back.month !== month || back.day !== day || back.hour !== hour || back.minute !== minute || back.second !== second) return { ok: false, skipped: true };
  return { ok: true, at };
}

/** An instant as a datetime-local field's value on the shop's clock: "2026-12-24T18:00". */
export function toShopDateTimeInput(at: Date | string | null): string {
  if (at === null) return "";
  const w = wallTime(typeof at === "string" ? new Date(at) : at);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}
