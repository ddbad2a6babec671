import { describe, expect, it } from "vitest";
import { DEMO_CATEGORIES, DEMO_PRODUCTS } from "./catalogue";
import { type CardArt, escapeXml, estimateTextWidth, raritySymbol, renderProductArt, wrapName } from "./product-art";
import { PRODUCT_KINDS } from "./product-kind";
import { DEMO_SINGLES } from "./singles";

/**
 * A small well-formedness check: every tag is closed in order, attribute values are quoted, and
 * no raw "<" or stray "&" appears in text. Enough to catch broken string building.
 */
function assertWellFormed(svg: string): void {
  const stack: string[] = [];
  const tag = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g;
  let last = 0;
  for (let m = tag.exec(svg); m; m = tag.exec(svg)) {
    const between = svg.slice(last, m.index);
    expect(between, `text before <${m[2]}>`).not.toMatch(/[<>]/);
    expect(between).not.toMatch(/&(?!amp;|lt;|gt;|quot;|#39;)/);
    last = tag.lastIndex;
    const [, closing, name, , selfClosing] = m;
    if (closing) {
      expect(stack.pop(), `closing </${name}>`).toBe(name);
    } else if (!selfClosing) {
      stack.push(name ?? "");
    }
  }
  expect(svg.slice(last)).toBe("");
  expect(stack).toEqual([]);
}

function nameLines(svg: string): string[] {
  return [...svg.matchAll(/<text data-name-line="\d+"[^>]*>([^<]*)<\/text>/g)].map((m) => m[1] ?? "");
}

describe("renderProductArt", () => {
  it("returns a 600×600 SVG document", () => {
    const svg = renderProductArt({ name: "Surging Sparks Booster Box (36 packs)", kind: "booster-box", languageCode: "en" });
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg.endsWith("</svg>")).toBe(true);
    expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(svg).toContain('viewBox="0 0 600 600"');
    expect(svg).toContain('width="600"');
    expect(svg).toContain('height="600"');
  });

  it.each(PRODUCT_KINDS)("draws well-formed markup for %s", (kind) => {
    assertWellFormed(renderProductArt({ name: "Scarlet & Violet 151 <Test> \"Box\" 'x'", kind, languageCode: "zh-cn" }));
  });

  it("escapes & and < in names", () => {
    const svg = renderProductArt({ name: "Scarlet & Violet <script>alert(1)</script>", kind: "booster-pack" });
    expect(svg).toContain("Scarlet &amp; Violet");
    expect(svg).not.toContain("<script");
    expect(svg).toContain("&lt;script&gt;");
    expect(svg).not.toMatch(/&(?!amp;|lt;|gt;|quot;|#39;)/);
  });

  it("has no external references", () => {
    for (const kind of PRODUCT_KINDS) {
      const svg = renderProductArt({ name: "Prismatic Evolutions Elite Trainer Box", kind, languageCode: "en" });
      expect(svg).not.toMatch(/href|<image|@import|@font-face|url\((?!#)/i);
      expect(svg).toContain('font-family="system-ui, sans-serif"');
    }
  });

  it("defines every gradient and clip path it uses", () => {
    for (const kind of PRODUCT_KINDS) {
      const svg = renderProductArt({ name: "Charizard ex 199/165 Special Illustration Rare", kind });
      const used = new Set([...svg.matchAll(/url\(#([^)]+)\)/g)].map((m) => m[1]));
      const defined = new Set([...svg.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));
      for (const id of used) expect(defined, `#${id} in ${kind}`).toContain(id);
    }
  });

  it("is deterministic for the same input", () => {
    const input = { name: "Japanese Terastal Festival ex Booster Box (10 packs)", kind: "booster-box" as const, languageCode: "ja" };
    expect(renderProductArt(input)).toBe(renderProductArt({ ...input }));
  });

  it("draws each kind differently", () => {
    const outputs = PRODUCT_KINDS.map((kind) => renderProductArt({ name: "Same Name", kind }));
    expect(new Set(outputs).size).toBe(PRODUCT_KINDS.length);
  });

  it("colours products differently by name", () => {
    const fill = (svg: string) => /<rect width="600" height="600" fill="url\(#([^)]+)\)"/.exec(svg)?.[1];
    const a = renderProductArt({ name: "Surging Sparks Booster Box (36 packs)", kind: "booster-box" });
    const b = renderProductArt({ name: "Stellar Crown Booster Box (36 packs)", kind: "booster-box" });
    expect(a).not.toBe(b);
    expect(fill(a)).not.toBe(fill(b));
  });

  it("shows the language code as an upper-case tag, and none without a language", () => {
    const withTag = renderProductArt({ name: "Gem Pack", kind: "booster-pack", languageCode: "zh-cn" });
    expect(withTag).toMatch(/>ZH-CN<\/text>/);
    const withoutTag = renderProductArt({ name: "Gem Pack", kind: "booster-pack" });
    expect(withoutTag).not.toMatch(/>ZH-CN<\/text>/);
  });

  it("puts a short name on one line", () => {
    const svg = renderProductArt({ name: "Mew ex", kind: "single" });
    expect(nameLines(svg)).toEqual(["Mew ex"]);
  });

  it("wraps long names onto at most 3 lines, truncating with an ellipsis", () => {
    const name = Array.from({ length: 40 }, (_, i) => `Word${i}`).join(" ");
    const svg = renderProductArt({ name, kind: "collection-box" });
    const lines = nameLines(svg);
    expect(lines.length).toBe(3);
    expect(lines[2]?.endsWith("…")).toBe(true);
    assertWellFormed(svg);
  });

  it("breaks a single over-long word", () => {
    const svg = renderProductArt({ name: "X".repeat(200), kind: "tin" });
    const lines = nameLines(svg);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.length).toBeLessThanOrEqual(3);
  });

  it("labels a graded slab with the company and grade from its name", () => {
    const svg = renderProductArt({ name: "BGS 9.5 Rayquaza VMAX 218/203 Alternate Art", kind: "graded-slab" });
    expect(svg).toMatch(/>BGS<\/text>/);
    expect(svg).toMatch(/>9\.5<\/text>/);
  });

  it("shows every demo product's full name without truncation", () => {
    const kindOf = new Map(DEMO_CATEGORIES.map((c) => [c.slug, c]));
    for (const product of DEMO_PRODUCTS) {
      const category = kindOf.get(product.categorySlug);
      expect(category).toBeDefined();
      const svg = renderProductArt({ name: product.name, kind: category!.kind, languageCode: category!.languageCode });
      const lines = nameLines(svg);
      expect(lines.length).toBeGreaterThanOrEqual(1);
      expect(lines.length).toBeLessThanOrEqual(3);
      expect(lines.join(" ")).toBe(escapeXml(product.name));
    }
  });
});

const CHARIZARD: CardArt = { name: "Charizard", setName: "Base Set", setCode: "base1", number: "4/102", rarity: "Rare", foil: true, vintage: true };
const cardText = (svg: string, part: string) => [...svg.matchAll(new RegExp(`<text[^>]*data-card="${part}"[^>]*>([^<]*)</text>`, "g"))].map((m) => m[1]);

describe("renderProductArt for a single drawn from its card", () => {
  it("shows the card's name, set code and printed number, and its rarity as a symbol and in words", () => {
    const svg = renderProductArt({ name: "Charizard 4/102 · Base Set", kind: "single", languageCode: "en", card: CHARIZARD });
    assertWellFormed(svg);
    expect(cardText(svg, "name")).toEqual(["Charizard"]);
    expect(cardText(svg, "number")).toEqual(["BASE1 · 4/102"]);
    expect(cardText(svg, "rarity")).toEqual(["Rare · Base Set"]);
    expect(svg).toMatch(/<g data-card="rarity-symbol"><polygon /);
    expect(nameLines(svg).join(" ")).toBe("Charizard 4/102 · Base Set");
  });

  it("escapes the card's text", () => {
    const svg = renderProductArt({
      name: "Team Rocket's <Meowth> & co",
      kind: "single",
      card: { ...CHARIZARD, name: "Rocket's <Meowth> & \"co\"", setName: "A & B", setCode: "x<y", number: "1/2&3" },
    });
    assertWellFormed(svg);
    expect(svg).not.toContain("<Meowth>");
    expect(cardText(svg, "name")).toEqual(["Rocket&#39;s &lt;Meowth&gt; &amp; &quot;co&quot;"]);
    expect(cardText(svg, "number")).toEqual(["X&lt;Y · 1/2&amp;3"]);
  });

  it("labels a slab with its grader and grade, and the card's name and number", () => {
    const svg = renderProductArt({ name: "Charizard 4/102 · Base Set", kind: "graded-slab", card: CHARIZARD, grade: { grader: "BGS", grade: "9.5" } });
    assertWellFormed(svg);
    expect(svg).toMatch(/>BGS<\/text>/);
    expect(cardText(svg, "grade")).toEqual(["9.5"]);
    expect(svg).toContain(">CHARIZARD</text>");
    expect(svg).toContain(">BASE1 4/102</text>");
  });

  it("does not repeat a promo's set code before its number", () => {
    const svg = renderProductArt({ name: "Pikachu", kind: "single", card: { ...CHARIZARD, setCode: "svp", number: "SVP 085", rarity: "Promo" } });
    expect(cardText(svg, "number")).toEqual(["SVP 085"]);
  });

  it("defines every gradient and clip path it uses, for a card and a slab", () => {
    for (const input of [
      { name: "A", kind: "single" as const, card: { ...CHARIZARD, rarity: "Hyper rare", vintage: false } },
      { name: "B", kind: "graded-slab" as const, card: { ...CHARIZARD, rarity: "Special illustration rare" }, grade: { grader: "PSA", grade: "10" } },
    ]) {
      const svg = renderProductArt(input);
      const used = new Set([...svg.matchAll(/url\(#([^)]+)\)/g)].map((m) => m[1]));
      const defined = new Set([...svg.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));
      for (const id of used) expect(defined, `#${id}`).toContain(id);
      expect(svg).not.toMatch(/href|<image|@import|@font-face|url\((?!#)/i);
    }
  });

  it("shows every demo single's full name without truncation", () => {
    for (const single of DEMO_SINGLES) {
      const svg = renderProductArt({ name: single.name, kind: "single", card: { ...CHARIZARD, name: single.name.split(" ")[0]! } });
      expect(nameLines(svg).join(" "), single.slug).toBe(escapeXml(single.name));
    }
  });
});

describe("raritySymbol", () => {
  it("draws the printed symbols: circle, diamond, one to three stars, gold for the rarest", () => {
    expect(raritySymbol("Common")).toMatchObject({ shape: "circle", count: 1 });
    expect(raritySymbol("Uncommon")).toMatchObject({ shape: "diamond", count: 1 });
    expect(raritySymbol("Rare")).toMatchObject({ shape: "star", count: 1, fill: "#0f172a" });
    expect(raritySymbol("Double rare")).toMatchObject({ shape: "star", count: 2 });
    expect(raritySymbol("Special illustration rare")).toMatchObject({ shape: "star", count: 2, fill: "#d4a72c" });
    expect(raritySymbol("Hyper rare")).toMatchObject({ shape: "star", count: 3, fill: "#d4a72c" });
    expect(raritySymbol("Special Art Rare")).toMatchObject({ shape: "text", text: "SAR" });
    expect(raritySymbol(null)).toBeNull();
  });
});

describe("wrapName", () => {
  it("keeps every line within the width and loses no words when the name fits", () => {
    const name = "Prismatic Evolutions Pokémon Center Elite Trainer Box";
    const lines = wrapName(name, 30, 420, 3);
    expect(lines.length).toBe(3);
    expect(lines.join(" ")).toBe(name);
    for (const line of lines) expect(estimateTextWidth(line, 30)).toBeLessThanOrEqual(420);
  });

  it("ends the last line with an ellipsis when the name does not fit", () => {
    const lines = wrapName("Prismatic Evolutions Pokémon Center Elite Trainer Box", 30, 200, 2);
    expect(lines.length).toBe(2);
    expect(lines[1]?.endsWith("…")).toBe(true);
    for (const line of lines) expect(estimateTextWidth(line, 30)).toBeLessThanOrEqual(200);
  });

  it("returns no lines for an empty name", () => {
    expect(wrapName("   ", 30, 300, 3)).toEqual([]);
  });
});

describe("escapeXml", () => {
  it("escapes the five XML special characters", () => {
    expect(escapeXml(`a & b < c > d " e ' f`)).toBe("a &amp; b &lt; c &gt; d &quot; e &#39; f");
  });
});
