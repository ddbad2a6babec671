const gbp = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });

/** Formats integer pence as pounds, e.g. 529 → "£5.29". The only place money becomes text. */
export function formatPence(pence: number): string {
  return gbp.format(pence / 100);
}

/**
 * Pounds as an admin types them → integer pence: "12.5", "£12.50", "1,250", " 3 " → 1250,
 * 1250, 125000, 300. Null for anything else (three decimals, letters, a minus sign, a decimal
 * comma, an empty field). The one pounds parser: the product editor, "add single", coupons and
 * the shop's price filters all read typed pounds here.
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

/** Pence as a form shows them back for editing: 1250 → "12.50" (parsePounds reads it again). */
export function penceToPounds(pence: number): string {
  return (pence / 100).toFixed(2);
}
