import { describe, expect, it } from "vitest";
import {
  DEMO_CATEGORIES,
  DEMO_LANGUAGES,
  DEMO_PRODUCTS,
  DEMO_PRODUCT_SEEDS,
  buildDemoProducts,
  demoFlagUrl,
  memberPrice,
  slugify,
} from "./catalogue";
import { PRODUCT_KINDS, type ProductKind } from "./product-kind";
import { DEMO_SINGLES } from "./singles";

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function duplicates(values: readonly string[]): string[] {
  return values.filter((v, i) => values.indexOf(v) !== i);
}

const categoryBySlug = new Map(DEMO_CATEGORIES.map((c) => [c.slug, c]));
const kindOf = (categorySlug: string): ProductKind => categoryBySlug.get(categorySlug)!.kind;
const visible = DEMO_PRODUCTS.filter((p) => p.isVisible);
/** Everything the shop lists: sealed products and singles. */
const everyVisible = [...visible, ...DEMO_SINGLES.filter((s) => s.isVisible)];
const newestFirst = <T extends { createdDaysAgo: number }>(list: readonly T[]) => [...list].sort((a, b) => a.createdDaysAgo - b.createdDaysAgo);

describe("demo languages", () => {
  it("has at least the 7 Pokémon TCG print languages", () => {
    expect(DEMO_LANGUAGES.length).toBeGreaterThanOrEqual(7);
    expect(DEMO_LANGUAGES.map((l) => l.flagCode)).toEqual(expect.arrayContaining(["gb", "jp", "cn", "tw", "kr", "th", "id"]));
  });

  it("has unique codes, slugs, names and sort orders", () => {
    expect(duplicates(DEMO_LANGUAGES.map((l) => l.code))).toEqual([]);
    expect(duplicates(DEMO_LANGUAGES.map((l) => l.slug))).toEqual([]);
    expect(duplicates(DEMO_LANGUAGES.map((l) => l.name))).toEqual([]);
    expect(duplicates(DEMO_LANGUAGES.map((l) => String(l.sortOrder)))).toEqual([]);
  });

  it("uses kebab-case slugs and ISO 3166 alpha-2 flag codes", () => {
    for (const l of DEMO_LANGUAGES) {
      expect(l.slug).toMatch(KEBAB);
      expect(l.flagCode).toMatch(/^[a-z]{2}$/);
      expect(demoFlagUrl(l)).toBe(`/flags/4x3/${l.flagCode}.svg`);
    }
  });

  it("gives every language at least one category", () => {
    for (const l of DEMO_LANGUAGES) {
      expect(DEMO_CATEGORIES.some((c) => c.languageCode === l.code), l.code).toBe(true);
    }
  });
});

describe("demo categories", () => {
  it("has at least 14 categories with unique kebab-case slugs and unique names", () => {
    expect(DEMO_CATEGORIES.length).toBeGreaterThanOrEqual(14);
    expect(duplicates(DEMO_CATEGORIES.map((c) => c.slug))).toEqual([]);
    expect(duplicates(DEMO_CATEGORIES.map((c) => c.name))).toEqual([]);
    for (const c of DEMO_CATEGORIES) expect(c.slug).toMatch(KEBAB);
  });

  it("belongs to a language that exists", () => {
    const codes = new Set(DEMO_LANGUAGES.map((l) => l.code));
    for (const c of DEMO_CATEGORIES) expect(codes, c.slug).toContain(c.languageCode);
  });

  it("uses only known kinds, and covers every kind but graded slabs (a slab is a variant of a single)", () => {
    for (const c of DEMO_CATEGORIES) expect(PRODUCT_KINDS).toContain(c.kind);
    expect(new Set(DEMO_CATEGORIES.map((c) => c.kind))).toEqual(new Set(PRODUCT_KINDS.filter((k) => k !== "graded-slab")));
  });

  it("has a Singles category in English and in Japanese", () => {
    expect(DEMO_CATEGORIES.filter((c) => c.kind === "single").map((c) => [c.slug, c.name, c.languageCode])).toEqual([
      ["english-singles", "English Singles", "en"],
      ["japanese-singles", "Japanese Singles", "ja"],
    ]);
  });

  it("has unique sort orders within a language", () => {
    for (const l of DEMO_LANGUAGES) {
      const orders = DEMO_CATEGORIES.filter((c) => c.languageCode === l.code).map((c) => String(c.sortOrder));
      expect(duplicates(orders), l.code).toEqual([]);
    }
  });

  it("shows at least one visible product on every category page", () => {
    for (const c of DEMO_CATEGORIES) {
      expect(everyVisible.some((p) => p.categorySlug === c.slug), c.slug).toBe(true);
    }
  });
});

