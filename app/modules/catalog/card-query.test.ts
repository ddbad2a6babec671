import { describe, expect, it } from "vitest";
import { cardNumber, cardReadings, namePrefixQuery, parseCardQuery, setNameKey, setSpans, type CardQuery, type CardSetRef } from "./card-query";

const BASE: CardSetRef = { id: 1, code: "base1", name: "Base Set", aliases: ["bs"] };
const BASE2: CardSetRef = { id: 2, code: "base4", name: "Base Set 2", aliases: ["b2"] };
const MEW: CardSetRef = { id: 3, code: "sv03.5", name: "151", aliases: ["mew", "sv3pt5"] };
const SKIES: CardSetRef = { id: 4, code: "swsh7", name: "Evolving Skies", aliases: ["evs"] };
const SETS = [BASE, BASE2, MEW, SKIES];

function parse(text: string): CardQuery {
  const query = parseCardQuery(text);
  if (!query) throw new Error(`no card query for ${text}`);
  return query;
}

/** The readings as short strings, best first: "set[3] #199 /102 words:mew =6". */
function readings(text: string, sets: readonly CardSetRef[] = SETS): string[] {
  const query = parse(text);
  return cardReadings(query, setSpans(query, sets)).map((r) =>
    [
      r.setIds ? `set[${r.setIds.join(",")}]` : null,
      r.number ? `#${r.number.text}` : null,
      r.total !== null ? `/${r.total}` : null,
      r.words.length > 0 ? `words:${r.words.join("+")}` : null,
      `=${r.score}${r.exact ? "!" : ""}`,
    ]
      .filter(Boolean)
      .join(" "),
  );
}

describe("cardNumber", () => {
  it("gives 4, 04 and 004 the same sort key, and spellings for the index", () => {
    const four = cardNumber("4")!;
    expect(cardNumber("004")!.key).toBe(four.key);
    expect(cardNumber("0004")!.key).toBe(four.key);
    expect(four.spellings).toEqual(expect.arrayContaining(["4", "04", "004", "0004"]));
    expect(cardNumber("004")!.spellings).toContain("4");
    expect(four.prefixed).toBe(false);
  });

  it("reads prefixed numbers in either case (TG01, sv107) and suffixes (20a)", () => {
    const tg = cardNumber("tg01")!;
    expect(tg.text).toBe("TG01");
    expect(tg.prefixed).toBe(true);
    expect(tg.key).toBe(cardNumber("TG1")!.key);
    expect(tg.spellings).toEqual(expect.arrayContaining(["TG01", "TG1", "tg01", "TG001"]));
    expect(cardNumber("20a")!.spellings).toContain("20A");
    expect(cardNumber("SV107")!.key).not.toBe(cardNumber("107")!.key);
  });

  it("is null for words and codes that are not numbers", () => {
    for (const text of ["charizard", "sv3pt5", "sv03.5", "4/102", "", "1234567890", "abcdefg1"]) expect(cardNumber(text)).toBeNull();
  });
});

describe("parseCardQuery", () => {
  it("reads a number with the set's card count", () => {
    const query = parse("charizard 4/102");
    expect(query.tokens.map((t) => [t.words, t.number?.text ?? null, t.total, t.numberOnly])).toEqual([
      [["charizard"], null, null, false],
      [[], "4", 102, true],
    ]);
    // A number with its count is never a set name or part of one.
    expect(query.setCodes).toEqual(["charizard"]);
    expect(query.setPhrases).toEqual(["charizard"]);
  });

  it("reads #4 as a number only, and TG01/TG30 without a count", () => {
    expect(parse("#4").tokens[0]).toMatchObject({ numberOnly: true, total: null, number: { text: "4" } });
    expect(parse("TG01/TG30").tokens[0]).toMatchObject({ numberOnly: true, total: null, number: { text: "TG01" } });
    expect(parse("(4/102),").tokens[0]).toMatchObject({ numberOnly: true, total: 102 });
  });

  it("offers each word and each run of words as a set code or name", () => {
    const query = parse("Evolving Skies umbreon");
    expect(query.setCodes).toEqual(["evolving", "skies", "umbreon"]);
    expect(query.setPhrases).toEqual(expect.arrayContaining(["evolving skies", "evolving skies umbreon", "skies", "umbreon"]));
    expect(parse("sv03.5 199").setCodes).toEqual(["sv03.5", "199"]);
  });

  it("leaves web-search syntax, blank and long queries to the text search", () => {
    for (const text of ['"charizard" 4/102', "charizard -box", "pikachu or eevee", "", "a b c d e f g h i"]) {
      expect(parseCardQuery(text), text).toBeNull();
    }
    // A hyphen inside a word is not syntax.
    expect(parseCardQuery("chien-pao 61")).not.toBeNull();
  });

  it("drops tokens with no letters or digits", () => {
    expect(parse("scarlet & violet").tokens.map((t) => t.raw)).toEqual(["scarlet", "violet"]);
    expect(parseCardQuery("& — !!")).toBeNull();
  });
});

