import { describe, expect, it } from "vitest";
import { CSV_MESSAGES, escapeFormula, parseCsvRow, productCsvRecord, PRODUCT_CSV_COLUMNS, readHeader, unescapeFormula, type CsvCells } from "./product-csv";

const sealed: CsvCells = { slug: "base-box", name: "Base Box", kind: "sealed", category: "english-boxes", price: "144.99", stock: "3" };
const raw: CsvCells = { ...sealed, slug: "charizard-base1-4", kind: "single", card: "base1 4", condition: "nm", printing: "holo", variant_language: "en" };

describe("formula escaping (OWASP CSV injection)", () => {
  it("prefixes cells a spreadsheet would run", () => {
    for (const cell of ["=1+1", "+44", "-5", "@SUM(A1)", "\tx", "\rx"]) expect(escapeFormula(cell)).toBe(`'${cell}`);
    for (const cell of ["12.50", "Charizard", "", "a=b", "'quoted'"]) expect(escapeFormula(cell)).toBe(cell);
  });
  it("reads back every value exactly, apostrophes and negative numbers included", () => {
    for (const cell of ["=1+1", "-5", "'=x", "''-x", "'plain", "@", "-1.00", "12.50", ""]) expect(unescapeFormula(escapeFormula(cell))).toBe(cell);
    expect(escapeFormula("'=x")).toBe("''=x");
  });
});

describe("a row", () => {
  it("reads a sealed product and a raw single", () => {
    const a = parseCsvRow(2, sealed);
    expect(a).toMatchObject({ ok: true, value: { row: 2, product: { slug: "base-box", kind: "sealed", card: null }, variant: { price: 14499, stock: 3 } } });
    const b = parseCsvRow(3, { ...raw, member_price: "", visible: "No", release_date: "2024-02-29" });
    expect(b).toMatchObject({
      ok: true,
      value: { product: { card: { setCode: "base1", number: "4" }, isVisible: false, releaseDate: "2024-02-29" }, variant: { premiumPrice: null, attributes: { condition: "nm", printing: "holo", language: "en" } } },
    });
  });
  it("leaves out what the file leaves out (undefined), and empties what it empties (null)", () => {
    const parsed = parseCsvRow(2, { ...sealed, description: "", limit_per_customer: "" });
    if (!parsed.ok) throw new Error("expected ok");
    expect(parsed.value.product).not.toHaveProperty("isVisible");
    expect(parsed.value.product.description).toBeNull();
    expect(parsed.value.product.limitPerCustomer).toBeNull();
  });
  it("names the column and the rule of each bad cell", () => {
    const parsed = parseCsvRow(7, {
      slug: "Bad Slug", name: "", kind: "box", category: "ok", price: "12,50", member_price: "1", stock: "-1",
      visible: "maybe", release_date: "2023-02-30", limit_per_customer: "0", variant_limit: "x", price_pinned: "?", language: "english",
    });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    const byColumn = Object.fromEntries(parsed.errors.map((e) => [e.column, e.message]));
    expect(byColumn).toMatchObject({
      slug: CSV_MESSAGES.slug, name: CSV_MESSAGES.required, kind: CSV_MESSAGES.kind, price: CSV_MESSAGES.price, stock: CSV_MESSAGES.stock,
      visible: CSV_MESSAGES.yesNo, release_date: CSV_MESSAGES.date, limit_per_customer: CSV_MESSAGES.limit, variant_limit: CSV_MESSAGES.limit,
      price_pinned: CSV_MESSAGES.yesNo, language: CSV_MESSAGES.language,
    });
    expect(parsed.errors.every((e) => e.row === 7)).toBe(true);
  });
  it("checks the member price against the price, and the variant attributes against the kind", () => {
    const above = parseCsvRow(2, { ...sealed, member_price: "150.00" });
    expect(above.ok ? [] : above.errors).toEqual([{ row: 2, column: "member_price", message: CSV_MESSAGES.memberAbovePrice }]);
    const sealedWithCondition = parseCsvRow(2, { ...sealed, condition: "nm" });
    expect(sealedWithCondition.ok ? [] : sealedWithCondition.errors.map((e) => e.message)).toEqual([CSV_MESSAGES.sealedVariant]);
    const rawWithoutLanguage = parseCsvRow(2, { ...raw, variant_language: "" });
    expect(rawWithoutLanguage.ok ? [] : rawWithoutLanguage.errors.map((e) => e.message)).toEqual([CSV_MESSAGES.rawVariant]);
    const slab = parseCsvRow(2, { ...raw, condition: "", printing: "", grader: "PSA", grade: "9.5" });
    expect(slab).toMatchObject({ ok: true, value: { variant: { attributes: { grader: "psa", grade: "9.5", condition: null } } } });
    const badGrade = parseCsvRow(2, { ...raw, condition: "", printing: "", grader: "psa", grade: "11" });
    expect(badGrade.ok ? [] : badGrade.errors.map((e) => e.column)).toEqual(["grade"]);
    const noCard = parseCsvRow(2, { ...raw, card: "" });
    expect(noCard.ok ? [] : noCard.errors.map((e) => e.message)).toEqual([CSV_MESSAGES.cardNeeded]);
  });
  it("refuses control characters, and takes a formula-escaped cell back", () => {
    const nul = parseCsvRow(2, { ...sealed, name: "Box\u0000" });
    expect(nul.ok ? [] : nul.errors).toEqual([{ row: 2, column: "name", message: CSV_MESSAGES.controlCharacter }]);
    const escaped = parseCsvRow(2, { ...sealed, name: "'=Box", description: "'-rare" });
    expect(escaped).toMatchObject({ ok: true, value: { product: { name: "=Box", description: "-rare" } } });
  });
});

describe("the header and writing", () => {
  it("needs the required columns and knows no others", () => {
    expect(readHeader([...PRODUCT_CSV_COLUMNS])).toMatchObject({ ok: true });
    const bad = readHeader(["slug", "name", "kind", "category", "prize", "stock", "slug"]);
    expect(bad.ok ? [] : bad.errors.map((e) => e.message)).toEqual([CSV_MESSAGES.unknownColumn("prize"), CSV_MESSAGES.duplicateColumn("slug"), CSV_MESSAGES.missingColumn("price")]);
  });
  it("writes a row that reads back as the same product and variant", () => {
    const cells = productCsvRecord(
      { slug: "x", name: "=X", kind: "sealed", card: null, categorySlug: "c", languageCode: "en", isVisible: true, releaseDate: null, description: "-d", limitPerCustomer: 2 },
      { condition: null, printing: null, language: null, grader: null, grade: null, price: 1999, premiumPrice: 1899, stock: 0, limitPerCustomer: null, pricePinned: false },
    );
    expect(cells).toEqual(["x", "'=X", "sealed", "", "c", "en", "yes", "", "'-d", "2", "", "", "", "", "", "19.99", "18.99", "0", "", "no"]);
    const back = parseCsvRow(2, Object.fromEntries(PRODUCT_CSV_COLUMNS.map((c, i) => [c, cells[i]!])));
    expect(back).toMatchObject({ ok: true, value: { product: { name: "=X", description: "-d", limitPerCustomer: 2, isVisible: true }, variant: { price: 1999, premiumPrice: 1899, stock: 0, pricePinned: false } } });
  });
});