describe("demo sealed products", () => {
  it("has at least 90 products with unique kebab-case slugs", () => {
    expect(DEMO_PRODUCTS.length).toBeGreaterThanOrEqual(90);
    expect(duplicates(DEMO_PRODUCTS.map((p) => p.slug))).toEqual([]);
    expect(duplicates(DEMO_PRODUCTS.map((p) => p.name))).toEqual([]);
    for (const p of DEMO_PRODUCTS) expect(p.slug).toMatch(KEBAB);
  });

  it("puts every product in a category that exists, and none among the singles", () => {
    for (const p of DEMO_PRODUCTS) {
      expect(categoryBySlug.has(p.categorySlug), p.slug).toBe(true);
      expect(kindOf(p.categorySlug), p.slug).not.toBe("single");
    }
  });

  it("has positive integer prices in pence", () => {
    for (const p of DEMO_PRODUCTS) {
      expect(Number.isInteger(p.price), p.slug).toBe(true);
      expect(p.price, p.slug).toBeGreaterThan(0);
    }
  });

  it("keeps prices plausible for each kind", () => {
    const ranges: Record<ProductKind, [number, number]> = {
      "booster-box": [12000, 30000],
      "elite-trainer-box": [4500, 9000],
      "booster-pack": [300, 1000],
      "booster-bundle": [2000, 5000],
      "collection-box": [1500, 30000],
      tin: [1000, 3000],
      blister: [400, 2000],
      single: [200, 60000],
      "graded-slab": [8000, 200000],
      accessory: [300, 4000],
    };
    for (const p of DEMO_PRODUCTS) {
      const [min, max] = ranges[kindOf(p.categorySlug)];
      expect(p.price, p.slug).toBeGreaterThanOrEqual(min);
      expect(p.price, p.slug).toBeLessThanOrEqual(max);
    }
  });

  it("prices members 5–10% below the normal price when there is a member price", () => {
    for (const p of DEMO_PRODUCTS) {
      if (p.premiumPrice === null) continue;
      expect(Number.isInteger(p.premiumPrice), p.slug).toBe(true);
      expect(p.premiumPrice, p.slug).toBeGreaterThan(0);
      expect(p.premiumPrice, p.slug).toBeLessThan(p.price);
      const discount = 1 - p.premiumPrice / p.price;
      expect(discount, p.slug).toBeGreaterThanOrEqual(0.045);
      expect(discount, p.slug).toBeLessThanOrEqual(0.105);
    }
  });

  it("gives about a third of the products a member price", () => {
    const share = DEMO_PRODUCTS.filter((p) => p.premiumPrice !== null).length / DEMO_PRODUCTS.length;
    expect(share).toBeGreaterThanOrEqual(0.25);
    expect(share).toBeLessThanOrEqual(0.42);
  });

  it("has non-negative integer stock", () => {
    for (const p of DEMO_PRODUCTS) {
      expect(Number.isInteger(p.stock), p.slug).toBe(true);
      expect(p.stock, p.slug).toBeGreaterThanOrEqual(0);
    }
  });

  it("mixes stock levels: mostly 6–60, some low, some sold out", () => {
    const outOfStock = DEMO_PRODUCTS.filter((p) => p.stock === 0);
    const low = DEMO_PRODUCTS.filter((p) => p.stock >= 1 && p.stock <= 5);
    const normal = DEMO_PRODUCTS.filter((p) => p.stock >= 6 && p.stock <= 60);
    expect(outOfStock.length).toBeGreaterThanOrEqual(6);
    expect(low.length).toBeGreaterThanOrEqual(8);
    expect(normal.length).toBeGreaterThan(DEMO_PRODUCTS.length / 2);
    // Sold-out and low-stock products must be visible too, or the demo would not show them.
    expect(outOfStock.filter((p) => p.isVisible).length).toBeGreaterThanOrEqual(6);
    expect(low.filter((p) => p.isVisible).length).toBeGreaterThanOrEqual(8);
  });

  it("has a per-customer limit of null or 1..10, on about a quarter of the products", () => {
    for (const p of DEMO_PRODUCTS) {
      if (p.limitPerCustomer === null) continue;
      expect(Number.isInteger(p.limitPerCustomer), p.slug).toBe(true);
      expect(p.limitPerCustomer, p.slug).toBeGreaterThanOrEqual(1);
      expect(p.limitPerCustomer, p.slug).toBeLessThanOrEqual(10);
    }
    const share = DEMO_PRODUCTS.filter((p) => p.limitPerCustomer !== null).length / DEMO_PRODUCTS.length;
    expect(share).toBeGreaterThanOrEqual(0.18);
    expect(share).toBeLessThanOrEqual(0.33);
  });

  it("hides at least 5 products", () => {
    expect(DEMO_PRODUCTS.filter((p) => !p.isVisible).length).toBeGreaterThanOrEqual(5);
  });

  it("spreads creation dates over 0–400 days with a well-defined newest order", () => {
    for (const p of DEMO_PRODUCTS) {
      expect(Number.isInteger(p.createdDaysAgo), p.slug).toBe(true);
      expect(p.createdDaysAgo, p.slug).toBeGreaterThanOrEqual(0);
      expect(p.createdDaysAgo, p.slug).toBeLessThanOrEqual(400);
    }
    const days = DEMO_PRODUCTS.map((p) => p.createdDaysAgo);
    expect(Math.min(...days)).toBe(0);
    expect(Math.max(...days)).toBeGreaterThanOrEqual(350);
    const newest12 = newestFirst(DEMO_PRODUCTS).slice(0, 12).map((p) => String(p.createdDaysAgo));
    expect(duplicates(newest12)).toEqual([]);
    // Singles are listed among the newest too: the order must be well defined across both.
    const newestVisible12 = newestFirst(everyVisible).slice(0, 12).map((p) => String(p.createdDaysAgo));
    expect(duplicates(newestVisible12)).toEqual([]);
  });

  it("shows a mix of available and sold-out products among the 8 newest visible", () => {
    const newest8 = newestFirst(visible).slice(0, 8);
    expect(newest8.some((p) => p.stock > 0)).toBe(true);
    expect(newest8.some((p) => p.stock === 0)).toBe(true);
  });

  it("has short descriptions, with a few left empty for the fallback", () => {
    const empty = DEMO_PRODUCTS.filter((p) => p.description === null);
    expect(empty.length).toBeGreaterThanOrEqual(3);
    expect(empty.length).toBeLessThanOrEqual(8);
    expect(empty.filter((p) => p.isVisible).length).toBeGreaterThanOrEqual(3);
    for (const p of DEMO_PRODUCTS) {
      if (p.description === null) continue;
      expect(p.description, p.slug).toBe(p.description.trim());
      expect(p.description.length, p.slug).toBeGreaterThanOrEqual(20);
      expect(p.description.length, p.slug).toBeLessThanOrEqual(400);
      expect(p.description, p.slug).toMatch(/[.!]$/);
    }
  });

  it("has products to find when searching for popular Pokémon", () => {
    for (const word of ["Charizard", "Pikachu", "Umbreon", "Mew"]) {
      const hits = everyVisible.filter((p) => p.name.includes(word));
      expect(hits.length, word).toBeGreaterThanOrEqual(2);
    }
  });

  it("has products in more than one language", () => {
    const languages = new Set(DEMO_PRODUCTS.map((p) => categoryBySlug.get(p.categorySlug)!.languageCode));
    expect(languages.size).toBe(DEMO_LANGUAGES.length);
  });
});

