// Importing Cardmarket price guides against PostgreSQL: rows in cents matched to cards, bad rows
// reported and left out, the same guide twice refused (also when two imports race), every guide
// kept as history, and the command's output and exit codes.
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { cards, marketPriceGuides, marketPrices } from "~/db/schema";
import { importTcgdexPath } from "~/modules/cards/import.server";
import { importPriceGuide, importPriceGuideFile } from "~/modules/market/import.server";
import { marketHistory } from "~/modules/market/repricing.server";
import { createTestDatabase, type TestDatabase } from "../setup/database";

const GUIDE_1 = "tests/fixtures/cardmarket/price_guide_2025-11-03.json";
const GUIDE_2 = "tests/fixtures/cardmarket/price_guide_2025-11-10.json";
const CHARIZARD = 273699;
const PIKACHU = 273702;

let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(async () => {
  await database?.destroy();
});

async function withCards() {
  await importTcgdexPath(db, "tests/fixtures/tcgdex/base1/base1.json");
  // Base Set Charizard carries 273699 in the TCGdex fixture; Pikachu gets the guide's other id.
  await db.update(cards).set({ cardmarketProductId: PIKACHU }).where(eq(cards.tcgdexId, "base1-58"));
}

beforeEach(async () => {
  await db.delete(marketPriceGuides);
  await db.delete(cards);
  await db.execute(sql`DELETE FROM card_sets`);
});

const guideCount = async () => (await db.select().from(marketPriceGuides)).length;
const priceCount = async () => (await db.select().from(marketPrices)).length;

