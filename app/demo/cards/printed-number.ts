/**
 * A card's number as printed on it: "4/102", "001/165", "232/091" (the set size takes as many
 * digits as the number), or "SVP 085" for a promo set, which prints no set size.
 */
export function printedCardNumber(localNumber: string, officialCount: number | null, setCode: string): string {
  if (!officialCount) return `${setCode.toUpperCase()} ${localNumber}`;
  if (!/^\d+$/.test(localNumber)) return localNumber;
  return `${localNumber}/${String(officialCount).padStart(localNumber.length, "0")}`;
}
