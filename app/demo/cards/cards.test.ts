import { describe, expect, it } from "vitest";
import { CARD_PRINTINGS } from "~/db/schema/cards";
import { numberSortKey, planImport } from "~/modules/cards/tcgdex";
import { DEMO_CARD_SETS, DEMO_CARDS, demoCard, printedCardNumber, tcgdexDocuments } from ".";

const setOf = (code: string) => DEMO_CARD_SETS.find((set) => set.code === code)!;

describe("demo card sets", () => {
  it("have unique codes and aliases, lower-case aliases, and dates written yyyy-mm-dd", () => {
    const codes = DEMO_CARD_SETS.map((set) => set.code);
    expect(new Set(codes).size).toBe(codes.length);
    const aliases = DEMO_CARD_SETS.flatMap((set) => set.aliases);
    expect(new Set(aliases).size).toBe(aliases.length);
    for (const set of DEMO_CARD_SETS) {
      for (const alias of set.aliases) expect(alias, set.code).toBe(alias.toLowerCase());
      expect(set.releaseDate, set.code).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(set.cards.length, set.code).toBeGreaterThan(0);
    }
  });

  it("has the whole Base Set: 102 cards numbered 1–102, holo rares 1–16", () => {
    const base = setOf("base1");
    expect(base).toMatchObject({ name: "Base Set", officialCount: 102, totalCount: 102, complete: true });
    expect(base.cards.map(([number]) => number)).toEqual(Array.from({ length: 102 }, (_, i) => String(i + 1)));
    expect(demoCard("base1", "4")).toMatchObject({ name: "Charizard", rarity: "Rare", printings: ["holo"], category: "Pokémon" });
    expect(demoCard("base1", "58")).toMatchObject({ name: "Pikachu", rarity: "Common", printings: ["normal"] });
    expect(demoCard("base1", "88")).toMatchObject({ name: "Professor Oak", category: "Trainer" });
    expect(demoCard("base1", "102")).toMatchObject({ name: "Water Energy", category: "Energy", rarity: null });
  });

  it("has the whole of Scarlet & Violet—151: 207 cards numbered 001–207, 165 before the secret rares", () => {
    const mew = setOf("sv03.5");
    expect(mew).toMatchObject({ officialCount: 165, totalCount: 207, aliases: ["sv3pt5", "mew"], complete: true });
    expect(mew.cards.map(([number]) => number)).toEqual(Array.from({ length: 207 }, (_, i) => String(i + 1).padStart(3, "0")));
    expect(demoCard("sv03.5", "151")).toMatchObject({ name: "Mew ex", rarity: "Double rare" });
    expect(demoCard("sv03.5", "199")).toMatchObject({ name: "Charizard ex", rarity: "Special illustration rare", printings: ["holo"] });
    expect(demoCard("sv03.5", "205")).toMatchObject({ name: "Mew ex", rarity: "Hyper rare" });
    expect(demoCard("sv03.5", "025")).toMatchObject({ name: "Pikachu", rarity: "Common", printings: ["normal", "reverse_holo"] });
    // Every number after 165 is a secret rare of some kind, never a common.
    for (const [number, , rarity] of mew.cards.slice(165)) expect(["IR", "UR", "SIR", "HR"], number).toContain(rarity);
  });

  it("numbers cards uniquely within a set, and every card's printings are known ones", () => {
    for (const set of DEMO_CARD_SETS) {
      const numbers = set.cards.map(([number]) => number);
      expect(new Set(numbers).size, set.code).toBe(numbers.length);
      const sortKeys = numbers.map(numberSortKey);
      expect(new Set(sortKeys).size, set.code).toBe(numbers.length);
    }
    for (const card of DEMO_CARDS) {
      for (const printing of card.printings ?? []) expect(CARD_PRINTINGS, card.tcgdexId).toContain(printing);
      expect(card.name, card.tcgdexId).toBe(card.name.trim());
    }
  });

  it("passes the TCGdex importer's own checks, so the seed can write it through the importer", () => {
    const plan = planImport(tcgdexDocuments());
    expect(plan.problems).toEqual([]);
    expect(plan.sets.map((entry) => entry.set.tcgdexId)).toEqual(DEMO_CARD_SETS.map((set) => set.code));
    const base = plan.sets.find((entry) => entry.set.tcgdexId === "base1")!;
    expect(base.set).toMatchObject({ name: "Base Set", seriesName: "Base", releaseDate: "1999-01-09", officialCardCount: 102, totalCardCount: 102 });
    expect(base.cards.find((card) => card.tcgdexId === "base1-4")).toMatchObject({
      localNumber: "4",
      name: "Charizard",
      rarity: "Rare",
      category: "Pokémon",
      printings: ["holo"],
      cardmarketProductId: 273699,
    });
    expect(plan.sets.reduce((n, entry) => n + entry.cards.length, 0)).toBe(DEMO_CARDS.length);
  });
});

describe("printedCardNumber", () => {
  it("writes the number over the set size as the card prints it", () => {
    expect(printedCardNumber("4", 102, "base1")).toBe("4/102");
    expect(printedCardNumber("001", 165, "sv03.5")).toBe("001/165");
    expect(printedCardNumber("232", 91, "sv04.5")).toBe("232/091");
    expect(printedCardNumber("085", 0, "svp")).toBe("SVP 085");
    expect(printedCardNumber("TG05", 196, "swsh11")).toBe("TG05");
  });
});