describe("importing a price guide", () => {
  it("keeps the rows that match a card, in euro cents, and reports the bad rows", async () => {
    await withCards();
    const outcome = await importPriceGuideFile(db, GUIDE_1);
    expect(outcome).toMatchObject({ status: "imported", rowCount: 6, matchedCount: 2, unmatchedCount: 1 });
    if (outcome.status !== "imported") return;
    expect(outcome.publishedAt.toISOString()).toBe("2025-11-03T01:45:12.000Z");
    expect(outcome.problems.map((p) => [p.index, p.idProduct])).toEqual([
      [3, 273703],
      [4, null],
      [5, 273704],
    ]);

    const [guide] = await db.select().from(marketPriceGuides);
    expect(guide).toMatchObject({ source: "cardmarket", fileName: "price_guide_2025-11-03.json", rowCount: 6, matchedCount: 2 });
    const rows = await db.select().from(marketPrices).orderBy(marketPrices.cardmarketProductId);
    expect(rows).toEqual([
      { guideId: guide!.id, cardmarketProductId: CHARIZARD, avg: 31_250, low: 25_000, trend: 31_804, avg1: 30_000, avg7: 30_510, avg30: 31_090,
        avgHolo: null, lowHolo: null, trendHolo: null, avg1Holo: null, avg7Holo: null, avg30Holo: null },
      { guideId: guide!.id, cardmarketProductId: PIKACHU, avg: 420, low: 150, trend: 367, avg1: 0, avg7: 390, avg30: 405,
        avgHolo: 750, lowHolo: 500, trendHolo: 812, avg1Holo: 0, avg7Holo: 770, avg30Holo: 795 },
    ]);
  });

  it("refuses the same guide again (same createdAt) and writes nothing", async () => {
    await withCards();
    const first = await importPriceGuideFile(db, GUIDE_1);
    const again = await importPriceGuideFile(db, GUIDE_1);
    expect(again).toMatchObject({ status: "already_imported", guideId: first.status === "imported" ? first.guideId : -1 });
    expect(await guideCount()).toBe(1);
    expect(await priceCount()).toBe(2);
  });

  it("lets two imports of one file race: one imports, the other finds it imported", async () => {
    await withCards();
    const outcomes = await Promise.all([importPriceGuideFile(db, GUIDE_1), importPriceGuideFile(db, GUIDE_1), importPriceGuideFile(db, GUIDE_1)]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(["already_imported", "already_imported", "imported"]);
    expect(await guideCount()).toBe(1);
    expect(await priceCount()).toBe(2);
  });

  it("keeps every guide: a card's price history is its rows across them, oldest first", async () => {
    await withCards();
    // Imported newest first: history is ordered by the guides' own dates, not by import order.
    await importPriceGuideFile(db, GUIDE_2);
    await importPriceGuideFile(db, GUIDE_1);
    const history = await marketHistory(db, CHARIZARD);
    expect(history.map((h) => [h.publishedAt.toISOString().slice(0, 10), h.trend, h.avg7])).toEqual([
      ["2025-11-03", 31_804, 30_510],
      ["2025-11-10", 34_127, 33_333],
    ]);
    expect((await marketHistory(db, PIKACHU)).map((h) => h.trendHolo)).toEqual([812, 799]);
    expect(await marketHistory(db, 99999901)).toEqual([]);
  });

  it("refuses a guide that matches no card (the cards are not imported yet), leaving nothing behind", async () => {
    const outcome = await importPriceGuideFile(db, GUIDE_1);
    expect(outcome).toMatchObject({ status: "refused", reason: expect.stringContaining("npm run cards:import") });
    expect(await guideCount()).toBe(0);
    // Once the cards are there, the same file imports.
    await withCards();
    expect((await importPriceGuideFile(db, GUIDE_1)).status).toBe("imported");
  });

  it("refuses a file that is not a price guide, or not JSON, writing nothing", async () => {
    await withCards();
    expect(await importPriceGuide(db, { createdAt: "2025-11-03T00:00:00", priceGuides: [] }, "x.json")).toMatchObject({ status: "refused", reason: expect.stringContaining("createdAt") });
    expect(await importPriceGuide(db, { createdAt: "2025-11-03T00:00:00Z", priceGuides: [{ idProduct: "x" }] }, "x.json")).toMatchObject({
      status: "refused",
      reason: "The file has no usable rows.",
      problems: [{ index: 0, reason: "idProduct must be a whole number" }],
    });
    const scratch = await mkdtemp(join(tmpdir(), "nearmint-prices-"));
    try {
      await writeFile(join(scratch, "broken.json"), "{ not json");
      expect(await importPriceGuideFile(db, join(scratch, "broken.json"))).toMatchObject({ status: "refused", reason: expect.stringContaining("not readable JSON") });
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
    expect(await guideCount()).toBe(0);
  });

  it("imports a large guide in batches, reporting progress", async () => {
    await withCards();
    const priceGuides = Array.from({ length: 25_000 }, (_, i) => ({ idProduct: i === 12_345 ? CHARIZARD : 5_000_000 + i, trend: 1.5 }));
    const seen: string[] = [];
    const outcome = await importPriceGuide(db, { createdAt: "2025-12-01T00:00:00Z", priceGuides }, "big.json", {
      onProgress: (p) => seen.push(`${p.rowsDone}/${p.rowsTotal}:${p.matched}`),
    });
    expect(outcome).toMatchObject({ status: "imported", rowCount: 25_000, matchedCount: 1, unmatchedCount: 24_999 });
    expect(seen).toEqual(["10000/25000:0", "20000/25000:1", "25000/25000:1"]);
  });
});

describe("npm run prices:import", () => {
  const run = promisify(execFile);
  let databaseUrl = "";

  beforeAll(async () => {
    // The script connects by DATABASE_URL; only meaningful on a PostgreSQL server.
    const result = (await db.execute(sql`SELECT current_database() AS name`)) as unknown as { rows: Array<{ name: string }> };
    const url = new URL(process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
    url.pathname = `/${result.rows[0]!.name}`;
    databaseUrl = url.toString();
  });

  it("prints progress and a summary, one line per refused row, and exits 1, 3 or 2 as documented", async (context) => {
    if (database.kind === "pglite") context.skip("the command needs a PostgreSQL server to connect to");
    await withCards();
    const env = { ...process.env, DATABASE_URL: databaseUrl, DEMO_DATA: "0" };
    const withBadRows = await run("npx", ["tsx", "scripts/prices-import.ts", GUIDE_1], { env }).catch((error) => error);
    expect(withBadRows.code).toBe(1);
    expect(withBadRows.stdout).toContain("[prices:import] 3/3 good rows looked up, 2 matched a card");
    expect(withBadRows.stdout).toMatch(/\[prices:import\] guide \d+ of 2025-11-03T01:45:12.000Z: 6 rows, 2 kept \(matched a card\), 1 matched no card, 3 refused/);
    expect(withBadRows.stderr).toContain("[prices:import] refused row 4 (idProduct 273703): avg must not be negative");
    expect(withBadRows.stderr).not.toMatch(/\n\s+at /); // no stack trace

    const again = await run("npx", ["tsx", "scripts/prices-import.ts", GUIDE_1], { env }).catch((error) => error);
    expect(again.code).toBe(3);
    expect(again.stdout).toContain("already imported");

    const clean = await run("npx", ["tsx", "scripts/prices-import.ts", GUIDE_2], { env });
    expect(clean.stdout).toContain("2 kept (matched a card), 1 matched no card, 0 refused");

    const usage = await run("npx", ["tsx", "scripts/prices-import.ts"], { env }).catch((error) => error);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("Usage: npm run prices:import -- <Cardmarket price-guide JSON file>");
  });
});
