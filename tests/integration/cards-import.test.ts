// The TCGdex import against PostgreSQL: fixture files → rows; re-import updates in place;
// a malformed record refuses its whole set; a folder of card files; the command's output.
import { execFile } from "node:child_process";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { cards, cardSets } from "~/db/schema";
import { importTcgdexPath } from "~/modules/cards/import.server";
import { problemLine } from "~/modules/cards/tcgdex";
import { createTestDatabase, type TestDatabase } from "../setup/database";

const FIXTURES = "tests/fixtures/tcgdex";
let database: TestDatabase;
let db: Db;
let scratch: string;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(async () => {
  await database?.destroy();
});
beforeEach(async () => {
  await db.delete(cards);
  await db.delete(cardSets);
  scratch = await mkdtemp(join(tmpdir(), "nearmint-cards-"));
  return () => rm(scratch, { recursive: true, force: true });
});

const setCards = (code: string) =>
  db
    .select({ number: cards.localNumber, name: cards.name, rarity: cards.rarity, printings: cards.printings, artist: cards.artist })
    .from(cards)
    .innerJoin(cardSets, eq(cards.setId, cardSets.id))
    .where(eq(cardSets.code, code))
    .orderBy(asc(cards.numberSort));

describe("importing a TCGdex set file", () => {
  it("writes the set and its cards, in number order, with printings and external ids", async () => {
    const report = await importTcgdexPath(db, `${FIXTURES}/base1/base1.json`);
    expect(report.problems).toEqual([]);
    expect(report.sets).toEqual({ inserted: 1, updated: 0, unchanged: 0 });
    expect(report.cards).toEqual({ inserted: 7, updated: 0, unchanged: 0 });

    const [set] = await db.select().from(cardSets);
    expect(set).toMatchObject({
      code: "base1", tcgdexId: "base1", name: "Base Set", seriesName: "Base", releaseDate: "1999-01-09",
      officialCardCount: 102, totalCardCount: 102, cardmarketId: null,
      symbolUrl: "https://assets.tcgdex.net/univ/base/base1/symbol", logoUrl: "https://assets.tcgdex.net/en/base/base1/logo",
    });
    expect((await setCards("base1")).map((card) => `${card.number} ${card.name}`)).toEqual([
      "1 Alakazam", "2 Blastoise", "4 Charizard", "58 Pikachu", "91 Bill", "96 Double Colorless Energy", "102 Water Energy",
    ]);
    const [charizard] = await db.select().from(cards).where(eq(cards.tcgdexId, "base1-4"));
    expect(charizard).toMatchObject({
      localNumber: "4", name: "Charizard", rarity: "Rare Holo", category: "Pokémon", stage: "Stage2", subtypes: [], hp: 120,
      types: ["Fire"], printings: ["holo", "first_edition"], artist: "Mitsuhiro Arita", cardmarketProductId: 273699,
    });
    const [energy] = await db.select().from(cards).where(eq(cards.tcgdexId, "base1-96"));
    expect(energy).toMatchObject({ category: "Energy", subtypes: ["Special"], hp: null, types: [], cardmarketProductId: null });
  });

  it("finds a card by a name prefix through the search column", async () => {
    await importTcgdexPath(db, `${FIXTURES}/base1/base1.json`);
    const rows = await db
      .select({ name: cards.name })
      .from(cards)
      .where(sql`${cards.searchName} @@ to_tsquery('simple', 'chari:*')`);
    expect(rows).toEqual([{ name: "Charizard" }]);
  });

  it("re-imports idempotently: unchanged rows stay, changed ones are updated, none duplicated", async () => {
    await importTcgdexPath(db, `${FIXTURES}/base1/base1.json`);
    const [before] = await db.select().from(cards).where(eq(cards.tcgdexId, "base1-4"));

    const again = await importTcgdexPath(db, `${FIXTURES}/base1/base1.json`);
    expect(again.sets).toEqual({ inserted: 0, updated: 0, unchanged: 1 });
    expect(again.cards).toEqual({ inserted: 0, updated: 0, unchanged: 7 });

    const json = JSON.parse(await readFile(`${FIXTURES}/base1/base1.json`, "utf8"));
    json.name = "Base";
    json.cards[2].rarity = "Holo Rare";
    json.cards[2].pricing = { cardmarket: { idProduct: 999 } };
    json.cards.push({ id: "base1-10", localId: "10", name: "Mewtwo", category: "Pokemon", rarity: "Rare Holo", hp: 60, types: ["Psychic"], stage: "Basic" });
    await writeFile(join(scratch, "base1.json"), JSON.stringify(json));
    const changed = await importTcgdexPath(db, join(scratch, "base1.json"));
    expect(changed.problems).toEqual([]);
    expect(changed.sets).toEqual({ inserted: 0, updated: 1, unchanged: 0 });
    expect(changed.cards).toEqual({ inserted: 1, updated: 1, unchanged: 6 });

    expect(await db.$count(cardSets)).toBe(1);
    expect(await db.$count(cards)).toBe(8);
    const [after] = await db.select().from(cards).where(eq(cards.tcgdexId, "base1-4"));
    expect(after).toMatchObject({ id: before!.id, rarity: "Holo Rare", cardmarketProductId: 999, createdAt: before!.createdAt });
    expect(after!.updatedAt.getTime()).toBeGreaterThan(before!.updatedAt.getTime());
    expect((await setCards("base1")).map((card) => card.number)).toEqual(["1", "2", "4", "10", "58", "91", "96", "102"]);
  });

  it("does not let a set's bare card list erase what full card records gave", async () => {
    await importTcgdexPath(db, `${FIXTURES}/base1/base1.json`);
    const json = JSON.parse(await readFile(`${FIXTURES}/base1/base1.json`, "utf8"));
    json.cards = json.cards.map((card: { id: string; localId: string; name: string }) => ({ id: card.id, localId: card.localId, name: card.name }));
    delete json.serie;
    await writeFile(join(scratch, "brief.json"), JSON.stringify(json));
    const report = await importTcgdexPath(db, join(scratch, "brief.json"));
    expect(report.cards).toEqual({ inserted: 0, updated: 0, unchanged: 7 });
    const [charizard] = await db.select().from(cards).where(eq(cards.tcgdexId, "base1-4"));
    expect(charizard).toMatchObject({ rarity: "Rare Holo", printings: ["holo", "first_edition"], types: ["Fire"] });
    expect((await db.select().from(cardSets))[0]!.seriesName).toBe("Base");
  });
});

