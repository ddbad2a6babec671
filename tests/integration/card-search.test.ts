import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findCardMatches, findProducts } from "~/modules/catalog/card-search.server";
import { parseSearchParams, parseSetParams } from "~/modules/catalog/find-filters";
import type { SearchView } from "~/modules/catalog/find-view";
import { searchProducts } from "~/modules/catalog/queries.server";
import { setPage } from "~/modules/catalog/set-pages.server";
import { loader as searchLoader } from "~/routes/search";
import { loader as setLoader } from "~/routes/set";
import { createTestDatabase, type TestDatabase } from "../setup/database";
import { arrangeSinglesShop } from "../support/card-singles";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await arrangeSinglesShop(database.db);
});

afterAll(async () => {
  await database?.destroy();
});

async function search(query: string): Promise<SearchView> {
  const found = await findProducts(database.db, parseSearchParams(new URLSearchParams(query.includes("=") ? query : `q=${encodeURIComponent(query)}`)));
  if (!found) throw new Error(`no results view for ${query}`);
  return found;
}
const slugs = (v: SearchView) => v.results.items.map((i) => i.slug);
const count = (facets: Array<{ value: string; count: number }>, value: string) => facets.find((f) => f.value === value)?.count;

describe("search that understands cards", () => {
  it("charizard 4/102: the Base Set Charizard first, among several Charizards", async () => {
    const found = await search("charizard 4/102");
    expect(slugs(found)[0]).toBe("charizard-base1-4");
    expect(found.results.items[0]).toMatchObject({ cardMatch: true, card: { numberLabel: "4/102", setName: "Base Set" }, lead: { price: 22000 } });
    expect(found.cardMatchCount).toBe(1);
    // The other Charizards are found by name, and the Base Set one comes before each of them.
    const all = await search("charizard");
    expect(slugs(all)).toEqual(expect.arrayContaining(["charizard-base1-4", "charizard-base4-4", "charizard-ex-sv03.5-006", "charizard-ex-sv03.5-199", "charizard-upc"]));
    expect(all.cardMatchCount).toBe(0);
  });

  it("charizard 4: card number 4 in any set, newest set first", async () => {
    expect(slugs(await search("charizard 4")).slice(0, 2)).toEqual(["charizard-base4-4", "charizard-base1-4"]);
    expect(slugs(await search("charizard #4")).slice(0, 2)).toEqual(["charizard-base4-4", "charizard-base1-4"]);
  });

  it("4/102 alone and base1 4: the Base Set Charizard", async () => {
    expect(slugs(await search("4/102"))[0]).toBe("charizard-base1-4");
    expect(slugs(await search("base1 4"))[0]).toBe("charizard-base1-4");
    expect(slugs(await search("Base Set 4"))[0]).toBe("charizard-base1-4");
    expect(slugs(await search("BS 004"))[0]).toBe("charizard-base1-4");
  });

  it("sv3pt5 199: a set alias and a number", async () => {
    const found = await search("sv3pt5 199");
    expect(slugs(found)[0]).toBe("charizard-ex-sv03.5-199");
    expect(found.matchedSet).toEqual({ code: "sv03.5", name: "151" });
    expect(slugs(await search("sv03.5 199"))[0]).toBe("charizard-ex-sv03.5-199");
  });

  it("151 mew: the set by name and the card by name, Mew ex 151/165 first", async () => {
    const found = await search("151 mew");
    expect(slugs(found).slice(0, 2)).toEqual(["mew-ex-sv03.5-151", "mew-ex-sv03.5-205"]);
    // "mew" alone is a search for Mew, not for the whole 151 set (whose alias is MEW).
    const mew = await search("mew");
    expect(mew.cardMatchCount).toBe(0);
    expect(slugs(mew)).toEqual(expect.arrayContaining(["mew-ex-sv03.5-151", "mew-ex-sv03.5-205", "mew-tin"]));
    expect(slugs(mew)).not.toContain("pikachu-sv03.5-025");
  });

  it("numbers as printed or not: 25 finds 025, TG01 alone finds the Trainer Gallery card", async () => {
    expect(slugs(await search("pikachu 25"))[0]).toBe("pikachu-sv03.5-025");
    expect(slugs(await search("pikachu 025/165"))[0]).toBe("pikachu-sv03.5-025");
    expect(slugs(await search("tg01"))[0]).toBe("kricketune-swsh11-tg01");
    expect(slugs(await search("kricketune TG01/TG30"))[0]).toBe("kricketune-swsh11-tg01");
  });

  it("a set named alone lists its cards in number order, with a link to the set", async () => {
    const found = await search("lost origin");
    expect(slugs(found)).toEqual(["kakuna-swsh11-2", "sunflora-swsh11-10", "kricketune-swsh11-tg01"]);
    expect(found.matchedSet).toEqual({ code: "swsh11", name: "Lost Origin" });
  });

  it("keeps prefix matching and web-search syntax for everything else", async () => {
    expect(slugs(await search("chari"))).toEqual(expect.arrayContaining(["charizard-base1-4", "charizard-upc"]));
    const without = slugs(await search("charizard -collection"));
    expect(without).toContain("charizard-base1-4");
    expect(without).not.toContain("charizard-upc");
    expect(slugs(await search('"ultra premium"'))).toEqual(["charizard-upc"]);
    expect(slugs(await search("kakuna or sunflora")).sort()).toEqual(["kakuna-swsh11-2", "sunflora-swsh11-10"]);
  });

  it("counts what searchProducts finds when no card is named, and shows each product once", async () => {
    for (const q of ["charizard", "chari", "mew", "charizard -collection", "kakuna or sunflora", "base set", "zzzz", "tin"]) {
      const [ours, ordinary] = await Promise.all([search(q), searchProducts(database.db, q)]);
      expect(ours.facets?.total, q).toBe(ordinary.total);
      expect(ours.results.items.map((i) => i.productId), q).toEqual(ordinary.items.map((i) => i.id));
    }
    const found = await search("charizard 4");
    const ids = found.results.items.map((i) => i.productId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("never shows a hidden product, by name, number or set", async () => {
    for (const q of ["machamp", "machamp 8/102", "base1 8", "8/102", "charizard secret box", "base1"]) {
      const found = await search(q);
      expect(slugs(found), q).not.toContain("machamp-base1-8");
      expect(slugs(found), q).not.toContain("charizard-secret-box");
    }
    expect((await findCardMatches(database.db, "base1 8")).productIds).toEqual([]);
  });
});

describe("search filters and counts", () => {
  it("filters by condition (singles only), counting every condition with the other filters applied", async () => {
    const nm = await search("q=charizard&condition=nm");
    expect(slugs(nm).sort()).toEqual(["charizard-base1-4", "charizard-base4-4", "charizard-ex-sv03.5-006", "charizard-ex-sv03.5-199"]);
    expect(nm.order).toBe("ranked");
    expect(nm.facets!.total).toBe(4);
    expect(count(nm.facets!.condition, "nm")).toBe(4);
    expect(count(nm.facets!.condition, "lp")).toBe(1);
    expect(count(nm.facets!.condition, "mp")).toBe(1);
    // With the NM filter on, the NM copy of the Base Set Charizard is what its tile offers.
    expect(nm.results.items.find((i) => i.slug === "charizard-base1-4")).toMatchObject({ lead: { price: 30000, query: "condition=nm&printing=holo&language=en" }, stock: 1 });
  });

  it("filters by printing, rarity, stock and price, and sorts by price", async () => {
    expect(slugs(await search("q=charizard&printing=holo&sort=price-asc"))).toEqual(["charizard-base4-4", "charizard-base1-4"]);
    expect(slugs(await search("q=mew&rarity=Hyper+rare"))).toEqual(["mew-ex-sv03.5-205"]);
    // "mew" is a prefix of Mewtwo too; the 205 Mew ex and the tin are sold out.
    expect(slugs(await search("q=mew&instock=1"))).toEqual(["mew-ex-sv03.5-151", "mewtwo-base1-10"]);
    // Prices apply to sealed products too: £220 (LP), £120, the £119.99 box; £90 is under the minimum.
    expect(slugs(await search("q=charizard&min=100&sort=price-desc"))).toEqual(["charizard-base1-4", "charizard-ex-sv03.5-199", "charizard-upc"]);
    expect(slugs(await search("q=charizard&max=5&sort=price-asc"))).toEqual(["charizard-ex-sv03.5-006"]);
    // By name as the database orders names (its collation), as category pages are.
    const byName = await database.db.execute<{ slug: string }>(
      sql`SELECT slug FROM products WHERE is_visible AND name ILIKE 'charizard%' ORDER BY name, id`,
    );
    expect(slugs(await search("q=charizard&sort=name"))).toEqual((byName as unknown as { rows: Array<{ slug: string }> }).rows.map((r) => r.slug));  });

  it("keeps card matches first when filtered by relevance", async () => {
    const found = await search("q=charizard+4%2F102&condition=lp");
    expect(slugs(found)).toEqual(["charizard-base1-4"]);
    expect(found.results.items[0]).toMatchObject({ cardMatch: true, lead: { price: 22000 } });
    expect(slugs(await search("q=charizard+4&instock=1"))[0]).toBe("charizard-base4-4");
  });

  it("counts rarities and stock over the whole result", async () => {
    const found = await search("charizard");
    expect(found.facets!.total).toBe(5);
    expect(found.facets!.inStock).toBe(5);
    expect(found.facets!.rarity).toEqual([
      { value: "Double rare", count: 1 },
      { value: "Rare Holo", count: 2 },
      { value: "Special illustration rare", count: 1 },
    ]);
    expect(count(found.facets!.printing, "holo")).toBe(2);
  });

  it("pages a filtered search", async () => {
    const first = await search("q=charizard&sort=name&page=1");
    expect(first.results).toMatchObject({ page: 1, total: 5, hasNextPage: false });
    expect((await search("q=charizard&sort=name&page=2")).results.items).toEqual([]);
  });
});

describe("a broad search (more than 1,000 matches)", () => {
  beforeAll(async () => {
    // 1,050 sealed tins named "Zubat Tin 0001" …; every other one in stock, prices 1.00–11.49.
    await database.db.execute(sql`
      WITH p AS (
        INSERT INTO products (name, slug, kind, category_id)
        SELECT 'Zubat Tin ' || lpad(n::text, 4, '0'), 'zubat-tin-' || n, 'sealed', (SELECT id FROM categories ORDER BY id DESC LIMIT 1)
        FROM generate_series(1, 1050) AS n
        RETURNING id, slug
      )
      INSERT INTO product_variants (product_id, price, stock)
      SELECT id, 100 + split_part(slug, '-', 3)::int, split_part(slug, '-', 3)::int % 2 FROM p`);
  });

  it("is answered in name order, without counts or an exact total, and pages on", async () => {
    const found = await search("zubat");
    expect(found).toMatchObject({ broad: true, facets: null, order: "name", results: { total: null, hasNextPage: true } });
    expect(found.results.items).toHaveLength(48);
    expect(found.results.items.slice(0, 2).map((i) => i.name)).toEqual(["Zubat Tin 0001", "Zubat Tin 0002"]);
  });

  it("still filters every match exactly, and counts a filtered result that fits", async () => {
    const inStock = await search("q=zubat&instock=1");
    expect(inStock).toMatchObject({ broad: true, facets: null, order: "name", results: { total: 525, hasNextPage: true } });
    expect(inStock.results.items.slice(0, 2).map((i) => i.name)).toEqual(["Zubat Tin 0001", "Zubat Tin 0003"]);
    const cheap = await search("q=zubat&max=1.05&sort=price-desc");
    expect(cheap.results.items.map((i) => i.name)).toEqual(["Zubat Tin 0005", "Zubat Tin 0004", "Zubat Tin 0003", "Zubat Tin 0002", "Zubat Tin 0001"]);
    expect(cheap.results).toMatchObject({ total: 5, hasNextPage: false });
    expect(cheap.order).toBe("sorted");
    const page22 = await search("q=zubat&sort=price-asc&page=22");
    expect(page22.results.items.map((i) => i.name)).toEqual(["Zubat Tin 1009", "Zubat Tin 1010"].concat(page22.results.items.slice(2).map((i) => i.name)));
    expect(page22.results.items).toHaveLength(42);
    expect(page22.results.hasNextPage).toBe(false);
    // Condition filters leave sealed product out, broad or not.
    expect((await search("q=zubat&condition=nm")).results).toMatchObject({ items: [], total: 0 });
  });
});

describe("hostile input is never a 500", () => {
  const hostile = fc.oneof(
    fc.string({ maxLength: 300 }),
    fc.constantFrom("'", '"', "\\", "%", "_", "*", ":*", "&|!", "<->", "( )", "1/0", "0/0", "/", "#", "##4", "4//102", "-4/102", "é", "😀/102", "NaN", "-", "- - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - x"),
    fc.constantFrom("' OR 1=1 --", "'); DROP TABLE cards; --", "\u0000", "a\u0000b", "9".repeat(400), "4/" + "9".repeat(30), "TG" + "0".repeat(20) + "1"),
  );
  const names = ["q", "rarity", "condition", "printing", "instock", "min", "max", "sort", "show", "page"];
  const queryString = fc
    .array(fc.tuple(fc.constantFrom(...names), hostile), { maxLength: 8 })
    .map((pairs) => pairs.map(([k, v]) => `${k}=${encodeURIComponent(v.replaceAll("\u0000", ""))}`).join("&"));

  async function survives(run: () => Promise<unknown>) {
    try {
      await run();
    } catch (thrown) {
      // A thrown Response (404, 301) or data() with a 4xx is an answer; anything else is a 500.
      const status = thrown instanceof Response ? thrown.status : (thrown as { init?: { status?: number } })?.init?.status;
      if (typeof status === "number" && status < 500) return;
      throw thrown;
    }
  }

  it("search: any query string", async () => {
    await fc.assert(
      fc.asyncProperty(queryString, async (search) => {
        await survives(() => searchLoader({ context: { db: database.db }, request: new Request(`http://shop.test/search?${search}`), params: {} } as never));
      }),
      { seed: 13, numRuns: 150 },
    );
  });

  it("set pages: any query string on a real set, and any code", async () => {
    await fc.assert(
      fc.asyncProperty(queryString, fc.oneof(fc.constantFrom("base1", "sv03.5", "sv3pt5"), hostile.filter((s) => s.length > 0)), async (search, code) => {
        await survives(() => setLoader({ context: { db: database.db }, request: new Request(`http://shop.test/sets/x?${search}`), params: { code: code.replaceAll("\u0000", "") } } as never));
      }),
      { seed: 13, numRuns: 150 },
    );
  });

  it("reads the filters through the same parser for both pages", async () => {
    const answer = await setPage(database.db, "base1", parseSetParams(new URLSearchParams("condition=%27%3B--&min=1e9&sort=%00")));
    expect(answer && "view" in answer && answer.view.problems.map((p) => p.field)).toEqual(["condition", "min", "sort"]);
  });
});