describe("builder", () => {
  it("is deterministic", () => {
    expect(buildDemoProducts(DEMO_PRODUCT_SEEDS)).toEqual(DEMO_PRODUCTS);
  });

  it("derives slugs from names", () => {
    expect(slugify("Scarlet & Violet 151 Booster Bundle")).toBe("scarlet-and-violet-151-booster-bundle");
    expect(slugify("PSA 10 Umbreon VMAX 215/203 Alternate Art")).toBe("psa-10-umbreon-vmax-215-203-alternate-art");
    expect(slugify("Japanese Pokémon Card 151 Booster Box (20 packs)")).toBe("japanese-pokemon-card-151-booster-box-20-packs");
    expect(slugify("Ultra PRO Eclipse Matte Sleeves (100) – Jet Black")).toBe("ultra-pro-eclipse-matte-sleeves-100-jet-black");
  });

  it("derives member prices from the discount", () => {
    expect(memberPrice(10000, 5)).toBe(9500);
    expect(memberPrice(5499, 7)).toBe(5114);
    expect(
      buildDemoProducts([{ name: "A", category: "c", price: 1000, proDiscount: 10, stock: 1, days: 0, description: null }])[0],
    ).toEqual({
      slug: "a",
      name: "A",
      categorySlug: "c",
      price: 1000,
      premiumPrice: 900,
      stock: 1,
      limitPerCustomer: null,
      description: null,
      isVisible: true,
      createdDaysAgo: 0,
    });
  });
});
