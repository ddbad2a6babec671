const gbp = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });

/** Formats integer pence as pounds, e.g. 529 → "£5.29". The only place money becomes text. */
export function formatPence(pence: number): string {
  return gbp.format(pence / 100);
}
