import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSetParams } from "~/modules/catalog/find-filters";
import type { SetPageView } from "~/modules/catalog/find-view";
import { listSets, setPage } from "~/modules/catalog/set-pages.server";
import { loader as setLoader } from "~/routes/set";
import { loader as setsLoader } from "~/routes/sets";
import { createTestDatabase, type TestDatabase } from "../setup/database";
import { arrangeSinglesShop } from "../support/card-singles";

let database: TestDatabase;
let world: Awaited<ReturnType<typeof arrangeSinglesShop>>;

beforeAll(async () => {
  database = await createTestDatabase();
  world = await arrangeSinglesShop(database.db);
});

afterAll(async () => {
  await database?.destroy();
});

async function view(code: string, query = ""): Promise<SetPageView> {
  const answer = await setPage(database.db, code, parseSetParams(new URLSearchParams(query)));
  if (!answer || !("view" in answer)) throw new Error(`no set page for ${code}?${query}: ${JSON.stringify(answer)}`);
  return answer.view;
}

const names = (v: SetPageView) => v.cards.items.map((i) => i.card?.name ?? i.name);
const numbers = (v: SetPageView) => v.cards.items.map((i) => i.card?.number);
const count = (facets: Array<{ value: string; count: number }>, value: string) => facets.find((f) => f.value === value)?.count;

describe("/sets: the sets the shop lists singles of", () => {
  it("groups sets by series, newest first, with listed counts; hidden and unlisted cards do not count", async () => {
    const series = await listSets(database.db);
    expect(series.map((g) => [g.name, g.sets.map((s) => s.code)])).toEqual([
      ["Scarlet & Violet", ["sv03.5"]],
      ["Sword & Shield", ["swsh11"]],
      // Jungle (base2) has cards but none listed: not shown.
      ["Base", ["base4", "base1"]],
    ]);
    const base = series[2]!.sets[1]!;
    // Blastoise, Charizard, Mewtwo, Pikachu; not the hidden Machamp, not the unlisted Venusaur.
    expect(base).toMatchObject({ code: "base1", name: "Base Set", releaseDate: "1999-01-09", listedCount: 4 });
    expect(series[0]!.sets[0]).toMatchObject({ listedCount: 5 });
  });

  it("answers through the route", async () => {
    const data = await setsLoader({ context: { db: database.db }, request: new Request("http://shop.test/sets"), params: {} } as never);
    expect(data.series).toHaveLength(3);
  });
});

