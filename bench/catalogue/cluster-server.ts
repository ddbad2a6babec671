/**
 * Starts the shop as BENCH_WORKERS processes sharing one port, to measure what a machine gives
 * when every core runs an instance: server/cluster.ts (the production entry) with
 * WEB_CONCURRENCY set to BENCH_WORKERS (default 1).
 */
process.env.WEB_CONCURRENCY = String(Math.max(1, Number(process.env.BENCH_WORKERS ?? 1)));
await import("../../server/cluster.ts");
export {};
