/**
 * Helpers for the HTTP benchmarks that drive a server process with autocannon and read its CPU
 * time from /proc: a typed autocannon, starting a process and waiting for it to answer, stopping
 * it, a throwaway PostgreSQL database, and CPU milliseconds of a process tree.
 * (bench/hot-pages, bench/render-cost and bench/request-cost use these.)
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { loadavg } from "node:os";
import pg from "pg";

const require = createRequire(import.meta.url);

interface Histogram {
  average: number;
  p50: number;
  p99: number;
  total: number;
}
export interface CannonResult {
  requests: Histogram;
  latency: Histogram;
  errors: number;
  timeouts: number;
  non2xx: number;
  "2xx": number;
  statusCodeStats: Record<string, { count: number }>;
}
export const autocannon = require("autocannon") as (options: {
  url: string;
  connections: number;
  duration?: number;
  amount?: number;
  headers?: Record<string, string>;
  method?: "GET" | "POST";
  body?: string;
}) => Promise<CannonResult>;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A PostgreSQL admin connection for the length of `fn` (CREATE/DROP DATABASE). */
export async function withAdminClient<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The admin URL pointed at another database on the same server. */
export function databaseUrlFor(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Spawns `args` with node and waits until `healthUrl` answers 2xx (at most `timeoutMs`); its
 * output is echoed with `tag` in front.
 */
export async function startProcess(
  tag: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; healthUrl: string; timeoutMs?: number },
): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { cwd: options.cwd, env: options.env, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.on("data", (d: Buffer) => process.stdout.write(`[${tag}] ${d}`));
  child.stderr!.on("data", (d: Buffer) => process.stderr.write(`[${tag}] ${d}`));
  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${tag} exited with ${child.exitCode}`);
    try {
      if ((await fetch(options.healthUrl)).ok) return child;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  child.kill("SIGTERM");
  throw new Error(`${tag} did not answer ${options.healthUrl} within ${(options.timeoutMs ?? 90_000) / 1000} s`);
}

/** SIGTERM, then SIGKILL after 15 s. */
export async function stopProcess(child: ChildProcess | null) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await Promise.race([exited, sleep(15_000)]);
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
}

/** User + system CPU ms of a process and its descendants, from /proc (null when unreadable). */
export function cpuMs(pid: number): number | null {
  try {
    const own = (p: number) => {
      const fields = readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1]!.split(" ");
      return Number(fields[11]) + Number(fields[12]);
    };
    const children = (p: number): number[] =>
      readdirSync(`/proc/${p}/task`).flatMap((t) =>
        readFileSync(`/proc/${p}/task/${t}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number),
      );
    const walk = (p: number): number => own(p) + children(p).reduce((s, c) => s + walk(c), 0);
    return walk(pid) * 10; // clock ticks of 10 ms (USER_HZ 100)
  } catch {
    return null;
  }
}

export interface LoadFigures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  serverCpuMsPerRequest: number | null;
  status: Record<string, number>;
  errors: number;
  loadAverage: number;
}

/** Drives `url` for `duration` seconds; the server's CPU per request is read around the run. */
export async function drive(
  url: string,
  pid: number,
  options: { connections: number; duration: number; headers?: Record<string, string>; method?: "GET" | "POST"; body?: string },
): Promise<LoadFigures> {
  const before = cpuMs(pid);
  const loadBefore = loadavg()[0]!;
  // Only the options given: autocannon spreads them over its defaults, and `method: undefined`
  // would replace its GET.
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.duration,
    headers: options.headers,
    ...(options.method ? { method: options.method } : {}),
    ...(options.body !== undefined ? { body: options.body } : {}),
  });
  const after = cpuMs(pid);
  const status = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count]));
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    serverCpuMsPerRequest:
      before !== null && after !== null && result.requests.total > 0 ? Math.round(((after - before) / result.requests.total) * 1000) / 1000 : null,
    status,
    errors: result.errors + result.timeouts,
    loadAverage: Math.round(((loadBefore + loadavg()[0]!) / 2) * 100) / 100,
  };
}