describe("a set larger than one batch", () => {
  it("writes every card in batches, with progress per batch, and re-imports it unchanged", async () => {
    const big = {
      id: "big1", name: "Big Set", serie: { id: "test", name: "Test" }, releaseDate: "2026-01-01", cardCount: { official: 1200, total: 1201 },
      cards: [
        ...Array.from({ length: 1200 }, (_, i) => ({ id: `big1-${i + 1}`, localId: String(i + 1), name: `Card ${i + 1}`, category: "Pokemon", hp: 50 })),
        { id: "big1-TG01", localId: "TG01", name: "Gallery card", category: "Trainer" },
      ],
    };
    await writeFile(join(scratch, "big1.json"), JSON.stringify(big));
    const seen: string[] = [];
    const report = await importTcgdexPath(db, join(scratch, "big1.json"), { onProgress: (p) => seen.push(`${p.cardsDone}/${p.cardsTotal}`) });
    expect(seen).toEqual(["500/1201", "1000/1201", "1201/1201"]);
    expect(report.cards).toEqual({ inserted: 1201, updated: 0, unchanged: 0 });
    const numbers = (await setCards("big1")).map((card) => card.number);
    expect([numbers[0], numbers[1], numbers[9], numbers[1199], numbers[1200]]).toEqual(["1", "2", "10", "1200", "TG01"]);

    const again = await importTcgdexPath(db, join(scratch, "big1.json"));
    expect(again.cards).toEqual({ inserted: 0, updated: 0, unchanged: 1201 });
    expect(await db.$count(cards)).toBe(1201);
  });
});

