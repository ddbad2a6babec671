import { describe, expect, it } from "vitest";
import { firstFreeSlug, isSlug, MAX_SLUG_LENGTH, slugify } from "./slug";

describe("slugify", () => {
  it("folds accents, reads & as and, and joins words with single hyphens", () => {
    expect(slugify("Scarlet & Violet 151 Booster Bundle")).toBe("scarlet-and-violet-151-booster-bundle");
    expect(slugify("  Pokémon —  Japanese!! ")).toBe("pokemon-japanese");
  });

  it("gives nothing for a name without letters or digits", () => {
    expect(slugify("★ ☆ —")).toBe("");
  });

  it("cuts long names at a word break within the limit", () => {
    const slug = slugify("word ".repeat(60));
    expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
    expect(slug.endsWith("word")).toBe(true);
    expect(isSlug(slug)).toBe(true);
  });
});

describe("isSlug", () => {
  it.each(["a", "booster-boxes", "sv3pt5-199"])("accepts %s", (slug) => expect(isSlug(slug)).toBe(true));
  it.each(["", "Booster", "a--b", "-a", "a-", "a b", "ä", "a".repeat(MAX_SLUG_LENGTH + 1)])("refuses %j", (slug) => expect(isSlug(slug)).toBe(false));
});

describe("firstFreeSlug", () => {
  it("numbers the name until it is free", () => {
    expect(firstFreeSlug("mew", new Set())).toBe("mew");
    expect(firstFreeSlug("mew", new Set(["mew", "mew-2"]))).toBe("mew-3");
    expect(firstFreeSlug("box-2", new Set(["box-2"]))).toBe("box-3");
  });
  it("stays within the length limit", () => {
    const base = "a".repeat(MAX_SLUG_LENGTH);
    const free = firstFreeSlug(base, new Set([base]));
    expect(free).toHaveLength(MAX_SLUG_LENGTH);
    expect(free.endsWith("-2")).toBe(true);
  });
});
