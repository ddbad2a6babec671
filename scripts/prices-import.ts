// `npm run prices:import -- <file>`: loads a Cardmarket price-guide JSON file (the public
// price_guide_6.json you downloaded; never the network) as a new market price guide, keeping the
// rows that match a card's Cardmarket id (import the cards first: npm run cards:import).
// Exit codes: 0 imported with every row good; 1 the file was refused, or imported with bad rows
// left out (each refusal is one line naming the row); 2 bad usage; 3 this guide (same createdAt)
// was imported before, so nothing was done. With the embedded database (no DATABASE_URL), run it
// while the shop is stopped. See docs/pricing.md.
import { existsSync } from "node:fs";
import { connectDatabase } from "~/db/client.server";
import { rowProblemLine } from "~/modules/market/cardmarket";
import { importPriceGuideFile, type ImportProgress } from "~/modules/market/import.server";
import { ConfigError, loadEnv } from "~/utils/env.server";

const path = process.argv[2];
if (!path || process.argv.length > 3) {
  console.error("Usage: npm run prices:import -- <Cardmarket price-guide JSON file>");
  process.exit(2);
}
if (!existsSync(path)) {
  console.error(`[prices:import] ${path} does not exist.`);
  process.exit(2);
}

const progress = ({ rowsDone, rowsTotal, matched }: ImportProgress) =>
  console.log(`[prices:import] ${rowsDone}/${rowsTotal} good rows looked up, ${matched} matched a card`);

try {
  const env = loadEnv();
  const database = await connectDatabase(env);
  await database.migrate();
  const outcome = await importPriceGuideFile(database.db, path, { onProgress: progress });
  await database.close();
  const problems = outcome.status === "already_imported" ? [] : outcome.problems;
  for (const problem of problems) console.error(`[prices:import] refused ${rowProblemLine(problem)}`);
  switch (outcome.status) {
    case "imported":
      console.log(
        `[prices:import] guide ${outcome.guideId} of ${outcome.publishedAt.toISOString()}: ${outcome.rowCount} rows, ` +
          `${outcome.matchedCount} kept (matched a card), ${outcome.unmatchedCount} matched no card, ${problems.length} refused`,
      );
      process.exit(problems.length > 0 ? 1 : 0);
      break;
    case "already_imported":
      console.log(
        `[prices:import] already imported: the guide of ${outcome.publishedAt.toISOString()} is guide ${outcome.guideId} ` +
          `(imported ${outcome.importedAt.toISOString()}); nothing done`,
      );
      process.exit(3);
      break;
    case "refused":
      console.error(`[prices:import] not imported: ${outcome.reason}`);
      process.exit(1);
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `[prices:import] failed: ${(error as Error).message}`);
  process.exit(1);
}
