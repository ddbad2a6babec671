import { describe, expect, it } from "vitest";
import { formatUkDate } from "~/utils/uk-date";
import {
  parseNewVariantForm,
  parseProductForm,
  parseStockAdjustment,
  parseReleaseDate,
  parseVariantsForm,
  PRODUCT_TEXT,
  productFormValues,
  productSlug,
  variantField,
} from "./product-form";

const getter = (fields: Record<string, string>) => (name: string) => fields[name];

describe("slugs", () => {
  it("makes a slug from a name, or \"product\" from a name without letters or digits", () => {
    expect(productSlug("Pokémon 151 Booster Box & Sleeves")).toBe("pokemon-151-booster-box-and-sleeves");
    expect(productSlug("  --Scarlet/Violet: ETB!!  ")).toBe("scarlet-violet-etb");
    expect(productSlug("★★★")).toBe("product");
    expect(productSlug("a".repeat(300))).toHaveLength(120);
  });
});

describe("UK dates", () => {
  it.each([
    ["24/12/2026", "2026-12-24"],
    ["1/2/2027", "2027-02-01"],
    ["24-12-2026", "2026-12-24"],
    ["24.12.2026", "2026-12-24"],
    [" 29/02/2028 ", "2028-02-29"],
    ["2026-12-24", "2026-12-24"],
  ])("%j → %s", (typed, iso) => {
    expect(parseReleaseDate(typed)).toBe(iso);
  });

  it.each(["31/02/2027", "29/02/2027", "12/24/2026", "24/12/26", "2026/12/24", "tomorrow", "", "00/01/2026", "24/13/2026"])("refuses %j", (typed) => {
    expect(parseReleaseDate(typed)).toBeNull();
  });

  it("shows a stored date the UK way", () => {
    expect(formatUkDate("2026-12-24")).toBe("24/12/2026");
    expect(formatUkDate(null)).toBe("");
  });
});

const goodSealed = { name: " Pokémon 151  Booster Box ", slug: "", description: "Sealed.", visibility: "visible", categoryId: "3", releaseDate: "22/09/2023", limit: "2", price: "£129.99", member: "119.99", stock: "12" };

describe("parseProductForm", () => {
  it("reads a sealed product, making the slug from the name", () => {
    const parsed = parseProductForm(getter(goodSealed), { sealed: true, withStock: true });
    expect(parsed).toMatchObject({
      ok: true,
      input: {
        product: { name: "Pokémon 151 Booster Box", slug: "pokemon-151-booster-box", description: "Sealed.", isVisible: true, categoryId: 3, releaseDate: "2023-09-22", limitPerCustomer: 2 },
        sealed: { price: 12_999, premiumPrice: 11_999, stock: 12 },
      },
    });
  });

  it("treats empty optional fields as none", () => {
    const parsed = parseProductForm(getter({ ...goodSealed, description: "  ", releaseDate: "", limit: "", member: "", stock: "" }), { sealed: true, withStock: true });
    expect(parsed.ok && parsed.input).toMatchObject({ product: { description: null, releaseDate: null, limitPerCustomer: null }, sealed: { premiumPrice: null, stock: 0 } });
  });

  it("refuses bad input field by field and keeps everything typed", () => {
    const typed = { name: "", slug: "Bad Slug", description: "x".repeat(10_001), visibility: "maybe", categoryId: "x", releaseDate: "31/02/2027", limit: "0", price: "12,50", member: "abc", stock: "-1" };
    const parsed = parseProductForm(getter(typed), { sealed: true, withStock: true });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors).toEqual({
      name: PRODUCT_TEXT.name,
      description: PRODUCT_TEXT.description,
      visibility: PRODUCT_TEXT.visibility,
      categoryId: PRODUCT_TEXT.category,
      releaseDate: PRODUCT_TEXT.releaseDate,
      limit: PRODUCT_TEXT.limit,
      price: PRODUCT_TEXT.price,
      member: PRODUCT_TEXT.member,
      stock: PRODUCT_TEXT.stock,
    });
    expect(parsed.values).toEqual(typed);
  });

  it("refuses a typed slug that breaks the rules, and a member price above the price", () => {
    const parsed = parseProductForm(getter({ ...goodSealed, slug: "Box 2", member: "130" }), { sealed: true, withStock: true });
    expect(!parsed.ok && parsed.errors).toEqual({ slug: PRODUCT_TEXT.slug, member: PRODUCT_TEXT.memberAbovePrice });
  });

  it("reads a single's own fields only (its prices live on the variants)", () => {
    const parsed = parseProductForm(getter({ ...goodSealed, price: "not read" }), { sealed: false, withStock: false });
    expect(parsed.ok && parsed.input.sealed).toBeNull();
  });

  it("starts the edit form from the stored product", () => {
    expect(
      productFormValues({ name: "Box", slug: "box", description: null, isVisible: false, categoryId: 4, releaseDate: "2026-01-05", limitPerCustomer: null, sealed: { price: 1250, premiumPrice: null } }),
    ).toEqual({ name: "Box", slug: "box", description: "", visibility: "hidden", categoryId: "4", releaseDate: "05/01/2026", limit: "", price: "12.50", member: "" });
  });
});

