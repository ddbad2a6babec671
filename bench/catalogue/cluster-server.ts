/**
 * Starts the shop as BENCH_WORKERS processes sharing one port (node:cluster), to measure what a
 * machine gives when every core runs an instance. Each worker is exactly `server/main.ts`; the
 * app keeps no state of its own, so instances only share PostgreSQL (architecture §6).
 */
import cluster from "node:cluster";

const workers = Math.max(1, Number(process.env.BENCH_WORKERS ?? 1));

if (cluster.isPrimary && workers > 1) {
  for (let i = 0; i < workers; i++) cluster.fork();
  let stopping = false;
  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  cluster.on("exit", () => {
    if (stopping && Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
  });
} else {
  await import("../../server/main.ts");
}
