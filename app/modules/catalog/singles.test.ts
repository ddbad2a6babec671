import { describe, expect, it } from "vitest";
import { LIST_MESSAGES, parseListForm, parsePounds, penceToPounds, singleName, singleSlug } from "./singles";

describe("parsePounds", () => {
  it("reads pounds as admins type them", () => {
    expect(parsePounds("12.5")).toBe(1250);
    expect(parsePounds("12.50")).toBe(1250);
    expect(parsePounds("£12.50")).toBe(1250);
    expect(parsePounds(" £ 3 ")).toBe(300);
    expect(parsePounds("1,250")).toBe(125000);
    expect(parsePounds("1,250.99")).toBe(125099);
    expect(parsePounds("0.01")).toBe(1);
    expect(parsePounds("0")).toBe(0);
  });

  it("refuses anything else", () => {
    for (const text of ["", " ", "12.505", "12,50", "1,25", "-1", "+1", "1e3", "abc", "12.", ".5", "£", "12 50", "Infinity", "0x10", "1,2345"]) {
      expect(parsePounds(text), text).toBeNull();
    }
  });

  it("round-trips with penceToPounds", () => {
    for (const pence of [1, 99, 100, 1250, 99_999_999]) expect(parsePounds(penceToPounds(pence))).toBe(pence);
  });
});

describe("names and slugs", () => {
  it("names a single by card, number/count and set", () => {
    expect(singleName({ name: "Charizard", localNumber: "4" }, { name: "Base Set", officialCardCount: 102 })).toBe("Charizard 4/102 · Base Set");
    expect(singleName({ name: "Mew ex", localNumber: "151" }, { name: "151", officialCardCount: 165 })).toBe("Mew ex 151/165 · 151");
    expect(singleName({ name: "Pikachu", localNumber: "SVP 001" }, { name: "Promos", officialCardCount: null })).toBe("Pikachu SVP 001 · Promos");
  });

  it("slugs from name, set code and number, accents folded", () => {
    expect(singleSlug({ name: "Charizard", localNumber: "4" }, "base1")).toBe("charizard-base1-4");
    expect(singleSlug({ name: "Flabébé", localNumber: "085" }, "sv03.5")).toBe("flabebe-sv03-5-085");
    expect(singleSlug({ name: "Professor's Research", localNumber: "TG01" }, "swsh12pt5")).toBe("professor-s-research-swsh12pt5-tg01");
    expect(singleSlug({ name: "???", localNumber: "!" }, "")).toBe("single");
    expect(singleSlug({ name: "x".repeat(300), localNumber: "1" }, "s").length).toBeLessThanOrEqual(120);
  });
});


describe("parseListForm", () => {
  const form = (fields: Record<string, string>) => parseListForm((name) => fields[name]);

  it("reads ticked rows only, pounds to pence, and graded slabs", () => {
    const parsed = form({
      cardId: "7",
      language: "en",
      categoryId: "",
      "nm.holo.on": "on",
      "nm.holo.qty": "2",
      "nm.holo.price": "£1,250.5",
      "nm.holo.member": "",
      "lp.holo.qty": "5",
      "lp.holo.price": "oops",
      "g1.on": "on",
      "g1.grader": "psa",
      "g1.grade": "9.5",
      "g1.qty": "1",
      "g1.price": "300",
      "g1.member": "290",
    });
    expect(parsed).toMatchObject({
      ok: true,
      input: {
        cardId: 7,
        language: "en",
        categoryId: null,
        rows: [
          { key: "nm.holo", kind: "raw", condition: "nm", printing: "holo", quantity: 2, price: 125050, memberPrice: null },
          { key: "g1", kind: "graded", grader: "psa", grade: "9.5", quantity: 1, price: 30000, memberPrice: 29000 },
        ],
      },
    });
  });

  it("names every refused row and keeps what was typed", () => {
    const parsed = form({
      cardId: "7",
      "nm.holo.on": "on",
      "nm.holo.qty": "-1",
      "nm.holo.price": "5",
      "lp.holo.on": "on",
      "lp.holo.qty": "1",
      "lp.holo.price": "5.00",
      "lp.holo.member": "5.01",
      "mp.holo.on": "on",
      "mp.holo.qty": "1",
      "mp.holo.price": "12,50",
      "hp.holo.on": "on",
      "hp.holo.qty": "",
      "hp.holo.price": "1",
      "dmg.holo.on": "on",
      "dmg.holo.qty": "1",
      "dmg.holo.price": "0",
      "g0.on": "on",
      "g0.grader": "psa",
      "g0.grade": "11",
      "g1.on": "on",
      "g1.grader": "",
      "g2.on": "on",
      "g2.grader": "psa",
      "g2.grade": "10",
      "g2.qty": "1",
      "g2.price": "1",
    });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.message).toBe(LIST_MESSAGES.rowsNeedAttention(7));
    expect(parsed.rowErrors).toEqual({
      "nm.holo": { field: "qty", message: LIST_MESSAGES.quantity },
      "lp.holo": { field: "member", message: LIST_MESSAGES.memberAbovePrice },
      "mp.holo": { field: "price", message: LIST_MESSAGES.price },
      "hp.holo": { field: "qty", message: LIST_MESSAGES.quantityMissing },
      "dmg.holo": { field: "price", message: LIST_MESSAGES.priceRange },
      g0: { field: "grade", message: LIST_MESSAGES.grade },
      g1: { field: "grader", message: LIST_MESSAGES.grader },
    });
    expect(parsed.values).toMatchObject({ "mp.holo.price": "12,50", "nm.holo.qty": "-1", "g0.grade": "11" });
  });

  it("refuses the same slab twice", () => {
    const slab = (slot: number) => ({ [`g${slot}.on`]: "on", [`g${slot}.grader`]: "cgc", [`g${slot}.grade`]: "10", [`g${slot}.qty`]: "1", [`g${slot}.price`]: "100" });
    expect(form({ cardId: "7", ...slab(0), ...slab(2) })).toMatchObject({ ok: false, rowErrors: { g2: { field: "grade", message: LIST_MESSAGES.gradedTwice } } });
  });

  it("refuses a form with nothing ticked, no card, an unknown language or a bad category", () => {
    const row = { "nm.holo.on": "on", "nm.holo.qty": "1", "nm.holo.price": "1" };
    expect(form({ cardId: "7" })).toMatchObject({ ok: false, message: LIST_MESSAGES.nothingTicked });
    expect(form({ cardId: "x", ...row })).toMatchObject({ ok: false, message: LIST_MESSAGES.pickCard });
    expect(form({ cardId: "7", language: "xx", ...row })).toMatchObject({ ok: false, field: "language" });
    expect(form({ cardId: "7", categoryId: "abc", ...row })).toMatchObject({ ok: false, field: "category" });
  });
});
