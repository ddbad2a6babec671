// `npm run cards:import -- <file-or-folder>`: loads TCGdex set and card JSON (the REST API's shape)
// from local files into card_sets and cards; never the network. Safe to run again: rows are
// updated in place. Exit code 0 when everything was imported, 1 when any record or set was
// refused (each refusal is one line naming the file and the record), 2 for bad usage.
// With the embedded database (no DATABASE_URL), run it while the shop is stopped.
import { existsSync } from "node:fs";
import { connectDatabase } from "~/db/client.server";
import { importTcgdexPath, type ImportProgress, type Tally } from "~/modules/cards/import.server";
import { problemLine } from "~/modules/cards/tcgdex";
import { ConfigError, loadEnv } from "~/utils/env.server";

const path = process.argv[2];
if (!path || process.argv.length > 3) {
  console.error("Usage: npm run cards:import -- <TCGdex JSON file or folder>");
  process.exit(2);
}
if (!existsSync(path)) {
  console.error(`[cards:import] ${path} does not exist.`);
  process.exit(2);
}

const counts = (tally: Tally) => `${tally.inserted} added, ${tally.updated} updated, ${tally.unchanged} unchanged`;
const progress = ({ setIndex, setCount, setId, setName, cardsDone, cardsTotal }: ImportProgress) =>
  console.log(`[cards:import] set ${setIndex}/${setCount} ${setId} (${setName}): ${cardsDone}/${cardsTotal} cards`);

try {
  const env = loadEnv();
  const database = await connectDatabase(env);
  await database.migrate();
  const report = await importTcgdexPath(database.db, path, { onProgress: progress });
  await database.close();
  console.log(`[cards:import] sets: ${counts(report.sets)}`);
  console.log(`[cards:import] cards: ${counts(report.cards)}`);
  if (report.problems.length > 0) {
    console.error(`[cards:import] refused ${report.problems.length} record(s); sets not imported: ${report.skippedSets.join(", ") || "none"}`);
    for (const problem of report.problems) console.error(`[cards:import] refused ${problemLine(problem)}`);
    process.exit(1);
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `[cards:import] failed: ${(error as Error).message}`);
  process.exit(1);
}
