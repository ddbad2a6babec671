// `npm run restore -- <file> [--yes]`: replace the configured database with a backup made by
// `npm run backup`, then migrate it. See docs/operations.md, "Backups".
import { parseArgs } from "node:util";
import { BackupError, restoreDatabase } from "~/db/backup.server";
import { ConfigError, loadEnv } from "~/utils/env.server";

try {
  const { values, positionals } = parseArgs({ options: { yes: { type: "boolean", default: false } }, allowPositionals: true });
  if (positionals.length !== 1) throw new BackupError("Usage: npm run restore -- <backup file> [--yes]");
  const env = loadEnv();
  const summary = await restoreDatabase(env, positionals[0]!, { yes: values.yes });
  if (summary.movedAside) console.log(`[restore] the previous database was moved to ${summary.movedAside}`);
  console.log(`[restore] ${summary.kind} database restored and migrated: ${summary.orders} orders, ${summary.products} products`);
} catch (error) {
  const known = error instanceof ConfigError || error instanceof BackupError;
  console.error(known ? `[restore] ${(error as Error).message}` : `[restore] failed: ${(error as Error).message}`);
  process.exit(1);
}
