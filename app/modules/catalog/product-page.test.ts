import { describe, expect, it } from "vitest";
import { showsFromPrice } from "./product-card";
import { cardNumber, chooseVariant, effectiveLimit, hasPicker, variantSku, type ProductVariant } from "./product-page";
import { sortVariants, variantGroups, variantPickerView } from "./variant-groups";

let nextId = 1;
function variant(v: Partial<ProductVariant>): ProductVariant {
  return {
    id: nextId++,
    condition: null,
    printing: null,
    language: null,
    grader: null,
    grade: null,
    price: 1000,
    premiumPrice: null,
    stock: 1,
    limitPerCustomer: null,
    ...v,
  };
}

const nm = variant({ condition: "nm", printing: "holo", language: "en", price: 30000, stock: 0 });
const lp = variant({ condition: "lp", printing: "holo", language: "en", price: 20000, stock: 2 });
const mp = variant({ condition: "mp", printing: "holo", language: "en", price: 15000, stock: 1 });
const psa10 = variant({ grader: "psa", grade: "10", price: 500000, stock: 1, limitPerCustomer: 1 });
const psa9 = variant({ grader: "psa", grade: "9", price: 90000, stock: 0 });
const VARIANTS = sortVariants([psa9, mp, psa10, nm, lp]);
const q = (s: string) => new URLSearchParams(s);

describe("sortVariants", () => {
  it("lists raw copies best condition first, then slabs best grade first", () => {
    expect(VARIANTS.map((v) => v.id)).toEqual([nm.id, lp.id, mp.id, psa10.id, psa9.id]);
  });
});

describe("chooseVariant", () => {
  it("shows the variant the query names, in stock or not", () => {
    expect(chooseVariant(VARIANTS, q("condition=mp&printing=holo"))).toBe(mp);
    expect(chooseVariant(VARIANTS, q("condition=nm"))).toBe(nm);
    expect(chooseVariant(VARIANTS, q("grader=psa&grade=9"))).toBe(psa9);
  });

  it("without a query, shows the first variant in stock (not the sold-out Near Mint)", () => {
    expect(chooseVariant(VARIANTS, q(""))).toBe(lp);
    expect(chooseVariant(VARIANTS, q("page=2&utm_source=x"))).toBe(lp);
  });

  it("reads a query naming no variant of this product as no query", () => {
    for (const query of ["condition=hp", "condition=lp&printing=first_edition", "grader=bgs", "condition=%00", "condition=lp&condition=nm&printing=normal"]) {
      expect(chooseVariant(VARIANTS, q(query)), query).toBe(lp);
    }
  });

  it("falls back to the first variant when none is in stock, and to null without variants", () => {
    const soldOut = [nm, psa9];
    expect(chooseVariant(soldOut, q(""))).toBe(nm);
    expect(chooseVariant([], q("condition=nm"))).toBeNull();
  });
});

describe("effectiveLimit", () => {
  it("is the variant's own limit when set, else the product's", () => {
    expect(effectiveLimit(psa10, 4)).toBe(1);
    expect(effectiveLimit(lp, 4)).toBe(4);
    expect(effectiveLimit(lp, null)).toBeNull();
  });
});

describe("cardNumber", () => {
  it("reads 4/102 when the set's printed count is known", () => {
    expect(cardNumber({ localNumber: "4", set: { code: "base1", name: "Base Set", officialCardCount: 102 } })).toBe("4/102");
    expect(cardNumber({ localNumber: "TG01", set: { code: "x", name: "X", officialCardCount: null } })).toBe("TG01");
  });
});

describe("hasPicker", () => {
  it("is off for sealed product with its one attribute-less variant, on for singles", () => {
    expect(hasPicker({ kind: "sealed", variants: [variant({})] })).toBe(false);
    expect(hasPicker({ kind: "single", variants: [lp] })).toBe(true);
    expect(hasPicker({ kind: "sealed", variants: [variant({}), variant({ condition: "nm" })] })).toBe(true);
  });
});

describe("variantGroups", () => {
  it("groups raw copies and slabs, naming only what differs and saying once what all share", () => {
    const groups = variantGroups(VARIANTS);
    expect(groups.map((g) => [g.key, g.title, g.shared])).toEqual([
      ["raw", "Condition", "Holo · English"],
      ["graded", "Graded", null],
    ]);
    expect(groups[0]!.options.map((o) => [o.label, o.query])).toEqual([
      ["Near Mint", "condition=nm&printing=holo&language=en"],
      ["Lightly Played", "condition=lp&printing=holo&language=en"],
      ["Moderately Played", "condition=mp&printing=holo&language=en"],
    ]);
    expect(groups[1]!.options.map((o) => [o.label, o.query])).toEqual([
      ["PSA 10", "grader=psa&grade=10"],
      ["PSA 9", "grader=psa&grade=9"],
    ]);
  });

  it("names printing and language per option when they differ", () => {
    const mixed = sortVariants([
      variant({ condition: "nm", printing: "holo", language: "en" }),
      variant({ condition: "nm", printing: "reverse_holo", language: "en" }),
      variant({ condition: "lp", printing: "holo", language: "ja" }),
    ]);
    const [raw] = variantGroups(mixed);
    expect(raw!.shared).toBeNull();
    expect(raw!.options.map((o) => o.label)).toEqual(["Near Mint · Holo · English", "Near Mint · Reverse Holo · English", "Lightly Played · Holo · Japanese"]);
    const printings = variantGroups([variant({ condition: "nm", printing: "holo" }), variant({ condition: "nm", printing: "first_edition" })]);
    expect(printings[0]!.shared).toBe("Near Mint");
    expect(printings[0]!.options.map((o) => o.label)).toEqual(["Holo", "1st Edition"]);
  });

  it("labels a lone raw copy in full, and slabs by language when theirs differ", () => {
    const [raw] = variantGroups([variant({ condition: "lp", printing: "normal", language: "en" })]);
    expect(raw).toMatchObject({ shared: null, options: [{ label: "Lightly Played · Normal · English" }] });
    const [, graded] = variantGroups([
      variant({ condition: "nm" }),
      variant({ grader: "psa", grade: "10", language: "en" }),
      variant({ grader: "psa", grade: "10", language: "ja" }),
    ]);
    expect(graded!.options.map((o) => o.label)).toEqual(["PSA 10 · English", "PSA 10 · Japanese"]);
    expect(variantGroups([])).toEqual([]);
  });
});

describe("variantPickerView", () => {
  it("is null for sealed product, and gives a single its groups and each variant's full label", () => {
    expect(variantPickerView({ kind: "sealed", variants: [variant({})] })).toBeNull();
    const view = variantPickerView({ kind: "single", variants: VARIANTS });
    expect(view!.groups).toEqual(variantGroups(VARIANTS));
    expect(view!.labels[lp.id]).toBe("Lightly Played · Holo · English");
    expect(view!.labels[psa10.id]).toBe("PSA 10");
  });
});

describe("variantSku", () => {
  it("is the slug alone for sealed product and the slug with the attributes otherwise", () => {
    expect(variantSku("box", variant({}))).toBe("box");
    expect(variantSku("charizard", lp)).toBe("charizard-lp-holo-en");
    expect(variantSku("charizard", psa10)).toBe("charizard-psa-10");
  });
});

describe("showsFromPrice", () => {
  it("says From only for several variants at different prices", () => {
    expect(showsFromPrice({ variantCount: 1, priceVaries: false })).toBe(false);
    expect(showsFromPrice({ variantCount: 3, priceVaries: false })).toBe(false);
    expect(showsFromPrice({ variantCount: 3, priceVaries: true })).toBe(true);
  });
});