describe("setSpans", () => {
  it("finds sets by code, alias and whole name, in any letter case", () => {
    expect(setSpans(parse("BASE1 4"), SETS)).toEqual([{ start: 0, end: 1, setIds: [1], distinctive: true }]);
    expect(setSpans(parse("sv3pt5 199"), SETS)).toEqual([{ start: 0, end: 1, setIds: [3], distinctive: true }]);
    expect(setSpans(parse("evolving skies umbreon"), SETS)).toEqual([{ start: 0, end: 2, setIds: [4], distinctive: true }]);
    expect(setSpans(parse("base set 2 blastoise"), SETS).map((s) => [s.start, s.end, s.setIds])).toEqual([
      [0, 2, [1]],
      [0, 3, [2]],
    ]);
  });

  it("marks a bare word alias as not distinctive: 'mew' is a Pokémon before it is a set", () => {
    expect(setSpans(parse("151 mew"), SETS)).toEqual([
      { start: 0, end: 1, setIds: [3], distinctive: true },
      { start: 1, end: 2, setIds: [3], distinctive: false },
    ]);
  });

  it("compares names as words: punctuation and accents do not matter", () => {
    const sv = { id: 9, code: "sv1", name: "Scarlet & Violet—Pokémon", aliases: [] };
    expect(setNameKey(sv.name)).toBe("scarlet violet pokemon");
    expect(setSpans(parse("scarlet violet pokemon 5"), [sv])).toEqual([{ start: 0, end: 3, setIds: [9], distinctive: true }]);
  });
});

describe("cardReadings", () => {
  it("charizard 4/102: name, number and count, nothing else", () => {
    expect(readings("charizard 4/102")).toEqual(["#4 /102 words:charizard =7!"]);
  });

  it("4/102 alone: the number in sets of 102", () => {
    expect(readings("4/102")).toEqual(["#4 /102 =6!"]);
  });

  it("sv3pt5 199 and base1 4: set code or alias with a number", () => {
    expect(readings("sv3pt5 199")[0]).toBe("set[3] #199 =6!");
    expect(readings("base1 4")[0]).toBe("set[1] #4 =6!");
  });

  it("151 mew: the set and the name, or card 151 named Mew, or card 151 of the set named MEW", () => {
    expect(readings("151 mew")).toEqual(["set[3] #151 =6!", "#151 words:mew =5", "set[3] words:mew =3", "set[3] words:151 =3"]);
  });

  it("a set alone, named distinctively, lists the set; a bare alias word does not", () => {
    expect(readings("evolving skies")).toEqual(["set[4] =2"]);
    expect(readings("sv3pt5")).toEqual(["set[3] =2"]);
    expect(readings("mew")).toEqual([]);
    expect(readings("charizard")).toEqual([]);
  });

  it("a plain number needs a name, a count or a set; a prefixed number stands alone", () => {
    expect(readings("4")).toEqual([]);
    expect(readings("199")).toEqual([]);
    expect(readings("charizard 4")).toEqual(["#4 words:charizard =5"]);
    expect(readings("tg01")).toEqual(["#TG01 =4"]);
    expect(readings("umbreon tg23")[0]).toBe("#TG23 words:umbreon =5");
  });

  it("never uses a number-with-count as a name word", () => {
    expect(readings("base set 4/102 charizard")).toEqual(["set[1] #4 /102 words:charizard =9!", "#4 /102 words:base+set+charizard =7!"]);
  });

  it("uses each token once and tries every choice of number", () => {
    const found = readings("pikachu 25 58");
    expect(found).toEqual(["#25 words:pikachu+58 =5", "#58 words:pikachu+25 =5"]);
  });
});

describe("namePrefixQuery", () => {
  it("requires every word as a prefix; single letters whole", () => {
    expect(namePrefixQuery(["char", "ex"])).toBe("char:* & ex:*");
    expect(namePrefixQuery(["x"])).toBe("x");
    expect(namePrefixQuery([])).toBeNull();
  });

  it("lets nothing but letters and digits through to to_tsquery", () => {
    expect(namePrefixQuery(["a:*|b", "ok"])).toBe("ok:*");
    expect(namePrefixQuery(["'", "&"])).toBeNull();
  });
});
