import { describe, expect, it } from "vitest";
import { cardCategory, mapCard, numberSortKey, planImport, printingsFromVariants, problemLine } from "./tcgdex";

const sorted = (numbers: string[]) => [...numbers].sort((a, b) => (numberSortKey(a) < numberSortKey(b) ? -1 : numberSortKey(a) > numberSortKey(b) ? 1 : 0));

describe("numberSortKey", () => {
  it("orders plain numbers by value, then prefixed numbers, then anything else", () => {
    expect(sorted(["TG01", "10", "102", "2", "?", "SV107", "1", "TG10", "20A", "20"])).toEqual([
      "1", "2", "10", "20", "20A", "102", "SV107", "TG01", "TG10", "?",
    ]);
  });

  it("ties zero-padded and plain forms of the same number", () => {
    expect(numberSortKey("001")).toBe(numberSortKey("1"));
    expect(numberSortKey("tg01")).toBe(numberSortKey("TG01"));
  });

  it("uses only digits and capitals of one width, so any collation sorts it the same", () => {
    for (const number of ["4", "199", "TG01", "SWSH001", "20A", "?", "!", "H1"]) {
      expect(numberSortKey(number)).toMatch(/^[0-9A-Z]{18}$/);
    }
  });
});

describe("printingsFromVariants", () => {
  it("maps TCGdex's flags in a fixed order and ignores those we do not sell", () => {
    expect(printingsFromVariants({ firstEdition: true, holo: true, normal: false, reverse: false })).toEqual(["holo", "first_edition"]);
    expect(printingsFromVariants({ normal: true, reverse: true })).toEqual(["normal", "reverse_holo"]);
    expect(printingsFromVariants({ jumbo: true } as never)).toEqual([]);
  });
});

describe("cardCategory", () => {
  it("accepts both spellings of Pokémon and refuses other words", () => {
    expect(cardCategory("Pokemon")).toBe("Pokémon");
    expect(cardCategory("Pokémon")).toBe("Pokémon");
    expect(cardCategory("Trainer")).toBe("Trainer");
    expect(cardCategory("Energy")).toBe("Energy");
    expect(cardCategory("Stadium")).toBeNull();
  });
});

describe("mapCard", () => {
  const base = { id: "base1-4", localId: "4", name: "Charizard", rarity: null, stage: null, suffix: null, trainerType: null, energyType: null, illustrator: null };

  it("maps a full Pokémon card, Cardmarket id included", () => {
    const mapped = mapCard({
      ...base,
      category: "Pokemon",
      rarity: "Rare Holo",
      stage: "Stage2",
      hp: 120,
      types: ["Fire"],
      illustrator: "Mitsuhiro Arita",
      variants: { holo: true, firstEdition: true },
      pricing: { cardmarket: { idProduct: 273699 } },
    });
    expect(mapped).toEqual({
      card: {
        tcgdexId: "base1-4", localNumber: "4", numberSort: numberSortKey("4"), name: "Charizard", rarity: "Rare Holo",
        category: "Pokémon", stage: "Stage2", subtypes: [], hp: 120, types: ["Fire"], printings: ["holo", "first_edition"],
        artist: "Mitsuhiro Arita", cardmarketProductId: 273699,
      },
    });
  });

  it("collects suffix, trainer and energy types as subtypes; a trainer has no types", () => {
    const mapped = mapCard({ ...base, category: "Trainer", trainerType: "Supporter" });
    expect(mapped).toMatchObject({ card: { category: "Trainer", subtypes: ["Supporter"], types: [], hp: null, printings: null } });
  });

  it("leaves unknown what a set's card list does not say", () => {
    const mapped = mapCard({ id: "swsh12-TG01", localId: "TG01", name: "Braixen", rarity: null, stage: null, suffix: null, trainerType: null, energyType: null, illustrator: null });
    expect(mapped).toMatchObject({
      card: { category: null, subtypes: null, types: null, printings: null, hp: null, rarity: null, artist: null, cardmarketProductId: null },
    });
  });

  it("refuses an unknown category", () => {
    expect(mapCard({ ...base, category: "Stadium" })).toEqual({ problem: 'category "Stadium" is not Pokemon, Trainer or Energy' });
  });
});

describe("planImport", () => {
  const set = { id: "base1", name: "Base Set", serie: { id: "base", name: "Base" }, releaseDate: "1999-01-09", cardCount: { official: 102, total: 102 } };
  const card = (localId: string, extra: Record<string, unknown> = {}) => ({ id: `base1-${localId}`, localId, name: `Card ${localId}`, category: "Pokemon", ...extra });

  it("groups set files and card files by set, merges a card seen twice, and orders cards by number", () => {
    const plan = planImport([
      { file: "base1.json", json: { ...set, cards: [{ id: "base1-10", localId: "10", name: "Mewtwo" }, card("2")] } },
      { file: "cards/base1-10.json", json: { ...card("10", { name: "Mewtwo", rarity: "Rare Holo" }), set: { id: "base1", name: "Base Set" } } },
    ]);
    expect(plan.problems).toEqual([]);
    expect(plan.sets).toHaveLength(1);
    expect(plan.sets[0]!.set).toMatchObject({ tcgdexId: "base1", seriesName: "Base", releaseDate: "1999-01-09", officialCardCount: 102 });
    expect(plan.sets[0]!.cards.map((c) => [c.localNumber, c.rarity])).toEqual([["2", null], ["10", "Rare Holo"]]);
  });

  it("takes a numeric localId as text", () => {
    const plan = planImport([{ file: "f.json", json: { ...set, cards: [{ ...card("4"), localId: 4 }] } }]);
    expect(plan.sets[0]!.cards[0]!.localNumber).toBe("4");
  });

  it("refuses a whole set for one malformed card, naming the file and the record", () => {
    const plan = planImport([
      { file: "base1.json", json: { ...set, cards: [card("1"), card("2", { hp: "lots" })] } },
      { file: "other.json", json: { ...card("3", { id: "base2-3" }), set: { id: "base2", name: "Jungle" } } },
    ]);
    expect(plan.sets.map((s) => s.set.tcgdexId)).toEqual(["base2"]);
    expect(plan.problems).toHaveLength(1);
    expect(problemLine(plan.problems[0]!)).toBe("base1.json: card base1-2: hp: must be a whole number");
  });

  it("refuses records that are not sets or cards, and two cards with one number", () => {
    const plan = planImport([
      { file: "list.json", json: [42, { hello: "world" }] },
      { file: "base1.json", json: { ...set, cards: [card("1"), { ...card("1"), id: "base1-1b" }] } },
    ]);
    expect(plan.sets).toEqual([]);
    expect(plan.problems.map(problemLine)).toEqual([
      "list.json: record 1: is not a TCGdex set or card object",
      "list.json: record 2: is not a TCGdex set or card object (no localId, cardCount or cards)",
      "base1.json: card base1-1b: has number 1, like card base1-1 of the same set",
    ]);
  });

  it("names a card without an id by its place in the set", () => {
    const plan = planImport([{ file: "base1.json", json: { ...set, cards: [{ localId: "1", name: "Alakazam" }] } }]);
    expect(problemLine(plan.problems[0]!)).toBe("base1.json: set base1, card 1: id is missing");
  });
});