describe("parseVariantsForm", () => {
  it("reads each variant's row", () => {
    const fields = { [variantField(7, "price")]: "3.50", [variantField(7, "member")]: "", [variantField(7, "limit")]: "4", [variantField(7, "pinned")]: "on", [variantField(9, "price")]: "1" };
    expect(parseVariantsForm(getter(fields), [7, 9])).toMatchObject({
      ok: true,
      input: [
        { variantId: 7, price: 350, premiumPrice: null, limitPerCustomer: 4, pricePinned: true },
        { variantId: 9, price: 100, premiumPrice: null, limitPerCustomer: null, pricePinned: false },
      ],
    });
  });

  it("names the row of each error", () => {
    const parsed = parseVariantsForm(getter({ [variantField(7, "price")]: "2", [variantField(7, "member")]: "3" }), [7]);
    expect(!parsed.ok && parsed.errors).toEqual({ [variantField(7, "member")]: PRODUCT_TEXT.memberAbovePrice });
  });
});

describe("parseNewVariantForm", () => {
  it("reads a raw and a graded variant", () => {
    expect(parseNewVariantForm(getter({ "new.kind": "raw", "new.condition": "lp", "new.printing": "holo", "new.language": "ja", "new.price": "5", "new.stock": "2" }))).toMatchObject({
      ok: true,
      input: { condition: "lp", printing: "holo", language: "ja", grader: null, grade: null, price: 500, stock: 2 },
    });
    expect(parseNewVariantForm(getter({ "new.kind": "graded", "new.condition": "lp", "new.grader": "psa", "new.grade": "9.5", "new.language": "en", "new.price": "50" }))).toMatchObject({
      ok: true,
      input: { condition: null, printing: null, grader: "psa", grade: "9.5", stock: 0 },
    });
  });

  it("refuses unknown attributes", () => {
    const parsed = parseNewVariantForm(getter({ "new.kind": "raw", "new.condition": "mint", "new.printing": "holo", "new.language": "en", "new.price": "5" }));
    expect(!parsed.ok && parsed.errors["new.kind"]).toBe(PRODUCT_TEXT.attributes);
  });
});

describe("parseStockAdjustment", () => {
  it("reads a new count and a delta, with the reason in the ledger note", () => {
    expect(parseStockAdjustment(getter({ variantId: "5", mode: "set", amount: "12", reason: "count", note: "" }))).toMatchObject({
      ok: true,
      input: { variantId: 5, mode: "set", stock: 12, note: "Stock count" },
    });
    expect(parseStockAdjustment(getter({ variantId: "5", mode: "delta", amount: "-2", reason: "damaged", note: " water  damage " }))).toMatchObject({
      ok: true,
      input: { mode: "delta", delta: -2, note: "Damaged: water damage" },
    });
    expect(parseStockAdjustment(getter({ variantId: "5", mode: "delta", amount: "+3", reason: "delivery", note: "" }))).toMatchObject({ ok: true, input: { delta: 3 } });
  });

  it("needs a reason, a note for Other, and a sensible figure", () => {
    const noReason = parseStockAdjustment(getter({ variantId: "5", mode: "set", amount: "1", reason: "", note: "" }));
    expect(!noReason.ok && noReason.errors).toEqual({ reason: PRODUCT_TEXT.stockReason });
    const other = parseStockAdjustment(getter({ variantId: "5", mode: "set", amount: "1", reason: "other", note: " " }));
    expect(!other.ok && other.errors).toEqual({ note: PRODUCT_TEXT.stockNote });
    for (const [mode, amount] of [["set", "-1"], ["set", "1.5"], ["delta", "0"], ["delta", "abc"], ["set", "1000000"]]) {
      const parsed = parseStockAdjustment(getter({ variantId: "5", mode: mode!, amount: amount!, reason: "count", note: "" }));
      expect(!parsed.ok && parsed.errors, `${mode} ${amount}`).toEqual({ amount: PRODUCT_TEXT.stockAmount });
    }
    const noMode = parseStockAdjustment(getter({ variantId: "5", amount: "1", reason: "count" }));
    expect(!noMode.ok && noMode.errors).toEqual({ mode: PRODUCT_TEXT.stockMode });
  });
});
