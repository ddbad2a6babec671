/** A card's number as the shop writes it: "4/102" when the set's printed count is known, else "4". */
export function cardNumberText(localNumber: string, officialCardCount: number | null): string {
  return officialCardCount === null ? localNumber : `${localNumber}/${officialCardCount}`;
}
