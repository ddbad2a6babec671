import { describe, expect, it } from "vitest";
import {
  buildPrefixQuery,
  foldWord,
  MAX_SEARCH_QUERY_LENGTH,
  normaliseSearchQuery,
  plainSearchText,
  webSearchText,
  wordTokens,
} from "./search-query";

describe("normaliseSearchQuery", () => {
  it("trims and collapses whitespace", () => {
    expect(normaliseSearchQuery("  charizard \n\t ex  ")).toBe("charizard ex");
  });

  it("removes NUL and other control characters, which PostgreSQL text cannot hold", () => {
    expect(normaliseSearchQuery("pika\u0000chu\u0007")).toBe("pika chu");
  });

  it("cuts long input to the maximum length without splitting a surrogate pair", () => {
    expect(normaliseSearchQuery("a".repeat(10_000))).toHaveLength(MAX_SEARCH_QUERY_LENGTH);
    const emoji = "😀".repeat(300);
    const cut = normaliseSearchQuery(emoji);
    expect(Array.from(cut)).toHaveLength(MAX_SEARCH_QUERY_LENGTH);
    expect(cut).not.toMatch(/[\ud800-\udbff]$/);
  });

  it("drops lone surrogates and treats non-strings as empty", () => {
    expect(normaliseSearchQuery("ab\ud800cd")).toBe("abcd");
    expect(normaliseSearchQuery(undefined)).toBe("");
    expect(normaliseSearchQuery(["a"])).toBe("");
  });
});

describe("word folding", () => {
  it("folds accents like the prefix search column, and leaves other scripts alone", () => {
    expect(foldWord("Pokémon")).toBe("pokemon");
    expect(foldWord("ガラル")).toBe("ガラル");
    expect(wordTokens("Chien-Pao!")).toEqual(["chien", "pao"]);
  });
});

describe("buildPrefixQuery", () => {
  it("makes every word a prefix, all required", () => {
    expect(buildPrefixQuery("chari")).toEqual({ query: "chari:*", excluded: null });
    expect(buildPrefixQuery("Booster Box")).toEqual({ query: "(booster:* & box:*)", excluded: null });
  });

  it("keeps the web-search syntax: or, -exclusion and quoted phrases", () => {
    expect(buildPrefixQuery("pikachu or mew")?.query).toBe("pikachu:* | mew:*");
    expect(buildPrefixQuery("charizard -box -tin")).toEqual({ query: "charizard:*", excluded: "box | tin" });
    expect(buildPrefixQuery('"elite trainer" box')?.query).toBe("((elite:* <-> trainer:*) & box:*)");
  });

  it("matches single letters whole rather than as prefixes", () => {
    expect(buildPrefixQuery("v star")?.query).toBe("(v & star:*)");
  });

  it("returns null when there are no words", () => {
    for (const q of ["", "&|!:*", "or", "-", '""', "' ; --", "<->", "()"]) {
      expect(buildPrefixQuery(q)).toBeNull();
    }
  });

  it("never lets tsquery operators or quotes through", () => {
    const hostile = [
      "'; DROP TABLE products; --",
      "a:* & b | !c <-> (d",
      "\\' OR 1=1 --",
      '"unclosed phrase',
      "!!!",
      "foo:*B",
      "x".repeat(200),
      "ü:* é&è",
    ];
    for (const q of hostile) {
      const built = buildPrefixQuery(q);
      if (!built) continue;
      // Only words, prefix markers and the operators this module writes itself.
      expect(built.query).toMatch(/^[\p{L}\p{M}\p{N}:*&|()<\->\s]+$/u);
      expect(built.query).not.toMatch(/'|\\|!/);
    }
  });

  it("limits the number of words", () => {
    const built = buildPrefixQuery(Array.from({ length: 40 }, (_, i) => `w${i}`).join(" "));
    expect(built?.query.split("&")).toHaveLength(12);
  });
});

describe("webSearchText", () => {
  it("keeps negations of words and phrases, and drops every other dash", () => {
    expect(webSearchText('charizard -box -"elite trainer"')).toBe('charizard -box -"elite trainer"');
    expect(webSearchText("- - -! -& x")).toBe("     !  & x");
    expect(webSearchText("chien-pao")).toBe("chien-pao");
    expect(webSearchText("-".repeat(40) + "x")).toBe(" ".repeat(39) + "-x");
  });

  it("has a syntax-free fallback", () => {
    expect(plainSearchText('"a" -b or c:* & d')).toBe("a b or c d");
  });
});
