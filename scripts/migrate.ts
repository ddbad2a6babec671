// `npm run migrate`: apply pending migrations to DATABASE_URL (or the embedded database).
import { connectDatabase } from "~/db/client.server";
import { ConfigError, loadEnv } from "~/utils/env.server";

try {
  const env = loadEnv();
  const database = await connectDatabase(env);
  await database.migrate();
  await database.close();
  console.log(`[migrate] ${database.kind} database is up to date`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `[migrate] failed: ${(error as Error).message}`);
  process.exit(1);
}
