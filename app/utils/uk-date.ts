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
