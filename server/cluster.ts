/**
 * The production entry: WEB_CONCURRENCY server processes sharing one port (node:cluster), each
 * exactly server/main.ts. Instances keep no state of their own but the render cache, which
 * PostgreSQL's NOTIFY keeps in step (decision 0049), so one per core is the default with
 * DATABASE_URL. The embedded database (PGlite) lives inside one process: one worker, always.
 *
 * The first worker starts alone (it migrates and loads the demo catalogue), the others once it
 * listens. Until some worker has listened, one dying stops the shop (a configuration error would
 * otherwise restart forever). After that a dead worker is always replaced, with a growing pause
 * (1 s doubling to 30 s, reset once a replacement listens): a database failover that makes
 * replacements exit at boot must not take down the workers still serving.
 */
import cluster, { type Worker } from "node:cluster";
import { processLog } from "~/utils/log.server";
import { workerCount } from "./worker-count";

function runPrimary(workers: number) {
  let stopping = false;
  const listening = new WeakSet<Worker>();
  let othersStarted = false;
  let everListened = false;
  let pauseMs = 1000;
  const fork = () => cluster.fork();

  cluster.on("listening", (worker) => {
    listening.add(worker);
    everListened = true;
    pauseMs = 1000;
    if (othersStarted) return;
    othersStarted = true;
    for (let i = 1; i < workers; i++) fork();
  });
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    if (!everListened) {
      // The shop never started (bad configuration, database unreachable): the worker said why.
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill("SIGTERM");
      process.exit(code || 1);
    }
    const wait = listening.has(worker) ? 0 : pauseMs;
    if (!listening.has(worker)) pauseMs = Math.min(pauseMs * 2, 30_000);
    processLog().error({ pid: worker.process.pid, exit: signal ?? code, restartInMs: wait }, "server process ended; starting another");
    setTimeout(() => {
      if (!stopping) fork();
    }, wait);
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    // Each worker drains its own requests (server/main.ts); the primary waits for them all.
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  processLog().info({ workers }, "starting server processes (WEB_CONCURRENCY)");
  fork();
}

let workers: number;
try {
  workers = process.argv.includes("--dev") ? 1 : workerCount(process.env);
} catch (error) {
  // A configuration error: one plain line naming the variable, as server/main.ts writes them.
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
}

if (cluster.isPrimary && workers > 1) runPrimary(workers);
else await import("./main");
