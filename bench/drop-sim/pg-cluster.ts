/**
 * A private PostgreSQL 15 cluster for the drop simulation: its own data directory in a temp dir,
 * its own port, trust authentication on 127.0.0.1 only. The "restart PostgreSQL during load"
 * fault restarts this cluster, never the shared server other engineers' tests use (decision 0052).
 *
 * initdb and pg_ctl refuse to run as root, so as root they run as the `postgres` user.
 */
import { spawnSync } from "node:child_process";
import { chownSync, copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const BIN = process.env.BENCH_PG_BIN ?? "/usr/lib/postgresql/15/bin";

export interface PrivateCluster {
  adminUrl: string;
  port: number;
  dir: string;
  /** `pg_ctl restart -m fast`: every connection is cut, the server is back when this returns. */
  restart(): { ms: number };
  stop(): void;
}

function asPostgres(command: string, args: string[]) {
  const root = process.getuid?.() === 0;
  const result = root
    ? spawnSync("runuser", ["-u", "postgres", "--", command, ...args], { encoding: "utf8" })
    : spawnSync(command, args, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed: ${result.stderr || result.stdout}`);
  return result.stdout;
}

/** BENCH_PG_STATEMENT_LOG=<file>: log every statement and keep the log there after the run. */
const STATEMENT_LOG = process.env.BENCH_PG_STATEMENT_LOG;

export function startPrivateCluster(port: number): PrivateCluster {
  const dir = mkdtempSync(join(tmpdir(), "nearmint-drop-sim-pg-"));
  if (process.getuid?.() === 0) chownSync(dir, uidOf("postgres"), gidOf("postgres"));
  const data = join(dir, "data");
  asPostgres(`${BIN}/initdb`, ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8"]);
  const options = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    `-c unix_socket_directories=${dir}`,
    "-c max_connections=200",
    "-c shared_buffers=256MB",
    "-c fsync=on",
    "-c synchronous_commit=on",
    "-c full_page_writes=on",
    // Every statement, by backend and transaction: to count a request's round trips.
    ...(STATEMENT_LOG ? ["-c log_statement=all", "-c log_line_prefix=%p_%x_"] : []),
  ].join(" ");
  const ctl = (...args: string[]) => asPostgres(`${BIN}/pg_ctl`, ["-D", data, "-l", join(dir, "postgres.log"), "-w", "-t", "60", ...args]);
  ctl("-o", options, "start");
  let stopped = false;
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    restart() {
      const started = performance.now();
      ctl("-m", "fast", "-o", options, "restart");
      return { ms: Math.round(performance.now() - started) };
    },
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        ctl("-m", "immediate", "stop");
      } catch (error) {
        console.error(`[drop-sim] pg_ctl stop: ${(error as Error).message}`);
      }
      if (STATEMENT_LOG) copyFileSync(join(dir, "postgres.log"), STATEMENT_LOG);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function uidOf(user: string): number {
  return Number(spawnSync("id", ["-u", user], { encoding: "utf8" }).stdout.trim());
}
function gidOf(user: string): number {
  return Number(spawnSync("id", ["-g", user], { encoding: "utf8" }).stdout.trim());
}