describe("malformed input", () => {
  it("refuses a set with a malformed record whole, naming the file and record, and imports the rest", async () => {
    await cp(`${FIXTURES}/malformed/base2.json`, join(scratch, "base2.json"));
    await cp(`${FIXTURES}/base1/base1.json`, join(scratch, "base1.json"));
    await writeFile(join(scratch, "broken.json"), "{ not json");
    const report = await importTcgdexPath(db, scratch);

    expect(report.skippedSets).toEqual(["base2"]);
    const lines = report.problems.map(problemLine);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/broken\.json: is not readable JSON \(/);
    expect(lines[1]).toMatch(/base2\.json: card base2-2: hp: must be a whole number$/);
    expect(await db.$count(cardSets, eq(cardSets.code, "base2"))).toBe(0);
    expect(await db.$count(cards, sql`${cards.tcgdexId} LIKE 'base2-%'`)).toBe(0);
    expect(report.cards.inserted).toBe(7);
  });

  it("rolls back a set the database refuses, leaving none of its rows", async () => {
    await importTcgdexPath(db, `${FIXTURES}/base1/base1.json`);
    // Another TCGdex card claiming Charizard's number: the unique (set, number) refuses it mid-set.
    const json = JSON.parse(await readFile(`${FIXTURES}/base1/base1.json`, "utf8"));
    json.name = "Renamed";
    json.cards = [{ id: "base1-3", localId: "3", name: "Chansey", category: "Pokemon" }, { id: "base1-4b", localId: "4", name: "Impostor", category: "Pokemon" }];
    await writeFile(join(scratch, "clash.json"), JSON.stringify(json));
    const report = await importTcgdexPath(db, join(scratch, "clash.json"));
    expect(report.skippedSets).toEqual(["base1"]);
    expect(problemLine(report.problems[0]!)).toMatch(/clash\.json: set base1: not imported: .*cards_set_number_unique/);
    expect(await db.$count(cards, eq(cards.tcgdexId, "base1-3"))).toBe(0);
    expect((await db.select().from(cardSets))[0]!.name).toBe("Base Set");
  });
});

describe("importing a folder", () => {
  it("reads set files and card files under it, each card file naming its set", async () => {
    const report = await importTcgdexPath(db, FIXTURES);
    // The fixtures folder holds the malformed set too: it is refused, the others import.
    expect(report.skippedSets).toEqual(["base2"]);
    expect(report.sets.inserted).toBe(2);
    expect(report.cards.inserted).toBe(10);
    const [set151] = await db.select().from(cardSets).where(eq(cardSets.code, "sv03.5"));
    expect(set151).toMatchObject({ name: "151", officialCardCount: 165, totalCardCount: 207, seriesName: null, releaseDate: null });
    expect((await setCards("sv03.5")).map((card) => `${card.number} ${card.name} ${card.rarity}`)).toEqual([
      "006 Charizard ex Double rare", "151 Mew ex Double rare", "199 Charizard ex Special illustration rare",
    ]);
  });

  it("reports progress per batch and set", async () => {
    const seen: string[] = [];
    await importTcgdexPath(db, `${FIXTURES}/sv03.5`, { onProgress: (p) => seen.push(`${p.setIndex}/${p.setCount} ${p.setId} ${p.cardsDone}/${p.cardsTotal}`) });
    expect(seen).toEqual(["1/1 sv03.5 3/3"]);
  });
});

describe("npm run cards:import", () => {
  const run = promisify(execFile);
  const env = () => ({ ...process.env, DATABASE_URL: databaseUrl(), DEMO_DATA: "0" });
  let databaseUrl = () => "";

  beforeAll(async () => {
    // The script connects by DATABASE_URL; only meaningful on a PostgreSQL server.
    const result = (await db.execute(sql`SELECT current_database() AS name`)) as unknown as { rows: Array<{ name: string }> };
    const row = result.rows[0];
    const admin = new URL(process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
    admin.pathname = `/${row!.name}`;
    databaseUrl = () => admin.toString();
  });

  it("prints counts, one line per refused record, and exits 1 when anything was refused", async (context) => {
    if (database.kind === "pglite") context.skip("the command needs a PostgreSQL server to connect to");
    const ok = await run("npx", ["tsx", "scripts/cards-import.ts", `${FIXTURES}/base1`], { env: env() });
    expect(ok.stdout).toContain("[cards:import] set 1/1 base1 (Base Set): 7/7 cards");
    expect(ok.stdout).toContain("[cards:import] cards: 7 added, 0 updated, 0 unchanged");

    const refused = await run("npx", ["tsx", "scripts/cards-import.ts", `${FIXTURES}/malformed`], { env: env() }).catch((error) => error);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("[cards:import] refused tests/fixtures/tcgdex/malformed/base2.json: card base2-2: hp: must be a whole number");
    expect(refused.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });
});
