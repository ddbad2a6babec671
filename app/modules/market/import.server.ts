/**
 * Importing a Cardmarket price guide (`npm run prices:import`; docs/pricing.md): a local file,
 * never the network. Each import is a guide of its own (market_price_guides) with its rows
 * (market_prices, euro cents), so every guide is kept and a card's history is its rows across
 * guides. The same guide twice (same source and createdAt) is refused, not duplicated.
 *
 * Only rows whose idProduct is a card's Cardmarket id (`cards.cardmarket_product_id`) are kept:
 * the guide lists every Pokémon product on Cardmarket (sealed product, other languages' cards…),
 * four or five times the cards the shop can stock, and history nobody can price from would grow
 * the database by that much every day (decision 0030). Hence: import the cards first.
 */
import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { marketPriceGuides } from "~/db/schema";
import { CARDMARKET_SOURCE, parsePriceGuide, type PriceGuideRow, type RowProblem } from "./cardmarket";
import { intArrayLiteral, selectRows } from "~/db/raw";
import { MARKET_LOCKS } from "./sql.server";

/** Rows per INSERT … SELECT FROM unnest(…): one statement per batch, a progress line per batch. */
export const PRICE_BATCH_SIZE = 10_000;

/** Progress through the file's good rows (bad ones are already set aside). */
export interface ImportProgress {
  rowsDone: number;
  rowsTotal: number;
  matched: number;
}

export type PriceImportOutcome =
  | {
      status: "imported";
      guideId: number;
      publishedAt: Date;
      /** Rows in the file, good and bad. */
      rowCount: number;
      /** Good rows whose idProduct is a card's: the rows kept. */
      matchedCount: number;
      /** Good rows that matched no card. */
      unmatchedCount: number;
      /** Bad rows, each left out. */
      problems: RowProblem[];
    }
  | { status: "already_imported"; guideId: number; publishedAt: Date; importedAt: Date }
  | { status: "refused"; reason: string; problems: RowProblem[] };

/** Raised inside the transaction to roll it back when no row matched a card. */
class NothingMatched extends Error {}

const COLUMNS = ["avg", "low", "trend", "avg1", "avg7", "avg30", "avgHolo", "lowHolo", "trendHolo", "avg1Holo", "avg7Holo", "avg30Holo"] as const;

async function insertMatched(tx: Tx, guideId: number, batch: PriceGuideRow[]): Promise<number> {
  const column = (key: (typeof COLUMNS)[number]) => sql`${intArrayLiteral(batch.map((r) => r[key]))}::int[]`;
  const [row] = await selectRows<{ n: number }>(
    tx,
    sql`WITH kept AS (
          INSERT INTO market_prices (guide_id, cardmarket_product_id, avg, low, trend, avg1, avg7, avg30,
                                     avg_holo, low_holo, trend_holo, avg1_holo, avg7_holo, avg30_holo)
          SELECT ${guideId}::int, u.*
          FROM unnest(${intArrayLiteral(batch.map((r) => r.cardmarketProductId))}::int[], ${sql.join(COLUMNS.map(column), sql`, `)})
               AS u(id, avg, low, trend, avg1, avg7, avg30, avg_holo, low_holo, trend_holo, avg1_holo, avg7_holo, avg30_holo)
          WHERE EXISTS (SELECT 1 FROM cards c WHERE c.cardmarket_product_id = u.id)
          RETURNING 1
        )
        SELECT count(*)::int AS n FROM kept`,
  );
  return row?.n ?? 0;
}

/**
 * Imports a parsed price-guide document as one guide, in one transaction: all of it or none.
 * `fileName` is recorded with the guide (what the admin screen shows).
 */
export async function importPriceGuide(
  db: Db,
  json: unknown,
  fileName: string,
  options: { onProgress?: (progress: ImportProgress) => void } = {},
): Promise<PriceImportOutcome> {
  const parsed = parsePriceGuide(json);
  if (!parsed.ok) return { status: "refused", reason: `The file ${parsed.reason}.`, problems: [] };
  const { publishedAt, rowCount, rows, problems } = parsed;
  if (rows.length === 0) return { status: "refused", reason: "The file has no usable rows.", problems };

  try {
    return await db.transaction(async (tx): Promise<PriceImportOutcome> => {
      // Two imports of the same file at once: the second waits here, then finds the first's guide.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${MARKET_LOCKS.import})`);
      const [existing] = await tx
        .select({ id: marketPriceGuides.id, importedAt: marketPriceGuides.importedAt })
        .from(marketPriceGuides)
        .where(and(eq(marketPriceGuides.source, CARDMARKET_SOURCE), eq(marketPriceGuides.publishedAt, publishedAt)));
      if (existing) return { status: "already_imported", guideId: existing.id, publishedAt, importedAt: existing.importedAt };

      const [guide] = await tx
        .insert(marketPriceGuides)
        .values({ source: CARDMARKET_SOURCE, publishedAt, fileName: fileName.slice(0, 200), rowCount, matchedCount: 0 })
        .returning({ id: marketPriceGuides.id });
      let matched = 0;
      for (let start = 0; start < rows.length; start += PRICE_BATCH_SIZE) {
        matched += await insertMatched(tx, guide!.id, rows.slice(start, start + PRICE_BATCH_SIZE));
        options.onProgress?.({ rowsDone: Math.min(start + PRICE_BATCH_SIZE, rows.length), rowsTotal: rows.length, matched });
      }
      if (matched === 0) throw new NothingMatched();
      await tx.update(marketPriceGuides).set({ matchedCount: matched }).where(eq(marketPriceGuides.id, guide!.id));
      return { status: "imported", guideId: guide!.id, publishedAt, rowCount, matchedCount: matched, unmatchedCount: rows.length - matched, problems };
    });
  } catch (error) {
    if (!(error instanceof NothingMatched)) throw error;
    return {
      status: "refused",
      reason: "No row matched a card's Cardmarket id, so nothing was kept. Import the card data first (npm run cards:import), then this file again.",
      problems,
    };
  }
}

/** Reads a price-guide file from disk and imports it. */
export async function importPriceGuideFile(
  db: Db,
  path: string,
  options: { onProgress?: (progress: ImportProgress) => void } = {},
): Promise<PriceImportOutcome> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path, "utf8"));
  } catch (error) {
    return { status: "refused", reason: `${path} is not readable JSON (${(error as Error).message}).`, problems: [] };
  }
  return importPriceGuide(db, json, basename(path), options);
}
