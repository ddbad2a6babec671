// Loading TCGdex files into card_sets and cards (`npm run cards:import`; docs/cards.md). Reads
// local files only, never the network. Each set is written in its own transaction, in batches;
// re-importing updates rows in place (keyed by the TCGdex ids) and never duplicates them.
import { readdir, readFile, stat } from "node:fs/promises";
import { join, relative } from "node:path";
import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { cards, cardSets } from "~/db/schema";
import { type CardRecord, type ImportPlan, type ImportProblem, planImport, type SetRecord } from "./tcgdex";

/** Rows per INSERT: well under PostgreSQL's 65 535 parameters (13 per card). */
export const CARD_BATCH_SIZE = 500;

export interface Tally {
  inserted: number;
  updated: number;
  unchanged: number;
}

export interface ImportReport {
  sets: Tally;
  cards: Tally;
  /** Every malformed record and every set left out (nothing of a set is written if any of it is refused). */
  problems: ImportProblem[];
  /** TCGdex ids of the sets not written. */
  skippedSets: string[];
}

export interface ImportProgress {
  setIndex: number;
  setCount: number;
  setId: string;
  setName: string;
  cardsDone: number;
  cardsTotal: number;
}

/** Every `.json` file under `path` (or `path` itself), each parsed; unreadable files become problems. */
export async function loadTcgdexDocuments(
  path: string,
): Promise<{ documents: Array<{ file: string; json: unknown }>; problems: ImportProblem[] }> {
  const files: string[] = [];
  const walk = async (current: string) => {
    const info = await stat(current);
    if (!info.isDirectory()) {
      files.push(current);
      return;
    }
    const entries = (await readdir(current, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      if (entry.isDirectory()) await walk(join(current, entry.name));
      else if (entry.name.toLowerCase().endsWith(".json")) files.push(join(current, entry.name));
    }
  };
  await walk(path);

  const documents: Array<{ file: string; json: unknown }> = [];
  const problems: ImportProblem[] = [];
  for (const absolute of files) {
    const file = relative(process.cwd(), absolute) || absolute;
    try {
      documents.push({ file, json: JSON.parse(await readFile(absolute, "utf8")) });
    } catch (error) {
      problems.push({ file, record: null, setId: null, reason: `is not readable JSON (${(error as Error).message})` });
    }
  }
  return { documents, problems };
}

const tally = (): Tally => ({ inserted: 0, updated: 0, unchanged: 0 });

/**
 * Set fields missing from a file (a card file's set summary has no series or release date) keep
 * their stored value; the rest take the file's.
 */
const SET_UPDATES = {
  name: sql`excluded.name`,
  seriesName: sql`coalesce(excluded.series_name, card_sets.series_name)`,
  releaseDate: sql`coalesce(excluded.release_date, card_sets.release_date)`,
  officialCardCount: sql`coalesce(excluded.official_card_count, card_sets.official_card_count)`,
  totalCardCount: sql`coalesce(excluded.total_card_count, card_sets.total_card_count)`,
  symbolUrl: sql`coalesce(excluded.symbol_url, card_sets.symbol_url)`,
  logoUrl: sql`coalesce(excluded.logo_url, card_sets.logo_url)`,
};
const SET_CHANGED = sql`(card_sets.name, card_sets.series_name, card_sets.release_date, card_sets.official_card_count,
  card_sets.total_card_count, card_sets.symbol_url, card_sets.logo_url) IS DISTINCT FROM
  (${sql.join(Object.values(SET_UPDATES), sql`, `)})`;

/**
 * A full card record (one with a category) replaces everything about the card; an entry of a set's
 * card list (id, number, name only) changes its number and name and leaves the rest alone.
 */
const full = (column: string) => sql.raw(`CASE WHEN excluded.category IS NULL THEN cards.${column} ELSE excluded.${column} END`);
const CARD_UPDATES = {
  setId: sql`excluded.set_id`,
  localNumber: sql`excluded.local_number`,
  numberSort: sql`excluded.number_sort`,
  name: sql`excluded.name`,
  rarity: full("rarity"),
  category: full("category"),
  stage: full("stage"),
  subtypes: full("subtypes"),
  hp: full("hp"),
  types: full("types"),
  printings: full("printings"),
  artist: full("artist"),
  cardmarketProductId: full("cardmarket_product_id"),
};
const CARD_CHANGED = sql`(cards.set_id, cards.local_number, cards.number_sort, cards.name, cards.rarity, cards.category,
  cards.stage, cards.subtypes, cards.hp, cards.types, cards.printings, cards.artist, cards.cardmarket_product_id)
  IS DISTINCT FROM (${sql.join(Object.values(CARD_UPDATES), sql`, `)})`;

async function upsertSet(tx: Tx, set: SetRecord): Promise<{ id: number; outcome: keyof Tally }> {
  const [row] = await tx
    .insert(cardSets)
    .values({ code: set.tcgdexId, ...set })
    .onConflictDoUpdate({ target: cardSets.tcgdexId, set: { ...SET_UPDATES, updatedAt: sql`now()` }, setWhere: SET_CHANGED })
    .returning({ id: cardSets.id, inserted: sql<boolean>`(xmax = 0)` });
  if (row) return { id: row.id, outcome: row.inserted ? "inserted" : "updated" };
  // The row exists and nothing changed: ON CONFLICT … WHERE returned nothing.
  const [existing] = await tx.select({ id: cardSets.id }).from(cardSets).where(eq(cardSets.tcgdexId, set.tcgdexId));
  return { id: existing!.id, outcome: "unchanged" };
}

async function upsertCards(tx: Tx, setId: number, batch: CardRecord[], counts: Tally): Promise<void> {
  const rows = await tx
    .insert(cards)
    .values(batch.map((card) => ({ ...card, setId, subtypes: card.subtypes ?? [], types: card.types ?? [] })))
    .onConflictDoUpdate({ target: cards.tcgdexId, set: { ...CARD_UPDATES, updatedAt: sql`now()` }, setWhere: CARD_CHANGED })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  for (const row of rows) counts[row.inserted ? "inserted" : "updated"]++;
  counts.unchanged += batch.length - rows.length;
}

/** Writes a plan: one transaction per set, so a set that fails leaves nothing of itself behind. */
export async function importPlan(
  db: Db,
  plan: ImportPlan,
  options: { onProgress?: (progress: ImportProgress) => void } = {},
): Promise<ImportReport> {
  const report: ImportReport = {
    sets: tally(),
    cards: tally(),
    problems: [...plan.problems],
    skippedSets: [...new Set(plan.problems.map((problem) => problem.setId).filter((id): id is string => id !== null))],
  };

  for (const [index, { set, cards: setCards, files }] of plan.sets.entries()) {
    const setCounts = tally();
    const cardCounts = tally();
    try {
      await db.transaction(async (tx) => {
        const { id, outcome } = await upsertSet(tx, set);
        setCounts[outcome]++;
        for (let start = 0; start < setCards.length; start += CARD_BATCH_SIZE) {
          await upsertCards(tx, id, setCards.slice(start, start + CARD_BATCH_SIZE), cardCounts);
          options.onProgress?.({
            setIndex: index + 1,
            setCount: plan.sets.length,
            setId: set.tcgdexId,
            setName: set.name,
            cardsDone: Math.min(start + CARD_BATCH_SIZE, setCards.length),
            cardsTotal: setCards.length,
          });
        }
        if (setCards.length === 0) {
          options.onProgress?.({ setIndex: index + 1, setCount: plan.sets.length, setId: set.tcgdexId, setName: set.name, cardsDone: 0, cardsTotal: 0 });
        }
      });
    } catch (error) {
      // A database refusal (e.g. a number already taken by another card of the set): this set only.
      const cause = (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
      report.problems.push({ file: files.join(", "), record: `set ${set.tcgdexId}`, setId: set.tcgdexId, reason: `not imported: ${cause}` });
      report.skippedSets.push(set.tcgdexId);
      continue;
    }
    for (const key of ["inserted", "updated", "unchanged"] as const) {
      report.sets[key] += setCounts[key];
      report.cards[key] += cardCounts[key];
    }
  }
  return report;
}

/** Reads `path` (a file or a folder of TCGdex JSON) and imports it. */
export async function importTcgdexPath(
  db: Db,
  path: string,
  options: { onProgress?: (progress: ImportProgress) => void } = {},
): Promise<ImportReport> {
  const { documents, problems } = await loadTcgdexDocuments(path);
  const plan = planImport(documents);
  return importPlan(db, { ...plan, problems: [...problems, ...plan.problems] }, options);
}
