/**
 * The demo's price guide: a small, fixed Cardmarket-shaped guide for the two demo cards whose
 * Cardmarket ids the demo knows (app/demo/cards/index.ts), so a fresh demo shop can price them
 * (repricing's preview, "add single" suggestions, and the buylist's instant offers). Imported
 * by the seed through the price-guide importer, its one home. Figures are euros, as in the file.
 */
export const DEMO_PRICE_GUIDE_FILE = "demo-price-guide.json";

export const DEMO_PRICE_GUIDE = {
  version: 1,
  // A fixed date, so the guide is the same every time; any newer guide an operator imports wins.
  createdAt: "2025-11-01T02:00:00+0100",
  priceGuides: [
    // Base Set Charizard (base1-4, holo): £272.00 a Near Mint copy at the default rules.
    { idProduct: 273699, idCategory: 51, avg: 330, low: 260, trend: 320, avg1: 325, avg7: 322.5, avg30: 318 },
    // Jungle Snorlax (base2-11, holo): £21.25.
    { idProduct: 273808, idCategory: 51, avg: 26, low: 19.5, trend: 25, avg1: 24, avg7: 25.5, avg30: 26.2 },
  ],
} as const;
