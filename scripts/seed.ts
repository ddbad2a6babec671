// `npm run seed`: load the demo catalogue into an empty database (does nothing otherwise).
import { connectDatabase } from "~/db/client.server";
import { seedDemoCatalogue } from "~/demo/seed.server";
import { ConfigError, loadEnv } from "~/utils/env.server";

try {
  const env = loadEnv();
  const database = await connectDatabase(env);
  await database.migrate();
  const result = await seedDemoCatalogue(database.db);
  await database.close();
  console.log(result.seeded ? `[seed] loaded ${result.products} demo products` : "[seed] catalogue not empty: nothing done");
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `[seed] failed: ${(error as Error).message}`);
  process.exit(1);
}
