import { availableParallelism } from "node:os";

/**
 * How many server processes server/cluster.ts starts: WEB_CONCURRENCY, else one per core with
 * PostgreSQL (DATABASE_URL) and one with the embedded database, which lives inside one process
 * (asking for more with it is a configuration error, not a silent 1).
 */
export function workerCount(env: NodeJS.ProcessEnv, cores = availableParallelism()): number {
  const raw = env.WEB_CONCURRENCY?.trim();
  const postgres = Boolean(env.DATABASE_URL?.trim());
  if (!raw) return postgres ? cores : 1;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 256) throw new Error("Invalid configuration: WEB_CONCURRENCY must be a whole number from 1 to 256");
  if (n > 1 && !postgres) throw new Error("Invalid configuration: WEB_CONCURRENCY above 1 needs DATABASE_URL (the embedded database is single-process)");
  return n;
}
