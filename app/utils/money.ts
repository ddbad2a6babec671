const gbp = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });

/** Formats integer pence as pounds, e.g. 529 → "£5.29". The only place money becomes text. */
export function formatPence(pence: number): string {
  return gbp.format(pence / 100);
}

/**
 * Pounds as an owner types them or a spreadsheet writes them → integer pence: "12.5", "£12.50",
 * "1,250", " 3 " → 1250, 1250, 125000, 300. Null for anything else (three decimals, letters, a
 * minus sign, a decimal comma, an empty field): money is never guessed. The one pounds parser:
 * the product editor, "add single", coupons, the products CSV and the shop's price filters.
 */
export function parsePounds(text: string): number | null {
  const cleaned = text.trim().replace(/^£\s*/, "");
  // Thousands commas only in their places: "1,250.00" yes, "12,50" (a decimal comma) no.
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const pounds = Number(match[1]!.replaceAll(",", ""));
  const pence = Number((match[2] ?? "").padEnd(2, "0"));
  const total = pounds * 100 + pence;
  return Number.isSafeInteger(total) ? total : null;
}

/**
 * Signed pounds as typed by an admin ("5", "-2.50", "−£3", "+1"): the sign, then `parsePounds`.
 * Null for anything `parsePounds` refuses.
 */
export function parseSignedPounds(text: string): number | null {
  const trimmed = text.trim();
  const negative = /^[-−]/.test(trimmed);
  const pence = parsePounds(trimmed.replace(/^[-−+]\s*/, ""));
  return pence === null ? null : negative ? -pence : pence;
}

/**
 * Whether text is a sum exactly as `formatPence` writes it ("£1,250.00"), optionally signed
 * ("+£5.00", "−£2.50"): the only money text a page echoes from a URL anyone can write.
 */
export function isFormattedPence(text: string | null | undefined, { signed = false } = {}): text is string {
  if (!text) return false;
  return (signed ? /^[+−]£\d{1,3}(,\d{3})*\.\d{2}$/ : /^£\d{1,3}(,\d{3})*\.\d{2}$/).test(text);
}

/** Integer pence as plain pounds with two decimals, for form fields and files: 1250 → "12.50", 5 → "0.05" (parsePounds reads it again). */
export function penceToPounds(pence: number): string {
  if (!Number.isSafeInteger(pence)) throw new RangeError(`penceToPounds: ${pence} is not a whole number of pence`);
  const sign = pence < 0 ? "-" : "";
  const abs = Math.abs(pence);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
