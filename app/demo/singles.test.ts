import { describe, expect, it } from "vitest";
import { CONDITIONS, GRADERS, GRADES, PRINTINGS, variantQuery } from "~/modules/catalog/variants";
import { DEMO_CARDS, demoCard } from "./cards";
import { DEMO_CATEGORIES, DEMO_PRODUCTS } from "./catalogue";
import { DEMO_SINGLE_SEEDS, DEMO_SINGLES, buildDemoSingles, shopPrice, singleSlug } from "./singles";

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const allVariants = DEMO_SINGLES.flatMap((single) => single.variants.map((variant) => ({ single, variant })));
const bySlug = new Map(DEMO_SINGLES.map((single) => [single.slug, single]));

describe("demo singles", () => {
  it("sells one product per card, each card one that exists", () => {
    const cards = new Set(DEMO_CARDS.map((card) => card.tcgdexId));
    for (const single of DEMO_SINGLES) expect(cards, single.slug).toContain(single.cardTcgdexId);
    expect(new Set(DEMO_SINGLES.map((s) => s.cardTcgdexId)).size).toBe(DEMO_SINGLES.length);
  });

  it("has unique kebab-case slugs and names, none shared with a sealed product", () => {
    const slugs = [...DEMO_SINGLES.map((s) => s.slug), ...DEMO_PRODUCTS.map((p) => p.slug)];
    expect(new Set(slugs).size).toBe(slugs.length);
    const names = [...DEMO_SINGLES.map((s) => s.name), ...DEMO_PRODUCTS.map((p) => p.name)];
    expect(new Set(names).size).toBe(names.length);
    for (const single of DEMO_SINGLES) expect(single.slug).toMatch(KEBAB);
  });

  it("names a single by card, printed number and set, and slugs it by name, set code and number", () => {
    expect(bySlug.get("charizard-base1-4")?.name).toBe("Charizard 4/102 · Base Set");
    expect(bySlug.get("charizard-ex-sv03-5-199")?.name).toBe("Charizard ex 199/165 · Scarlet & Violet—151");
    expect(bySlug.get("umbreon-vmax-swsh7-215")?.name).toBe("Umbreon VMAX 215/203 · Evolving Skies");
    expect(singleSlug("Nidoran♂", "base1", "55")).toBe("nidoran-base1-55");
  });

  it("files singles in the Singles category of their print language", () => {
    const category = new Map(DEMO_CATEGORIES.map((c) => [c.slug, c]));
    for (const single of DEMO_SINGLES) {
      const c = category.get(single.categorySlug);
      expect(c?.kind, single.slug).toBe("single");
      for (const v of single.variants) expect(v.language, single.slug).toBe(c?.languageCode);
    }
    expect(DEMO_SINGLES.filter((s) => s.categorySlug === "japanese-singles").length).toBeGreaterThanOrEqual(3);
  });

  it("lists Base Set Charizard 4/102 in Near Mint, Lightly and Moderately Played", () => {
    const charizard = bySlug.get("charizard-base1-4")!;
    expect(charizard.cardTcgdexId).toBe("base1-4");
    const conditions = charizard.variants.filter((v) => v.grader === null).map((v) => v.condition);
    expect(conditions).toEqual(expect.arrayContaining(["nm", "lp", "mp"]));
    expect(charizard.variants.filter((v) => v.grader !== null).length).toBeGreaterThanOrEqual(2);
  });

  it("has only variants the database accepts (its CHECK and unique constraints)", () => {
    for (const { single, variant: v } of allVariants) {
      const where = `${single.slug} ${variantQuery(v)}`;
      expect(Number.isInteger(v.price) && v.price > 0, where).toBe(true);
      if (v.premiumPrice !== null) expect(Number.isInteger(v.premiumPrice) && v.premiumPrice >= 0 && v.premiumPrice < v.price, where).toBe(true);
      expect(Number.isInteger(v.stock) && v.stock >= 0, where).toBe(true);
      if (v.limitPerCustomer !== null) expect(Number.isInteger(v.limitPerCustomer) && v.limitPerCustomer > 0, where).toBe(true);
      if (v.condition !== null) expect(CONDITIONS, where).toContain(v.condition);
      if (v.printing !== null) expect(PRINTINGS, where).toContain(v.printing);
      expect(v.language ?? "en", where).toMatch(/^[a-z]{2}(-[a-z]{2})?$/);
      expect(v.grader === null, where).toBe(v.grade === null);
      if (v.grader !== null) {
        expect(GRADERS, where).toContain(v.grader);
        expect(v.grade ?? "", where).toMatch(/^(10|[1-9]([.]5)?)$/);
        expect(GRADES, where).toContain(v.grade);
        expect(v.condition, where).toBeNull();
      } else {
        expect(v.condition, where).not.toBeNull();
      }
    }
    for (const single of DEMO_SINGLES) {
      const keys = single.variants.map((v) => variantQuery(v));
      expect(new Set(keys).size, single.slug).toBe(keys.length);
    }
  });

  it("sells a raw card only in printings the card exists in", () => {
    for (const { single, variant } of allVariants) {
      if (variant.grader !== null) continue;
      const card = demoCard(single.setCode, single.number)!;
      if (card.printings === null) expect(variant.printing, single.slug).toBeNull();
      else expect(card.printings, `${single.slug} ${variant.printing}`).toContain(variant.printing);
    }
  });

  it("prices worse conditions lower, and members 5–10% below", () => {
    for (const single of DEMO_SINGLES) {
      for (const printing of PRINTINGS) {
        const raw = single.variants.filter((v) => v.grader === null && v.printing === printing);
        const ordered = [...raw].sort((a, b) => CONDITIONS.indexOf(a.condition!) - CONDITIONS.indexOf(b.condition!));
        for (let i = 1; i < ordered.length; i++) expect(ordered[i]!.price, single.slug).toBeLessThan(ordered[i - 1]!.price);
      }
      for (const v of single.variants) {
        if (v.premiumPrice === null) continue;
        const discount = 1 - v.premiumPrice / v.price;
        expect(discount, single.slug).toBeGreaterThanOrEqual(0.045);
        expect(discount, single.slug).toBeLessThanOrEqual(0.105);
      }
    }
  });

  it("has a few hundred variants covering every condition and printing, the main graders, sold-out and limited ones", () => {
    expect(allVariants.length).toBeGreaterThanOrEqual(200);
    expect(allVariants.length).toBeLessThanOrEqual(600);
    const raw = allVariants.map(({ variant }) => variant).filter((v) => v.grader === null);
    expect(new Set(raw.map((v) => v.condition))).toEqual(new Set(CONDITIONS));
    expect(new Set(raw.map((v) => v.printing))).toEqual(new Set(["normal", "holo", "reverse_holo", "first_edition", null]));
    const slabs = allVariants.map(({ variant }) => `${variant.grader} ${variant.grade}`);
    expect(slabs).toEqual(expect.arrayContaining(["psa 10", "bgs 9.5", "cgc 9"]));
    expect(allVariants.filter(({ variant }) => variant.stock === 0).length).toBeGreaterThanOrEqual(8);
    expect(allVariants.filter(({ variant }) => variant.limitPerCustomer !== null).length).toBeGreaterThanOrEqual(3);
    expect(DEMO_SINGLES.filter((s) => s.limitPerCustomer !== null).length).toBeGreaterThanOrEqual(3);
    expect(allVariants.filter(({ variant }) => variant.premiumPrice !== null).length).toBeGreaterThanOrEqual(20);
  });

  it("keeps descriptions short, whole sentences, and a few empty", () => {
    for (const single of DEMO_SINGLES) {
      if (single.description === null) continue;
      expect(single.description.length, single.slug).toBeLessThanOrEqual(400);
      expect(single.description, single.slug).toMatch(/[.!]$/);
    }
    expect(DEMO_SINGLES.filter((s) => s.description === null).length).toBeGreaterThanOrEqual(1);
  });

  it("is deterministic", () => {
    expect(buildDemoSingles(DEMO_SINGLE_SEEDS)).toEqual(DEMO_SINGLES);
  });

  it("refuses a listing of a card the demo does not know", () => {
    expect(() => buildDemoSingles([{ set: "base1", number: "103", days: 1, offers: [] }])).toThrow(/base1 103/);
  });
});

describe("shopPrice", () => {
  it("ends prices in 9 and rounds pennies to 5p, never below 10p", () => {
    expect(shopPrice(8500)).toBe(8499);
    expect(shopPrice(1234)).toBe(1199);
    expect(shopPrice(255)).toBe(259);
    expect(shopPrice(42)).toBe(40);
    expect(shopPrice(3)).toBe(10);
  });
});