describe("/sets/:code", () => {
  it("is null for an unknown code, and sends other spellings and aliases to the set's own address", async () => {
    expect(await setPage(database.db, "no-such-set", parseSetParams(new URLSearchParams()))).toBeNull();
    expect(await setPage(database.db, "x".repeat(500), parseSetParams(new URLSearchParams()))).toBeNull();
    expect(await setPage(database.db, "BASE1", parseSetParams(new URLSearchParams()))).toEqual({ redirectTo: "base1" });
    expect(await setPage(database.db, "sv3pt5", parseSetParams(new URLSearchParams()))).toEqual({ redirectTo: "sv03.5" });
    expect(await setPage(database.db, "MEW", parseSetParams(new URLSearchParams()))).toEqual({ redirectTo: "sv03.5" });
  });

  it("lists cards in number order: 2 < 10 < TG01, whatever order they were added in", async () => {
    expect(numbers(await view("swsh11"))).toEqual(["2", "10", "TG01"]);
    expect(numbers(await view("base1"))).toEqual(["2", "4", "10", "58"]);
    // Three-digit numbers as printed ("025"), in number order.
    expect(numbers(await view("sv03.5"))).toEqual(["006", "025", "151", "199", "205"]);
  });

  it("shows each listed card's cheapest variant in stock, its member price, stock across variants and what is in stock", async () => {
    const base = await view("base1");
    expect(base.set).toMatchObject({ code: "base1", name: "Base Set", seriesName: "Base", officialCardCount: 102 });
    expect(base.cardCount).toBe(6); // Venusaur and the hidden Machamp are cards of the set too
    expect(base.listedCount).toBe(4);
    const charizard = base.cards.items.find((i) => i.card?.name === "Charizard")!;
    expect(charizard).toMatchObject({
      productId: world.ids["base-charizard"],
      slug: "charizard-base1-4",
      name: "Charizard 4/102 · Base Set",
      // MP is cheaper but has none in stock: LP is what can be bought from.
      lead: { price: 22000, premiumPrice: 20900, query: "condition=lp&printing=holo&language=en" },
      stock: 3,
      conditions: ["nm", "lp"],
      printings: ["holo"],
      limitPerCustomer: 1,
      card: { name: "Charizard", number: "4", numberLabel: "4/102", rarity: "Rare Holo", setCode: "base1", setName: "Base Set" },
      cardMatch: false,
    });
    // A card with nothing in stock still shows its cheapest variant, and no conditions in stock.
    const mew205 = (await view("sv03.5")).cards.items.find((i) => i.card?.number === "205")!;
    expect(mew205).toMatchObject({ stock: 0, conditions: [], lead: { price: 2000 } });
  });

  it("never shows a hidden product, even as a card of the set", async () => {
    const base = await view("base1", "show=all");
    const machamp = base.cards.items.find((i) => i.card?.name === "Machamp" || i.name.includes("Machamp"))!;
    // The card is public reference data; the hidden listing (its name, link, price, stock) is not.
    expect(machamp).toMatchObject({ productId: null, slug: null, name: "Machamp", lead: null, stock: 0 });
    expect(JSON.stringify(base)).not.toContain("machamp-base1-8");
  });

  it("shows the cards it does not list only when asked, greyed (no link, no price)", async () => {
    expect(names(await view("base1"))).not.toContain("Venusaur");
    const all = await view("base1", "show=all");
    expect(numbers(all)).toEqual(["2", "4", "8", "10", "15", "58"]);
    expect(all.cards.items.find((i) => i.name === "Venusaur")).toMatchObject({ productId: null, slug: null, lead: null, stock: 0 });
    expect(all.cards.total).toBe(6);
    // A filter on variants cannot be answered by a card without one: unlisted cards drop out.
    expect(numbers(await view("base1", "show=all&condition=nm"))).toEqual(["2", "4", "10", "58"]);
    // A set none of whose cards are listed has a page, which can show its cards.
    expect((await view("base2")).cards.total).toBe(0);
    expect(names(await view("base2", "show=all"))).toEqual(["Clefable"]);
  });

  describe("filters", () => {
    it("by condition: a card with a variant in that condition, priced and linked by that variant", async () => {
      const lp = await view("base1", "condition=lp");
      expect(names(lp)).toEqual(["Charizard", "Mewtwo", "Pikachu"]);
      const charizard = lp.cards.items.find((i) => i.card?.name === "Charizard")!;
      expect(charizard).toMatchObject({ lead: { price: 22000, query: "condition=lp&printing=holo&language=en" }, stock: 2, conditions: ["lp"] });
      // Pikachu's LP copy is out of stock: listed, but nothing to show in stock.
      expect(lp.cards.items.find((i) => i.card?.name === "Pikachu")).toMatchObject({ stock: 0, conditions: [], lead: { price: 120 } });
      expect(names(await view("base1", "condition=mp"))).toEqual(["Charizard"]);
      expect(names(await view("base1", "condition=lp&condition=mp"))).toEqual(["Charizard", "Mewtwo", "Pikachu"]);
      expect(names(await view("base1", "condition=dmg"))).toEqual([]);
    });

    it("by printing", async () => {
      expect(names(await view("base1", "printing=first_edition"))).toEqual(["Mewtwo"]);
      const mewtwo = (await view("base1", "printing=first_edition")).cards.items[0]!;
      expect(mewtwo.lead).toMatchObject({ price: 50000, query: "condition=nm&printing=first_edition&language=en" });
      expect(names(await view("sv03.5", "printing=reverse_holo"))).toEqual(["Pikachu"]);
    });

    it("by rarity", async () => {
      expect(names(await view("base1", "rarity=Common"))).toEqual(["Pikachu"]);
      expect(names(await view("base1", "rarity=Common&rarity=Rare+Holo"))).toEqual(["Blastoise", "Charizard", "Mewtwo", "Pikachu"]);
      expect(names(await view("base1", "rarity=Secret"))).toEqual([]);
    });

    it("in stock only", async () => {
      expect(names(await view("sv03.5", "instock=1"))).toEqual(["Charizard ex", "Pikachu", "Mew ex", "Charizard ex"]);
      // LP in stock: Charizard and Mewtwo, not Pikachu (its LP copy is sold out).
      expect(names(await view("base1", "condition=lp&instock=1"))).toEqual(["Charizard", "Mewtwo"]);
    });

    it("by price range, in pounds, on one variant passing every filter", async () => {
      // £100–£250: Charizard's LP (£220, in stock) and MP (£150, none in stock); Mewtwo's copies are £30 and £500.
      const mid = await view("base1", "min=100&max=250");
      expect(names(mid)).toEqual(["Charizard"]);
      expect(mid.cards.items[0]!.lead).toMatchObject({ price: 22000 });
      expect(names(await view("base1", "min=100&max=250&instock=1&condition=mp"))).toEqual([]);
      expect(names(await view("base1", "max=1"))).toEqual([]);
      expect(names(await view("base1", "max=1.20"))).toEqual(["Pikachu"]);
      expect(names(await view("base1", "max=1.20&instock=1"))).toEqual([]);
      expect(names(await view("base1", "min=£500"))).toEqual(["Mewtwo"]);
    });

    it("counts each value with the other filters applied", async () => {
      const lp = await view("base1", "condition=lp");
      expect(lp.facets.total).toBe(3);
      // The condition filter itself is left out of the condition counts.
      expect(count(lp.facets.condition, "nm")).toBe(4);
      expect(count(lp.facets.condition, "lp")).toBe(3);
      expect(count(lp.facets.condition, "mp")).toBe(1);
      expect(count(lp.facets.condition, "dmg")).toBe(0);
      expect(count(lp.facets.printing, "holo")).toBe(2);
      expect(count(lp.facets.printing, "normal")).toBe(1);
      expect(count(lp.facets.printing, "first_edition")).toBe(0);
      expect(lp.facets.inStock).toBe(2);
      expect(lp.facets.rarity).toEqual([
        { value: "Common", count: 1 },
        { value: "Rare Holo", count: 2 },
      ]);
      const plain = await view("base1");
      expect(plain.facets).toMatchObject({ total: 4, inStock: 4 });
      expect(count(plain.facets.printing, "first_edition")).toBe(1);
      // Rarity counts leave the rarity filter out too.
      expect((await view("base1", "rarity=Common")).facets.rarity).toEqual([
        { value: "Common", count: 1 },
        { value: "Rare Holo", count: 3 },
      ]);
    });
  });

  describe("sorts", () => {
    it("by name, and by price both ways (the price shown: cheapest in stock)", async () => {
      expect(names(await view("base1", "sort=name"))).toEqual(["Blastoise", "Charizard", "Mewtwo", "Pikachu"]);
      expect(names(await view("base1", "sort=price-asc"))).toEqual(["Pikachu", "Mewtwo", "Blastoise", "Charizard"]);
      expect(names(await view("base1", "sort=price-desc"))).toEqual(["Charizard", "Blastoise", "Mewtwo", "Pikachu"]);
      // Price follows the filters: with first edition only, Mewtwo is £500.
      expect(names(await view("base1", "sort=price-desc&condition=nm"))).toEqual(["Mewtwo", "Charizard", "Blastoise", "Pikachu"]);
    });

    it("puts unlisted cards after listed ones when sorting by price", async () => {
      expect(names(await view("base1", "show=all&sort=price-asc"))).toEqual(["Pikachu", "Mewtwo", "Blastoise", "Charizard", "Machamp", "Venusaur"]);
    });
  });

  it("pages by 48 with a total, in number order across pages", async () => {
    const setId = await world.fx.set({ code: "big1", name: "Big Set", seriesName: "Base", releaseDate: "1998-01-01", officialCardCount: 60 });
    for (let n = 60; n >= 1; n--) {
      const cardId = await world.fx.card(setId, { number: String(n), name: `Card ${n}`, rarity: "Common" });
      await world.fx.single(cardId, { name: `Card ${n} · Big Set`, slug: `big-${n}`, variants: [{ condition: "nm", price: 100 + n, stock: n % 2 }] });
    }
    const first = await view("big1");
    expect(first.cards).toMatchObject({ page: 1, total: 60, hasNextPage: true });
    expect(first.cards.items).toHaveLength(48);
    expect(numbers(first).slice(0, 3)).toEqual(["1", "2", "3"]);
    const second = await view("big1", "page=2");
    expect(second.cards).toMatchObject({ page: 2, total: 60, hasNextPage: false });
    expect(numbers(second)).toEqual(Array.from({ length: 12 }, (_, i) => String(49 + i)));
    expect((await view("big1", "page=3")).cards.items).toEqual([]);
    const inStock = await view("big1", "instock=1&page=1");
    expect(inStock.cards).toMatchObject({ total: 30, hasNextPage: false });
  });

  describe("the route", () => {
    const call = (path: string) =>
      setLoader({ context: { db: database.db }, request: new Request(`http://shop.test${path}`), params: { code: decodeURIComponent(new URL(`http://x${path}`).pathname.split("/")[2]!) } } as never);

    it("answers 404 for an unknown set and 301 to the set's own code, keeping the query", async () => {
      await expect(call("/sets/nope")).rejects.toMatchObject({ init: { status: 404 } });
      const moved = await call("/sets/sv3pt5?condition=lp").catch((e: unknown) => e);
      expect(moved).toBeInstanceOf(Response);
      expect((moved as Response).status).toBe(301);
      expect((moved as Response).headers.get("location")).toBe("/sets/sv03.5?condition=lp");
    });

    it("answers 400 with the problems for unreadable filters, still applying the rest", async () => {
      const answer = (await call("/sets/base1?condition=lp&min=abc")) as unknown as { data: SetPageView; init: { status: number } };
      expect(answer.init.status).toBe(400);
      expect(answer.data.problems).toEqual([{ field: "min", message: "Enter the minimum price in pounds, for example 2.50." }]);
      expect(answer.data.cards.items.map((i) => i.card?.name)).toEqual(["Charizard", "Mewtwo", "Pikachu"]);
      expect(answer.data.typed.min).toBe("abc");
    });
  });
});
