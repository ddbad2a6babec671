/**
 * `npm run bench:drop-sim` — a product drop: 2,000 buyers at once (or N a second with
 * --arrival-rate) for 100 units (limit 2 each).
 *
 *   npm run bench:drop-sim -- [--mode plain|queue] [--instances 1|2] [--faults] [--bare]
 *                             [--arrival-rate N]
 *
 * --bare: the same plain drop against bare-shop.ts, one prepared statement per request and no
 * framework (decision 0057): the floor the shop's figures are read against.
 * --arrival-rate N: the buyers arrive N per second, evenly spaced, instead of all in one instant
 * (plain mode): at a rate the server keeps up with nobody queues, so the buyers' p99 shows what
 * the server can sustain with short waits, the capacity a queue drop's admission rate must stay
 * under (decision 0059). "Slowest step" is the worst p99 of cart, checkout and payment. Each
 * wait is timed from the request's call, not from when its buyer was due: if the client fell
 * behind its schedule ("kept" below "offered"), the p99 understates the wait.
 *
 * 1. Starts a private PostgreSQL 15 cluster (pg-cluster.ts; BENCH_PG=shared uses
 *    127.0.0.1:5432 instead, without the PostgreSQL-restart fault), creates a database,
 *    migrates it, adds one product (stock 100, limit 2) and 2,000 buyers, each with a delivery
 *    address and a session made directly in the database (no sign-in over HTTP).
 * 2. Starts the production build (server/main.ts, background jobs included) as 1 or 2
 *    instances on ports 3161+ sharing that database.
 * 3. The drop: every buyer at once adds 1–2 units (POST /cart.data, as the product page's
 *    fetcher does), checks out (POST /checkout, which reserves stock), and 80 % of those who
 *    got a hold pay; the rest abandon. Payment is
 *    the sandbox page (POST /sandbox/checkout/:id); with --faults it is Stripe's flow instead
 *    (a local fake of Stripe's API and signed webhooks), because the webhook storm needs
 *    webhooks, which the sandbox does not have.
 *    --mode queue: the product is a queue drop (decision 0047; the drops row inserted directly,
 *    2,400 admitted/min, 2 minutes to buy, 2 units per person). 50 buyers join over HTTP with a
 *    solved ALTCHA proof of work, the other 1,950 get the row joinDrop writes directly; every
 *    buyer then polls GET /drops/:id/status when the page would (room-state.ts) and, once it is
 *    their turn, buys as above; payments use Stripe's flow (the fake gives each buyer a card of
 *    their own: a drop counts one card as one person, the sandbox has three paying cards).
 * 4. With --faults: SIGKILL an instance mid-drop and start it again; restart PostgreSQL
 *    (pg_ctl restart -m fast) mid-drop and watch the shop answer 503 and recover; a storm of
 *    1,000 webhook deliveries (replays, duplicates, out of order, late payments, bad
 *    signatures) over both instances; SIGTERM an instance with requests in flight.
 * 5. Time travel: every hold's expiry is moved into the past, and the instances' own
 *    reservation sweep (server/jobs.ts) must release them.
 * 6. Invariants, from the database; any broken one makes the exit code non-zero. Queue mode adds:
 *    no order made outside its buyer's window (before the admission), nobody in the queue above
 *    the per-person limit (per account and per identity key), every entry placed once.
 *
 * Writes bench/drop-sim/latest.json (one entry per scenario) and prints a summary.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { cpus, loadavg, totalmem } from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";
import { SESSION_COOKIE } from "~/config/constants";
import { connectPostgres } from "~/db/client.server";
import { generateToken, hashToken } from "~/modules/accounts/tokens.server";
import { checkoutFixtures } from "../../tests/support/checkout-fixtures";
import { startStripeFake, type StripeFake } from "../../tests/fakes/stripe-fake";
import { withAdminClient } from "../lib/http-load";
import { startPrivateCluster, type PrivateCluster } from "./pg-cluster";
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { CHALLENGE_FIELD } from "~/modules/accounts/policy";
import { normaliseEmailIdentity } from "~/modules/drops/buyer-identity";
import type { DropView } from "~/modules/drops/drop-view";
import { startSpreadMs } from "~/modules/drops/drop-rules";
import { getDropProgress } from "~/modules/drops/progress.server";
import { roomCheckDelayMs, roomState } from "~/modules/drops/room-state";

const { values: args } = parseArgs({
  options: {
    mode: { type: "string", default: "plain" },
    instances: { type: "string", default: "1" },
    faults: { type: "boolean", default: false },
    bare: { type: "boolean", default: false },
    "arrival-rate": { type: "string" },
  },
});
const MODE = args.mode as "plain" | "queue";
if (MODE !== "plain" && MODE !== "queue") throw new Error(`--mode must be plain or queue, not ${MODE}`);
const INSTANCES = Number(args.instances);
const FAULTS = Boolean(args.faults);
/** --bare: the same drop against bare-shop.ts, the least a shop could do (the machine's floor). */
const BARE = Boolean(args.bare);
if (BARE && (FAULTS || MODE !== "plain" || INSTANCES !== 1)) throw new Error("--bare runs the plain drop on one instance, without --faults");
/** Buyers arriving per second, evenly spaced; null: all in one instant (the drop moment). */
const ARRIVAL_RATE = args["arrival-rate"] === undefined ? null : Number(args["arrival-rate"]);
if (ARRIVAL_RATE !== null && !(ARRIVAL_RATE > 0)) throw new Error(`--arrival-rate must be a positive number of buyers per second, not ${args["arrival-rate"]}`);
if (ARRIVAL_RATE !== null && (FAULTS || MODE !== "plain")) throw new Error("--arrival-rate runs the plain drop, without --faults");

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const BUILD_DIR = resolve(ROOT, process.env.BUILD_DIR ?? "build");
const SHARED_PG = process.env.BENCH_PG === "shared";
const PRIVATE_PG_PORT = Number(process.env.BENCH_PG_PORT ?? 55432);
const PORT_BASE = Number(process.env.BENCH_PORT ?? 3161);
const BUYERS = Number(process.env.BENCH_BUYERS ?? 2000);
const STOCK = Number(process.env.BENCH_STOCK ?? 100);
const LIMIT = 2;
const PAY_SHARE = 0.8;
/** Keep-alive sockets per instance: how many requests the buyers have in flight at most. */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const POOL_MAX = process.env.BENCH_POOL_MAX; // unset: the shop's default (DATABASE_POOL_MAX 10)
const STORM_EVENTS = 1000;
const WEBHOOK_SECRET = "whsec_drop_sim_not_a_secret";
const DB_NAME = `nearmint_drop_sim_${Date.now().toString(36)}`;
/** The key in latest.json: a run with other knobs does not replace the standard run's figures. */
const SCENARIO = [
  `${BARE ? "bare floor, " : ""}${MODE}, ${INSTANCES} instance${INSTANCES > 1 ? "s" : ""}${FAULTS ? ", faults" : ""}`,
  ...(ARRIVAL_RATE !== null ? [`arriving ${ARRIVAL_RATE}/s`] : []),
  ...(BUYERS !== 2000 ? [`${BUYERS} buyers`] : []),
  ...(STOCK !== 100 ? [`stock ${STOCK}`] : []),
  ...(CONNECTIONS !== 100 ? [`${CONNECTIONS} connections`] : []),
  ...(POOL_MAX ? [`pool ${POOL_MAX}`] : []),
  ...(MODE === "queue" && process.env.BENCH_ADMIT_PER_MINUTE ? [`${process.env.BENCH_ADMIT_PER_MINUTE} admitted/min`] : []),
  ...(SHARED_PG ? ["shared PostgreSQL"] : []),
  ...(process.env.BENCH_NODE_ARGS ? [`node ${process.env.BENCH_NODE_ARGS}`] : []),
  ...(process.env.BENCH_CPU_PROF ? ["profiled"] : []),
  // A name of the run's own, kept beside the standard figures (e.g. "beside the floor").
  ...(process.env.BENCH_LABEL ? [process.env.BENCH_LABEL] : []),
].join(", ");
/**
 * Queue mode pays through Stripe's flow too (the local fake): a drop counts one card as one
 * person, and the sandbox has only three paying test cards, so with it all but three buyers'
 * payments would be refunded as over the limit. The fake gives every payment its own card.
 */
const PAYMENTS: "sandbox" | "stripe" = FAULTS || MODE === "queue" ? "stripe" : "sandbox";

const ms = (n: number) => Math.round(n * 10) / 10;
/** CPU per request: two decimals, since the floor's are a tenth of a millisecond or two. */
const cpuMsPerRequest = (n: number) => Math.round(n * 100) / 100;
/** The event-loop monitor's tick: it records the time between ticks, so an idle loop reads this. */
const LOOP_RESOLUTION_MS = 10;
/** A recorded delay (ns) as lateness in ms: the time between ticks less the tick itself. */
const lateness = (ns: number) => ms(Math.max(0, ns / 1e6 - LOOP_RESOLUTION_MS));
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
function summary(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  return { count: s.length, p50: ms(percentile(s, 50)), p95: ms(percentile(s, 95)), p99: ms(percentile(s, 99)), max: ms(s.at(-1) ?? 0) };
}

// ---------------------------------------------------------------------------------------------
// The database

let cluster: PrivateCluster | null = null;
let adminUrl = process.env.BENCH_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
function databaseUrl(): string {
  const url = new URL(adminUrl);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
}
/** An admin connection to the cluster in use (it changes once the private one has started). */
const admin = <T>(fn: (c: pg.Client) => Promise<T>): Promise<T> => withAdminClient(adminUrl, fn);

interface Buyer {
  index: number;
  userId: string;
  cookie: string;
  quantity: number;
}

async function prepareDatabase(): Promise<{ productId: number; variantId: number; buyers: Buyer[] }> {
  await admin((c) => c.query(`CREATE DATABASE ${DB_NAME}`));
  const handle = connectPostgres(databaseUrl(), { poolMax: 4 });
  try {
    await handle.migrate();
    const product = await checkoutFixtures(handle.db).product({ name: "Drop: Booster Box", price: 14_999, stock: STOCK, limitPerCustomer: LIMIT });
    const pool = new pg.Pool({ connectionString: databaseUrl(), max: 2 });
    try {
      // One more account than buyers: the probe that watches the shop during the PostgreSQL restart.
      const tokens = Array.from({ length: BUYERS + 1 }, () => generateToken());
      // Users, profiles with a delivery address, and one session each, in three statements.
      const { rows } = await pool.query<{ id: string; n: number }>(
        `INSERT INTO users (email, password_hash, email_verified_at)
         SELECT 'buyer' || n || '@drop-sim.test', 'not-a-real-hash', now() FROM generate_series(1, $1::int) n
         RETURNING id, (regexp_match(email, '\\d+'))[1]::int AS n`,
        [BUYERS + 1],
      );
      await pool.query(
        `INSERT INTO profiles (id, full_name, email, address_line1, city, postal_code, country)
         SELECT u.id, 'Buyer ' || u.id, u.email, u.id || ' Pallet Road', 'Leeds', 'LS1 1AA', 'United Kingdom' FROM users u WHERE u.email LIKE '%@drop-sim.test'`,
      );
      const byN = [...rows].sort((a, b) => a.n - b.n);
      await pool.query(
        `INSERT INTO sessions (token_hash, user_id, persistent, expires_at)
         SELECT t, u, true, now() + interval '1 day' FROM unnest($1::text[], $2::uuid[]) AS x(t, u)`,
        [tokens.map(hashToken), byN.map((r) => r.id)],
      );
      await pool.query("VACUUM ANALYZE");
      return {
        productId: product.id,
        variantId: product.variantId,
        buyers: byN.map((r, i) => ({ index: i, userId: r.id, cookie: `${SESSION_COOKIE}=${tokens[i]}`, quantity: Math.random() < 0.5 ? 1 : 2 })),
      };
    } finally {
      await pool.end();
    }
  } finally {
    await handle.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The shop instances

interface Instance {
  n: number;
  port: number;
  base: string;
  child: ChildProcess;
  agent: Agent;
  exitCode: Promise<number | null>;
}
const instances: Instance[] = [];
/** Shops the bench stopped on purpose (SIGTERM at the end may come as exit code 0). */
const expectedExits = new Set<ChildProcess>();
const unexpectedExits: { instance: number; code: number | null; signal: string | null; lastLines: string[] }[] = [];
let stripeFake: StripeFake | null = null;
const PUBLIC_URL = `http://127.0.0.1:${PORT_BASE}`;

function ensureBuild() {
  if (BARE || existsSync(`${BUILD_DIR}/server/index.js`)) return;
  console.log(`[drop-sim] no build in ${BUILD_DIR}: building`);
  const result = spawnSync("npx", ["react-router", "build"], { cwd: ROOT, stdio: "inherit" });
  if (result.status !== 0) throw new Error("react-router build failed");
}

async function startInstance(n: number): Promise<Instance> {
  const port = PORT_BASE + n;
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: "production",
    BUILD_DIR,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL,
    DATABASE_URL: databaseUrl(),
    DEMO_DATA: "0",
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "warn",
  };
  if (POOL_MAX) env.DATABASE_POOL_MAX = POOL_MAX;
  if (BARE) env.BARE_LIMIT = String(LIMIT);
  // Queue mode: the HTTP joins each come from their own address, as through one load balancer.
  if (MODE === "queue") env.TRUST_PROXY = "1";
  if (PAYMENTS === "stripe") {
    Object.assign(env, { PAYMENTS: "stripe", STRIPE_SECRET_KEY: "sk_test_drop_sim", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: stripeFake!.url });
  } else {
    env.PAYMENTS = "sandbox";
    delete env.STRIPE_SECRET_KEY;
  }
  const nodeArgs = ["--import", "tsx"];
  // Split on spaces, no quoting: flags such as --max-semi-space-size=64.
  if (process.env.BENCH_NODE_ARGS) nodeArgs.push(...process.env.BENCH_NODE_ARGS.split(" ").filter(Boolean));
  if (process.env.BENCH_CPU_PROF) nodeArgs.push("--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`);
  const child = spawn(process.execPath, [...nodeArgs, BARE ? "bench/drop-sim/bare-shop.ts" : "server/main.ts"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  const exitCode = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
  // The last lines each shop wrote, shown if it dies without being told to.
  const tail: string[] = [];
  const keep = (d: Buffer) => {
    tail.push(...d.toString().split("\n").filter(Boolean));
    tail.splice(0, Math.max(0, tail.length - 80));
  };
  child.stdout!.on("data", (d: Buffer) => {
    keep(d);
    if (process.env.BENCH_VERBOSE) process.stdout.write(`[shop ${n}] ${d}`);
  });
  child.stderr!.on("data", (d: Buffer) => {
    keep(d);
    if (process.env.BENCH_VERBOSE) process.stderr.write(`[shop ${n}] ${d}`);
  });
  child.once("exit", (code, signal) => {
    if (signal === "SIGKILL" || signal === "SIGTERM" || expectedExits.has(child)) return;
    unexpectedExits.push({ instance: n, code, signal, lastLines: tail.slice(-60) });
    console.error(`[drop-sim] shop ${n} exited by itself (code ${code}, signal ${signal}); its last lines:\n${tail.slice(-60).join("\n")}`);
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`shop ${n} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) {
        const instance = { n, port, base: `http://127.0.0.1:${port}`, child, agent: new Agent({ keepAlive: true, maxSockets: CONNECTIONS }), exitCode };
        instances[n] = instance;
        return instance;
      }
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  child.kill("SIGKILL");
  throw new Error(`shop ${n} did not become healthy within 60 s`);
}

async function stopInstance(instance: Instance, signal: NodeJS.Signals = "SIGTERM") {
  expectedExits.add(instance.child);
  instance.agent.destroy();
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) return;
  instance.child.kill(signal);
  await Promise.race([instance.exitCode, sleep(15_000)]);
  if (instance.child.exitCode === null && instance.child.signalCode === null) instance.child.kill("SIGKILL");
}

/** CPU time (ms) of the private cluster's postmaster and its backends so far (null when shared or no /proc). */
function postgresCpuMs(): number | null {
  if (!cluster) return null;
  try {
    const postmaster = Number(readFileSync(`${cluster.dir}/data/postmaster.pid`, "utf8").split("\n")[0]);
    const children = readFileSync(`/proc/${postmaster}/task/${postmaster}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
    return cpuMs([postmaster, ...children]);
  } catch {
    return null;
  }
}

/** CPU time (ms) the shop processes used so far, from /proc (null where there is none). */
function cpuMs(pids: number[]): number | null {
  try {
    return pids.reduce((sum, pid) => {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return sum + (Number(fields[11]) + Number(fields[12])) * 10;
    }, 0);
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// The client

interface Answer {
  status: number;
  location: string | null;
  body: string;
  /** From the call to the last byte: includes waiting for one of the instance's sockets. */
  ms: number;
  /** From the request going out on its socket to the last byte: the shop's own time. */
  wireMs: number;
}

function send(instance: Instance, method: "GET" | "POST", path: string, options: { cookie?: string; form?: Record<string, string>; json?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.Cookie = options.cookie;
  let body: Buffer | undefined;
  if (method === "POST") {
    headers.Origin ??= instance.base;
    if (options.json !== undefined) {
      headers["Content-Type"] = "application/json";
      body = Buffer.from(options.json);
    } else {
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      body = Buffer.from(new URLSearchParams(options.form ?? {}).toString());
    }
    headers["Content-Length"] = String(body.length);
  }
  const started = performance.now();
  let onWire = started;
  return new Promise((resolvePromise, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port: instance.port, path, method, headers, agent: instance.agent }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("error", reject);
      res.on("end", () => {
        const now = performance.now();
        resolvePromise({ status: res.statusCode!, location: typeof res.headers.location === "string" ? res.headers.location : null, body: text, ms: now - started, wireMs: now - onWire });
      });
    });
    req.once("socket", (socket) => {
      if (socket.connecting) socket.once("connect", () => (onWire = performance.now()));
      else onWire = performance.now();
    });
    req.setTimeout(30_000, () => req.destroy(new Error("timeout")));
    req.on("error", reject);
    req.end(body);
  });
}

const counts = {
  transportErrors: 0,
  status5xx: new Map<number, number>(),
  retries: 0,
};

/**
 * One step of a buyer, as a browser behind a load balancer would see it: a connection error
 * (an instance killed) or a 503 (the database restarting) is tried again on the next instance
 * after a pause, up to a few times; everything else is the answer. Without faults nothing is
 * retried, so every error shows.
 */
async function step(first: number, method: "GET" | "POST", path: string, options: Parameters<typeof send>[3]): Promise<Answer | null> {
  const attempts = FAULTS ? 8 : 1;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const instance = instances[(first + attempt) % instances.length]!;
    try {
      const answer = await send(instance, method, path, options);
      if (answer.status >= 500) {
        counts.status5xx.set(answer.status, (counts.status5xx.get(answer.status) ?? 0) + 1);
        if (answer.status === 503 || answer.status === 502) {
          counts.retries++;
          await sleep(200 + Math.random() * 300);
          continue;
        }
      }
      return answer;
    } catch {
      counts.transportErrors++;
      counts.retries++;
      await sleep(100 + Math.random() * 200);
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// The drop

const latency = { cart: [] as number[], checkout: [] as number[], payment: [] as number[] };
/** The same steps from the socket on (no waiting for a free socket): the shop's service time. */
const wire = { cart: [] as number[], checkout: [] as number[], payment: [] as number[] };
const outcome = {
  cartOk: 0,
  /** 409 at the cart: the stock was already held when this buyer added (the cart checks stock too). */
  cartSoldOut: 0,
  cartFailed: 0,
  checkoutAttempts: 0,
  holds: 0,
  refusals: new Map<string, number>(),
  checkoutFailed: 0,
  paid: 0,
  abandoned: 0,
  paymentFailed: 0,
};
/** Sessions the buyers paid (sandbox: the page said paid; Stripe: completed at the fake). */
const paidSessions = new Set<string>();
/** Each paid session's first completed event (Stripe mode), replayed by the storm. */
const firstEvents = new Map<string, { payload: string; header: string }>();
/** Sessions the buyers left unpaid. */
const abandonedSessions = new Set<string>();
let firstCheckoutAt = 0;
let lastCheckoutAt = 0;
/** When the last hold was answered: the stock was gone by then. */
let lastHoldAt = 0;
let firstHoldAt = 0;
/** Status polls per whole second since the first (queue mode): the peak shows the herd at the start. */
const pollsPerSecond = new Map<number, number>();
let checkoutsDone = 0;
const checkoutProgress: Array<(done: number) => void> = [];

async function payWithSandbox(home: number, buyer: Buyer, sessionId: string) {
  const answer = await step(home, "POST", `/sandbox/checkout/${sessionId}`, { cookie: buyer.cookie, form: { cardNumber: "4242 4242 4242 4242" } });
  if (answer && answer.status === 302 && answer.location?.includes("/order/success")) {
    latency.payment.push(answer.ms);
    wire.payment.push(answer.wireMs);
    outcome.paid++;
    paidSessions.add(sessionId);
  } else {
    outcome.paymentFailed++;
    console.warn(`[drop-sim] sandbox payment for ${sessionId}: ${answer ? `${answer.status} ${answer.location ?? answer.body.slice(0, 120)}` : "no answer"}`);
  }
}

/** Stripe's side of a payment: the session completes at the fake, then its webhook is delivered (retried until 2xx). */
async function payWithStripe(home: number, sessionId: string) {
  const started = performance.now();
  stripeFake!.completeSession(sessionId);
  paidSessions.add(sessionId);
  const event = stripeFake!.signedEvent("checkout.session.completed", stripeFake!.session(sessionId), WEBHOOK_SECRET);
  firstEvents.set(sessionId, event);
  const delivered = await deliverWebhook(home, event);
  if (delivered) {
    latency.payment.push(performance.now() - started);
    outcome.paid++;
  } else outcome.paymentFailed++;
  return event;
}

/** Like Stripe: deliver until a 2xx (Stripe retries for days; here up to 30 times). */
async function deliverWebhook(home: number, event: { payload: string; header: string }, expectOk = true): Promise<Answer | null> {
  for (let attempt = 0; attempt < 30; attempt++) {
    const instance = instances[(home + attempt) % instances.length]!;
    try {
      const answer = await send(instance, "POST", "/api/stripe/webhook", { json: event.payload, headers: { "Stripe-Signature": event.header, Origin: "" } });
      if (answer.status < 300 || (!expectOk && answer.status < 500)) return answer;
      counts.status5xx.set(answer.status, (counts.status5xx.get(answer.status) ?? 0) + 1);
    } catch {
      counts.transportErrors++;
    }
    counts.retries++;
    await sleep(200 + attempt * 100);
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Queue mode: the drop's waiting room (decision 0047)

/** Buyers admitted per minute: 40/s, under half the ~88 checkout attempts/s plain mode measured on one instance. */
const ADMIT_PER_MINUTE = Number(process.env.BENCH_ADMIT_PER_MINUTE ?? 2400);
const PURCHASE_MINUTES = 2;
/** How many buyers join over HTTP with a solved proof of work; the rest get the same row directly. */
const HTTP_JOINS = Math.min(BUYERS, Number(process.env.BENCH_HTTP_JOINS ?? 50));
/** Seconds between the queue's set-up being done and its start. */
const START_DELAY_SECONDS = 5;

const queue = {
  dropId: 0,
  /** performance.now() at the drop's startsAt. */
  startsAtPerf: 0,
  /** Entries in the waiting room at the start (the pages spread their first check by it). */
  entries: 0,
  setup: {} as Record<string, unknown>,
  statusPolls: 0,
  statusFailed: 0,
  firstPollAt: 0,
  lastPollAt: 0,
  admitted: 0,
  /** The status said sold out (or the window lapsed) before this buyer's turn: they stop, as the page tells them to. */
  stoppedBy: new Map<string, number>(),
  pollsPerBuyer: [] as number[],
  /** From the buyer's rightFrom to their cart add being sent: how long the page took to notice the turn. */
  admissionToCartMs: [] as number[],
};
const statusLatency: number[] = [];
const statusWire: number[] = [];

/**
 * The drop itself, as the owner's form would make it but inserted directly: opens now, starts far
 * ahead while the buyers join, then moved to START_DELAY_SECONDS ahead (startQueue) so the joining
 * (50 real proofs of work take a while on 2 cores) does not eat into the waiting room's time.
 */
async function createQueueDrop(pool: pg.Pool, productId: number): Promise<number> {
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO drops (product_id, mode, opens_at, starts_at, admit_per_minute, purchase_minutes, units_per_person)
     VALUES ($1, 'queue', now(), now() + interval '1 hour', $2, $3, $4) RETURNING id`,
    [productId, ADMIT_PER_MINUTE, PURCHASE_MINUTES, LIMIT],
  );
  return rows[0]!.id;
}

/** A JSON string literal in the page's data (turbo-stream) that is the ALTCHA challenge. */
function challengeIn(text: string): Challenge | null {
  for (const literal of text.match(/"(?:[^"\\]|\\.)*"/g) ?? []) {
    if (!literal.includes("PBKDF2")) continue;
    try {
      const value = JSON.parse(JSON.parse(literal) as string) as Challenge;
      if (value && typeof value === "object") return value;
    } catch {
      // not this one
    }
  }
  return null;
}

/**
 * The real join, as a browser does it: the drop's page data (which carries a challenge only for
 * someone who may join), the proof of work solved, the form posted. Each sample buyer comes from
 * its own address (X-Forwarded-For through TRUST_PROXY=1, as behind a load balancer): the shop
 * allows 3 entries and 20 attempts per address.
 */
async function joinOverHttp(b: Buyer, dropId: number): Promise<{ ok: boolean; pageMs: number; solveMs: number; postMs: number; detail: string }> {
  const instance = instances[b.index % instances.length]!;
  const address = `10.${(b.index >> 16) & 255}.${(b.index >> 8) & 255}.${b.index & 255}`;
  const headers = { "X-Forwarded-For": address };
  const page = await send(instance, "GET", `/drops/${dropId}.data`, { cookie: b.cookie, headers });
  const challenge = page.status === 200 ? challengeIn(page.body) : null;
  if (!challenge) return { ok: false, pageMs: page.ms, solveMs: 0, postMs: 0, detail: `page ${page.status}, no challenge` };
  const t = performance.now();
  const solution = await solveChallenge({ challenge, deriveKey });
  const solveMs = performance.now() - t;
  const payload = Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
  const post = await send(instance, "POST", `/drops/${dropId}`, { cookie: b.cookie, headers, form: { [CHALLENGE_FIELD]: payload } });
  const ok = post.status === 302 && post.location === `/drops/${dropId}`;
  return { ok, pageMs: page.ms, solveMs, postMs: post.ms, detail: `${post.status} ${post.location ?? post.body.slice(0, 160)}` };
}

/**
 * Everyone joins before the start: HTTP_JOINS buyers over HTTP (4 solving at a time), the rest
 * as the row joinDrop would write for them (state waiting, no place yet; a made-up address key,
 * since they have no address). Then the start is set START_DELAY_SECONDS ahead.
 */
async function prepareQueue(pool: pg.Pool, productId: number, buyers: Buyer[]) {
  const dropId = await createQueueDrop(pool, productId);
  queue.dropId = dropId;
  const sample = buyers.slice(0, HTTP_JOINS);
  const started = performance.now();
  const joins: Awaited<ReturnType<typeof joinOverHttp>>[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < sample.length) joins.push(await joinOverHttp(sample[next++]!, dropId));
    }),
  );
  const failed = joins.filter((j) => !j.ok);
  for (const f of failed.slice(0, 3)) console.warn(`[drop-sim] HTTP join refused: ${f.detail}`);
  const rest = buyers.slice(HTTP_JOINS, BUYERS);
  const { rows: people } = await pool.query<{ id: string; email: string }>("SELECT id, email FROM users WHERE id = ANY($1::uuid[])", [rest.map((b) => b.userId)]);
  await pool.query(
    `INSERT INTO drop_entries (drop_id, user_id, person_key, address_key, state, joined_at)
     SELECT $1, u, k, 'drop-sim-direct-' || u, 'waiting', now() FROM unnest($2::uuid[], $3::text[]) AS x(u, k)`,
    [dropId, people.map((p) => p.id), people.map((p) => normaliseEmailIdentity(p.email) ?? p.email)],
  );
  const { rows } = await pool.query<{ starts_at: Date; entries: number }>(
    `UPDATE drops SET starts_at = now() + make_interval(secs => $2) WHERE id = $1
     RETURNING starts_at, (SELECT count(*)::int FROM drop_entries WHERE drop_id = $1) AS entries`,
    [dropId, START_DELAY_SECONDS],
  );
  const startsAt = rows[0]!.starts_at;
  queue.startsAtPerf = performance.now() + (startsAt.getTime() - Date.now());
  queue.entries = rows[0]!.entries;
  queue.setup = {
    dropId,
    admitPerMinute: ADMIT_PER_MINUTE,
    purchaseMinutes: PURCHASE_MINUTES,
    unitsPerPerson: LIMIT,
    entries: rows[0]!.entries,
    httpJoins: { tried: sample.length, ok: joins.length - failed.length, seconds: ms((performance.now() - started) / 1000), solveMs: summary(joins.map((j) => j.solveMs)), pageMs: summary(joins.map((j) => j.pageMs)), postMs: summary(joins.map((j) => j.postMs)) },
    directEntries: people.length,
  };
  console.log(`[drop-sim] queue drop ${dropId}: ${rows[0]!.entries} in the waiting room (${joins.length - failed.length}/${sample.length} joined over HTTP with a solved proof of work), starts in ${START_DELAY_SECONDS} s, ${ADMIT_PER_MINUTE} admitted/min`);
  if (failed.length) throw new Error(`${failed.length} of ${sample.length} HTTP joins failed`);
}

/**
 * A buyer on the waiting room's page: it asks /drops/:id/status when the page would (room-state.ts
 * roomCheckDelayMs: just after the start, just after their admission time, otherwise spaced
 * 5–36 s), and goes on to buy once an answer says it is their turn. True when admitted; false when
 * the page told them to stop (sold out, window lapsed).
 */
async function waitForAdmission(home: number, b: Buyer): Promise<boolean> {
  // The page was open before the start: its first check is just after the start, spread as
  // roomCheckDelayMs spreads a page waiting for the start (startSpreadMs of the entries).
  await sleep(Math.max(0, queue.startsAtPerf - performance.now()) + Math.round(startSpreadMs(queue.entries) * Math.random()));
  let polls = 0;
  for (;;) {
    const answer = await step(home, "GET", `/drops/${queue.dropId}/status`, { cookie: b.cookie });
    polls++;
    queue.statusPolls++;
    const now = performance.now();
    queue.firstPollAt ||= now;
    queue.lastPollAt = now;
    const second = Math.floor((now - queue.firstPollAt) / 1000);
    pollsPerSecond.set(second, (pollsPerSecond.get(second) ?? 0) + 1);
    if (!answer || answer.status !== 200) {
      queue.statusFailed++;
      if (queue.statusFailed <= 3) console.warn(`[drop-sim] status: ${answer ? `${answer.status} ${answer.body.slice(0, 160)}` : "no answer"}`);
      if (queue.statusFailed > BUYERS) throw new Error("status polls keep failing");
      await sleep(5000);
      continue;
    }
    statusLatency.push(answer.ms);
    statusWire.push(answer.wireMs);
    const status = JSON.parse(answer.body) as { view: DropView; soldOut: boolean; bought: number };
    const state = roomState(status.view, status.soldOut, new Date(), status.bought);
    if (state.kind === "your_turn") {
      queue.admitted++;
      queue.pollsPerBuyer.push(polls);
      queue.admissionToCartMs.push(Date.now() - new Date(status.view.entry!.rightFrom!).getTime());
      return true;
    }
    if (!["waiting_start", "ordering", "in_line"].includes(state.kind)) {
      queue.stoppedBy.set(state.kind, (queue.stoppedBy.get(state.kind) ?? 0) + 1);
      queue.pollsPerBuyer.push(polls);
      return false;
    }
    await sleep(roomCheckDelayMs(status.view, state, new Date()));
  }
}

async function buyer(b: Buyer, variantId: number) {
  const home = b.index % instances.length;
  if (MODE === "queue" && !(await waitForAdmission(home, b))) return;

  // The add as the product page sends it with JavaScript (a fetcher: the action's answer alone,
  // 200 or 409); without JavaScript a refusal renders the whole cart page (bench:request-cost).
  const cart = await step(home, "POST", "/cart.data", { cookie: b.cookie, form: { intent: "add", variantId: String(variantId), quantity: String(b.quantity) } });
  if (cart?.status === 409) {
    latency.cart.push(cart.ms);
    wire.cart.push(cart.wireMs);
    outcome.cartSoldOut++;
    return;
  }
  if (!cart || cart.status !== 200) {
    outcome.cartFailed++;
    if (outcome.cartFailed <= 3) console.warn(`[drop-sim] cart add: ${cart ? `${cart.status} ${cart.body.slice(0, 160)}` : "no answer"}`);
    return;
  }
  latency.cart.push(cart.ms);
  wire.cart.push(cart.wireMs);
  outcome.cartOk++;

  if (!firstCheckoutAt) firstCheckoutAt = performance.now();
  const checkout = await step(home, "POST", "/checkout", { cookie: b.cookie, form: {} });
  lastCheckoutAt = performance.now();
  outcome.checkoutAttempts++;
  checkoutsDone++;
  for (const hook of checkoutProgress) hook(checkoutsDone);
  if (!checkout || checkout.status !== 302 || !checkout.location) {
    outcome.checkoutFailed++;
    if (outcome.checkoutFailed <= 3) console.warn(`[drop-sim] checkout: ${checkout ? `${checkout.status} ${checkout.body.slice(0, 160)}` : "no answer"}`);
    return;
  }
  latency.checkout.push(checkout.ms);
  wire.checkout.push(checkout.wireMs);
  const refused = /checkoutError=([a-z_]+)/.exec(checkout.location);
  if (refused) {
    outcome.refusals.set(refused[1]!, (outcome.refusals.get(refused[1]!) ?? 0) + 1);
    return;
  }
  const sessionId = /\/(?:sandbox\/checkout|c\/pay)\/([^/?#]+)/.exec(checkout.location)?.[1];
  if (!sessionId) {
    outcome.checkoutFailed++;
    console.warn(`[drop-sim] checkout went to ${checkout.location}`);
    return;
  }
  outcome.holds++;
  lastHoldAt = performance.now();
  firstHoldAt ||= lastHoldAt;
  if (Math.random() >= PAY_SHARE) {
    outcome.abandoned++;
    abandonedSessions.add(sessionId);
    return;
  }
  if (PAYMENTS === "sandbox") await payWithSandbox(home, b, sessionId);
  else await payWithStripe(home, sessionId);
}

/**
 * Starts every buyer: all in one instant (the drop moment), or with --arrival-rate one every
 * 1/N s. The schedule is kept against the clock, not by chained timers, so a late tick starts
 * the buyers it owes at once instead of drifting: the offered load stays N/s whatever the
 * answers do (an open loop, as a crowd is).
 */
async function arrive(all: Buyer[], run: (b: Buyer) => Promise<void>): Promise<{ arrivalSeconds: number }> {
  if (ARRIVAL_RATE === null) {
    await Promise.all(all.map(run));
    return { arrivalSeconds: 0 };
  }
  const runs: Promise<void>[] = [];
  const t0 = performance.now();
  let next = 0;
  while (next < all.length) {
    const due = Math.min(all.length, Math.floor(((performance.now() - t0) * ARRIVAL_RATE) / 1000) + 1);
    while (next < due) runs.push(run(all[next++]!));
    if (next < all.length) await sleep(1);
  }
  const arrivalSeconds = (performance.now() - t0) / 1000;
  await Promise.all(runs);
  return { arrivalSeconds };
}

// ---------------------------------------------------------------------------------------------
// Faults

const faultLog: Record<string, unknown> = {};

async function killAndRestart(n: number) {
  const victim = instances[n]!;
  const started = performance.now();
  const atCheckouts = checkoutsDone;
  victim.child.kill("SIGKILL");
  await victim.exitCode;
  victim.agent.destroy();
  console.log(`[drop-sim] fault: SIGKILL shop ${n} at ${checkoutsDone} checkouts`);
  await startInstance(n);
  faultLog.sigkill = { instance: n, atCheckouts, backHealthyAfterMs: Math.round(performance.now() - started) };
  console.log(`[drop-sim] fault: shop ${n} back after ${Math.round(performance.now() - started)} ms`);
}

/** Restarts the private cluster while probing one instance: which answers came, and when it recovered. */
async function restartPostgres() {
  if (!cluster) return;
  // Its own connection, not the buyers' queue of sockets: it measures the outage, not the crowd.
  const probe = { ...instances[0]!, agent: new Agent({ keepAlive: false }) };
  const atCheckouts = checkoutsDone;
  const seen = new Map<number | string, number>();
  let probing = true;
  let recoveredAt = 0;
  let restartedAt = 0;
  const giveUpAt = performance.now() + 60_000;
  const prober = (async () => {
    while ((probing || !recoveredAt) && performance.now() < giveUpAt) {
      const t = performance.now();
      try {
        const a = await send(probe, "GET", "/cart", { cookie: outageCookie });
        seen.set(a.status, (seen.get(a.status) ?? 0) + 1);
        if (restartedAt && a.status === 200 && !recoveredAt) recoveredAt = performance.now();
      } catch (error) {
        const key = (error as NodeJS.ErrnoException).code ?? "error";
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
      await sleep(Math.max(0, 50 - (performance.now() - t)));
    }
  })();
  await sleep(100);
  console.log(`[drop-sim] fault: pg_ctl restart -m fast at ${atCheckouts} checkouts`);
  const { ms: restartMs } = cluster.restart();
  restartedAt = performance.now();
  const deadline = Date.now() + 30_000;
  while (!recoveredAt && Date.now() < deadline) await sleep(50);
  probing = false;
  await prober;
  faultLog.postgresRestart = {
    atCheckouts,
    pgCtlRestartMs: restartMs,
    shopAnswered200AgainAfterMs: recoveredAt ? Math.round(recoveredAt - restartedAt) : null,
    probeAnswers: Object.fromEntries(seen),
  };
  console.log(`[drop-sim] fault: PostgreSQL restarted in ${restartMs} ms; probe answers ${JSON.stringify(Object.fromEntries(seen))}; 200 again ${recoveredAt ? Math.round(recoveredAt - restartedAt) : "never"} ms after`);
}
let outageCookie = "";

/**
 * The webhook storm: 1,000 deliveries over both instances at once. Every paid session's
 * completed event again (Stripe's retry: same id), a second completed event with a new id,
 * abandoned sessions' expired events, late payments (sessions paid after their hold was
 * released: taken again when stock is there, refunded otherwise), events older than ones
 * already applied, and some with a bad signature. Shuffled, so the order is arbitrary.
 */
async function webhookStorm() {
  const events: { payload: string; header: string; bad?: boolean }[] = [];
  const paid = [...paidSessions];
  const abandoned = [...abandonedSessions];
  // A handful of abandoned sessions are paid late (after the sweep released them below).
  const late = abandoned.slice(0, Math.min(5, abandoned.length));
  for (const id of late) {
    stripeFake!.completeSession(id);
    paidSessions.add(id);
  }
  const lateSet = new Set(late);
  let i = 0;
  while (events.length < STORM_EVENTS) {
    const kind = i++ % 6;
    if (kind === 0 && paid.length) {
      const first = firstEvents.get(paid[i % paid.length]!);
      if (first) events.push(first); // a replay: same event id
    } else if (kind === 1 && paid.length) {
      const id = paid[i % paid.length]!;
      events.push(stripeFake!.signedEvent("checkout.session.completed", stripeFake!.session(id), WEBHOOK_SECRET, { timestamp: Math.floor(Date.now() / 1000) - 60 }));
    } else if (kind === 2 && abandoned.length) {
      const id = abandoned[i % abandoned.length]!;
      if (lateSet.has(id)) events.push(stripeFake!.signedEvent("checkout.session.completed", stripeFake!.session(id), WEBHOOK_SECRET));
      else events.push(stripeFake!.signedEvent("checkout.session.expired", { ...stripeFake!.session(id), status: "expired" }, WEBHOOK_SECRET));
    } else if (kind === 3 && paid.length) {
      // Out of order: an async failure for a session that has since been paid.
      const id = paid[i % paid.length]!;
      events.push(stripeFake!.signedEvent("checkout.session.async_payment_failed", stripeFake!.session(id), WEBHOOK_SECRET));
    } else if (kind === 4) {
      const id = (paid[i % Math.max(1, paid.length)] ?? abandoned[0])!;
      const good = stripeFake!.signedEvent("checkout.session.completed", stripeFake!.session(id), WEBHOOK_SECRET);
      events.push({ payload: good.payload, header: good.header.replace(/v1=[0-9a-f]{4}/, "v1=0000"), bad: true });
    } else if (late.length) {
      const id = late[i % late.length]!;
      events.push(stripeFake!.signedEvent("checkout.session.completed", stripeFake!.session(id), WEBHOOK_SECRET));
    }
  }
  events.sort(() => Math.random() - 0.5);
  const started = performance.now();
  const statuses = new Map<number | string, number>();
  let badAccepted = 0;
  let next = 0;
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      while (next < events.length) {
        const event = events[next++]!;
        const answer = await deliverWebhook(next, event, !event.bad);
        const key = answer?.status ?? "gave up";
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
        if (answer) times.push(answer.ms);
        if (event.bad && answer && answer.status < 300) badAccepted++;
      }
    }),
  );
  faultLog.webhookStorm = {
    deliveries: events.length,
    latePayments: late.length,
    seconds: ms((performance.now() - started) / 1000),
    answers: Object.fromEntries(statuses),
    badSignaturesAccepted: badAccepted,
    latency: summary(times),
  };
  console.log(`[drop-sim] webhook storm: ${events.length} deliveries in ${ms((performance.now() - started) / 1000)} s, answers ${JSON.stringify(Object.fromEntries(statuses))}`);
  return { badAccepted };
}

/**
 * SIGTERM with requests in flight. 30 buyers' POST /cart requests are inside the shop (headers
 * read, bodies still arriving) when the signal comes: each must get its whole answer, and the
 * process must exit 0. Another 30 requests are sent just before the signal, racing it: those the
 * shop had not read yet may be reset (they were never in flight); counted, not asserted.
 */
async function sigtermDrain(n: number, buyers: Buyer[], variantId: number) {
  const victim = instances[n]!;
  const body = new URLSearchParams({ intent: "update", variantId: String(variantId), quantity: "0", redirectTo: "/cart" }).toString();
  const slow = buyers.slice(0, 30).map((b) => {
    const req = httpRequest({
      host: "127.0.0.1",
      port: victim.port,
      path: "/cart",
      method: "POST",
      agent: false,
      headers: { Cookie: b.cookie, Origin: victim.base, "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(body.length) },
    });
    const answered = new Promise<number | string>((done) => {
      req.on("response", (res) => {
        res.resume();
        res.on("end", () => done(res.statusCode!));
      });
      req.on("error", (e: NodeJS.ErrnoException) => done(e.code ?? e.message));
    });
    req.write(body.slice(0, 8));
    return { req, answered };
  });
  await sleep(1000); // the shop has read their headers and is waiting for the rest
  const racing = buyers.slice(30, 60).map((b) =>
    send(victim, "GET", "/cart", { cookie: b.cookie }).then(
      (a) => a.status as number | string,
      (e: NodeJS.ErrnoException) => e.code ?? e.message,
    ),
  );
  await sleep(5);
  expectedExits.add(victim.child);
  victim.child.kill("SIGTERM");
  await sleep(500);
  for (const { req } of slow) req.end(body.slice(8));
  const inFlight = await Promise.all(slow.map((s) => s.answered));
  const raced = await Promise.all(racing);
  const code = await victim.exitCode;
  const tally = (answers: (number | string)[]) => {
    const t = new Map<number | string, number>();
    for (const a of answers) t.set(a, (t.get(a) ?? 0) + 1);
    return Object.fromEntries(t);
  };
  const dropped = inFlight.filter((a) => typeof a !== "number" || a >= 500).length;
  faultLog.sigterm = { inFlight: inFlight.length, inFlightAnswers: tally(inFlight), dropped, racingTheSignal: raced.length, racingAnswers: tally(raced), exitCode: code };
  console.log(`[drop-sim] SIGTERM: ${inFlight.length} requests in flight answered ${JSON.stringify(tally(inFlight))}; ${raced.length} racing the signal: ${JSON.stringify(tally(raced))}; exit code ${code}`);
  victim.agent.destroy();
  return { dropped, exitCode: code };
}

/**
 * With --arrival-rate: the rate the client really kept (its own stalls can fall behind the
 * schedule) and the slowest step's p99, the figure the issue's "p99 ≤ 100 ms" is read against.
 */
function arrivalFigures(offeredPerSecond: number, arrivalSeconds: number) {
  const p99s = (["cart", "checkout", "payment"] as const)
    .filter((name) => latency[name].length > 0)
    .map((name) => ({ name, p99: summary(latency[name]).p99 }))
    .sort((a, b) => b.p99 - a.p99);
  return {
    offeredPerSecond,
    keptPerSecond: Math.round((BUYERS - 1) / Math.max(arrivalSeconds, 1e-3)),
    slowestStep: p99s[0]?.name ?? null,
    slowestStepP99Ms: p99s[0]?.p99 ?? 0,
  };
}

/** The waiting room's figures: polls, admissions, and the sell-out measured from the drop's start. */
function queueFigures() {
  const pollWindowSeconds = (queue.lastPollAt - queue.firstPollAt) / 1000;
  return {
    ...queue.setup,
    statusPolls: queue.statusPolls,
    statusFailed: queue.statusFailed,
    pollWindowSeconds: ms(pollWindowSeconds),
    statusPollsPerSecond: Math.round(queue.statusPolls / Math.max(pollWindowSeconds, 0.001)),
    peakStatusPollsPerSecond: Math.max(0, ...pollsPerSecond.values()),
    statusMs: summary(statusLatency),
    statusOnTheWireMs: summary(statusWire),
    pollsPerBuyer: summary(queue.pollsPerBuyer),
    admitted: queue.admitted,
    stoppedBy: Object.fromEntries(queue.stoppedBy),
    /** From a buyer's admission time to their cart add going out (the page's check is up to 1 s after it). */
    admissionToCartMs: summary(queue.admissionToCartMs),
    firstHoldAfterStartSeconds: ms((firstHoldAt - queue.startsAtPerf) / 1000),
    soldOutAfterStartSeconds: ms((lastHoldAt - queue.startsAtPerf) / 1000),
    /** Holds from the first checkout sent to the last hold answered. */
    reservationsPerSecond: Math.round(outcome.holds / Math.max((lastHoldAt - firstCheckoutAt) / 1000, 0.001)),
  };
}

/** Queue mode's own invariants: nobody bought before their admission, nobody in the queue above the per-person limit. */
async function checkQueueInvariants(pool: pg.Pool) {
  const broken: string[] = [];
  const one = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => (await pool.query<T>(text, values)).rows;
  const dropId = queue.dropId;
  // Every order (paid or not, so every hold too) of a buyer: made inside that buyer's window to buy.
  const early = await one<{ id: number; status: string; created_at: Date; right_from: Date | null }>(
    `SELECT o.id, o.status, o.created_at, e.right_from FROM orders o LEFT JOIN drop_entries e ON e.drop_id = $1 AND e.user_id = o.user_id
     WHERE o.created_at < coalesce(e.right_from, 'infinity') OR o.created_at > e.right_until`,
    [dropId],
  );
  const earlyCompleted = early.filter((o) => o.status === "completed" || o.status === "dispatched");
  if (earlyCompleted.length) broken.push(`${earlyCompleted.length} completed order(s) made before the buyer's admission (or without one), e.g. ${JSON.stringify(earlyCompleted[0])}`);
  if (early.length - earlyCompleted.length) broken.push(`${early.length - earlyCompleted.length} other order(s) made outside the buyer's window, e.g. ${JSON.stringify(early.find((o) => !earlyCompleted.includes(o)))}`);
  const overEntry = await one<{ user_id: string; units: number }>(
    `SELECT e.user_id, sum(i.quantity)::int AS units FROM drop_entries e JOIN orders o ON o.user_id = e.user_id JOIN order_items i ON i.order_id = o.id
     WHERE e.drop_id = $1 AND o.status IN ('pending', 'completed', 'dispatched') GROUP BY e.user_id HAVING sum(i.quantity) > $2`,
    [dropId, LIMIT],
  );
  if (overEntry.length) broken.push(`${overEntry.length} queue entr(ies) above ${LIMIT} units, e.g. ${JSON.stringify(overEntry[0])}`);
  // The same counted as the checkout counts it: per identity key (email, address, account) across accounts.
  const overKey = await one<{ key: string; units: number }>(
    `SELECT k.key, sum(k.units)::int AS units FROM drop_order_keys k JOIN orders o ON o.id = k.order_id
     WHERE k.drop_id = $1 AND o.status IN ('pending', 'completed', 'dispatched') GROUP BY k.key HAVING sum(k.units) > $2`,
    [dropId, LIMIT],
  );
  if (overKey.length) broken.push(`${overKey.length} identity key(s) above ${LIMIT} units in live orders, e.g. ${JSON.stringify(overKey[0])}`);
  const [entries] = await one<Record<string, number>>(
    `SELECT count(*)::int AS entries, count(*) FILTER (WHERE position IS NULL)::int AS unplaced, count(DISTINCT position)::int AS positions, max(position)::int AS last_position,
            (SELECT count(*)::int FROM orders WHERE status IN ('completed', 'dispatched')) AS completed_orders
     FROM drop_entries WHERE drop_id = $1`,
    [dropId],
  );
  if (entries!.unplaced) broken.push(`${entries!.unplaced} entr(ies) never given a place`);
  if (entries!.positions !== entries!.entries || entries!.last_position !== entries!.entries) broken.push(`places are not 1..${entries!.entries}: ${JSON.stringify(entries)}`);
  const backOffice = await checkBackOfficeFigures(pool, entries!);
  broken.push(...backOffice.broken);
  return { broken, figures: { ...entries, ordersOutsideWindow: early.length, entriesAboveLimit: overEntry.length, keysAboveLimit: overKey.length, backOffice: backOffice.figures } };
}

/**
 * The back office's "How the drop is going" (modules/drops/progress.server.ts) read after the
 * drop: it must agree with the ledger (units sold as the paid orders' lines count them, nothing
 * held after the sweep, the stock left, everyone who joined, the paid orders), and how long the
 * owner's page takes to read it with 2,000 entries.
 */
async function checkBackOfficeFigures(pool: pg.Pool, entries: Record<string, number>) {
  const broken: string[] = [];
  const [ledger] = (
    await pool.query<{ product_id: number; opens_at: Date; starts_at: Date; sold: number; stock: number; paid_orders: number }>(
      `SELECT d.product_id, d.opens_at, d.starts_at,
              (SELECT coalesce(sum(i.quantity), 0)::int FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.status IN ('completed', 'dispatched')) AS sold,
              (SELECT coalesce(sum(v.stock), 0)::int FROM product_variants v WHERE v.product_id = d.product_id) AS stock,
              (SELECT count(*)::int FROM orders WHERE status IN ('completed', 'dispatched')) AS paid_orders
         FROM drops d WHERE d.id = $1`,
      [queue.dropId],
    )
  ).rows;
  const handle = connectPostgres(databaseUrl(), { poolMax: 1 });
  try {
    const drop = { id: queue.dropId, productId: ledger!.product_id, mode: "queue" as const, opensAt: ledger!.opens_at, startsAt: ledger!.starts_at, cancelledAt: null, places: null };
    await getDropProgress(handle.db, drop); // a first read warms the connection and the code
    const started = performance.now();
    const progress = await getDropProgress(handle.db, drop);
    const readMs = Math.round((performance.now() - started) * 10) / 10;
    const shown = { sold: progress.sold, held: progress.held, stockLeft: progress.stockLeft, paidOrders: progress.paidOrders, joined: progress.people.mode === "queue" ? progress.people.joined : -1 };
    const expected = { sold: ledger!.sold, held: 0, stockLeft: ledger!.stock, paidOrders: ledger!.paid_orders, joined: entries.entries };
    if (JSON.stringify(shown) !== JSON.stringify(expected)) broken.push(`the back office's drop figures ${JSON.stringify(shown)} disagree with the ledger ${JSON.stringify(expected)}`);
    // The chart's running totals end at what was sold and at every turn begun by its end.
    const chartEnd = progress.timeline?.points.at(-1);
    const [begun] = (await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM drop_entries WHERE drop_id = $1 AND right_from <= $2", [queue.dropId, progress.timeline?.endsAt ?? null])).rows;
    if (chartEnd?.sold !== progress.sold || chartEnd.turns !== begun!.n) broken.push(`the back office's chart ends at ${JSON.stringify(chartEnd)}, not ${progress.sold} sold and ${begun!.n} let in`);
    return { broken, figures: { ...shown, letIn: begun!.n, readMs, chartBuckets: (progress.timeline?.points.length ?? 1) - 1 } };
  } finally {
    await handle.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Expiry and invariants

async function timeTravelAndSweep(pool: pg.Pool) {
  const { rowCount } = await pool.query("UPDATE stock_reservations SET expires_at = now() - interval '1 second' WHERE status = 'held'");
  await pool.query("UPDATE orders SET reservation_expires_at = now() - interval '1 second' WHERE status = 'pending'");
  const started = performance.now();
  // The shops' own reservation-sweep job (every 30 s) must release them.
  for (;;) {
    const { rows } = await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM stock_reservations WHERE status = 'held'");
    if (rows[0]!.n === 0) break;
    if (performance.now() - started > 90_000) break;
    await sleep(500);
  }
  const seconds = ms((performance.now() - started) / 1000);
  console.log(`[drop-sim] ${rowCount} hold(s) moved into the past; the sweep emptied them in ${seconds} s`);
  return { heldMovedToPast: rowCount ?? 0, sweptWithinSeconds: seconds };
}

async function checkInvariants(pool: pg.Pool, variantId: number) {
  const broken: string[] = [];
  const one = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => (await pool.query<T>(text, values)).rows;
  const [v] = await one<{ stock: number }>("SELECT stock FROM product_variants WHERE id = $1", [variantId]);
  const [r] = await one<{ held: number; sold: number }>(
    `SELECT coalesce(sum(quantity) FILTER (WHERE status = 'held'), 0)::int AS held, coalesce(sum(quantity) FILTER (WHERE status = 'sold'), 0)::int AS sold
     FROM stock_reservations WHERE variant_id = $1`,
    [variantId],
  );
  const stock = v!.stock;
  const { held, sold } = r!;
  if (stock < 0) broken.push(`stock is ${stock}`);
  if (held + sold > STOCK) broken.push(`sold ${sold} + held ${held} > ${STOCK}`);
  if (stock + held + sold !== STOCK) broken.push(`stock ${stock} + held ${held} + sold ${sold} ≠ ${STOCK} (units created or lost)`);
  if (held !== 0) broken.push(`${held} unit(s) still held after the expiry sweep`);

  const overLimit = await one<{ user_id: string; units: number }>(
    `SELECT o.user_id, sum(r.quantity)::int AS units FROM stock_reservations r JOIN orders o ON o.id = r.order_id
     WHERE r.status IN ('held', 'sold') GROUP BY o.user_id HAVING sum(r.quantity) > $1`,
    [LIMIT],
  );
  if (overLimit.length) broken.push(`${overLimit.length} buyer(s) above the limit of ${LIMIT}, e.g. ${JSON.stringify(overLimit[0])}`);
  const overLimitOrders = await one<{ user_id: string }>(
    `SELECT o.user_id FROM order_items i JOIN orders o ON o.id = i.order_id
     WHERE o.status IN ('pending', 'completed', 'dispatched') GROUP BY o.user_id HAVING sum(i.quantity) > $1`,
    [LIMIT],
  );
  if (overLimitOrders.length) broken.push(`${overLimitOrders.length} buyer(s) with more than ${LIMIT} units in live orders`);

  const pending = await one<{ n: number }>("SELECT count(*)::int AS n FROM orders WHERE status = 'pending'");
  if (pending[0]!.n) broken.push(`${pending[0]!.n} order(s) still pending after the sweep`);
  const strayHolds = await one<{ n: number }>(
    `SELECT count(*)::int AS n FROM stock_reservations r JOIN orders o ON o.id = r.order_id
     WHERE (o.status IN ('completed', 'dispatched') AND r.status <> 'sold') OR (o.status NOT IN ('completed', 'dispatched') AND r.status = 'sold')`,
  );
  if (strayHolds[0]!.n) broken.push(`${strayHolds[0]!.n} reservation(s) whose state does not match their order's`);

  // Every paid session: exactly one order, completed (or refunded with a refund recorded: a late payment without stock).
  const paid = [...paidSessions];
  const paidOrders = await one<{ payment_session_id: string; id: number; status: string; refunds: number }>(
    `SELECT o.payment_session_id, o.id, o.status, (SELECT count(*)::int FROM refunds f WHERE f.order_id = o.id) AS refunds
     FROM orders o WHERE o.payment_session_id = ANY($1::text[])`,
    [paid],
  );
  const bySession = new Map<string, typeof paidOrders>();
  for (const o of paidOrders) bySession.set(o.payment_session_id, [...(bySession.get(o.payment_session_id) ?? []), o]);
  let lost = 0;
  let refundedLate = 0;
  for (const id of paid) {
    const rows = bySession.get(id) ?? [];
    const ok = rows.length === 1 && (rows[0]!.status === "completed" || (rows[0]!.status === "refunded" && rows[0]!.refunds === 1));
    if (!ok) lost++;
    if (rows[0]?.status === "refunded") refundedLate++;
  }
  if (lost) broken.push(`${lost} paid session(s) without exactly one completed order (or one recorded refund)`);
  const completed = await one<{ id: number; payment_session_id: string | null }>("SELECT id, payment_session_id FROM orders WHERE status IN ('completed', 'dispatched')");
  const unpaidCompleted = completed.filter((o) => !o.payment_session_id || !paidSessions.has(o.payment_session_id));
  if (unpaidCompleted.length) broken.push(`${unpaidCompleted.length} completed order(s) nobody paid for`);
  const emails = await one<{ key: string; n: number }>(
    "SELECT dedupe_key AS key, count(*)::int AS n FROM outbox WHERE dedupe_key LIKE 'order-confirmation:%' GROUP BY dedupe_key",
  );
  const emailed = new Map(emails.map((e) => [e.key, e.n]));
  const missingEmail = completed.filter((o) => emailed.get(`order-confirmation:${o.id}`) !== 1).length;
  if (missingEmail) broken.push(`${missingEmail} completed order(s) without exactly one confirmation email`);

  // The stock ledger: its sum is the stock; per order, the units it holds now are what the ledger took.
  const [ledger] = await one<{ total: number }>("SELECT coalesce(sum(delta), 0)::int AS total FROM stock_movements WHERE variant_id = $1", [variantId]);
  if (ledger!.total !== stock) broken.push(`stock ledger sums to ${ledger!.total}, stock is ${stock}`);
  const ledgerMismatch = await one<{ order_id: number; net: number; sold: number }>(
    `SELECT m.order_id, sum(m.delta)::int AS net,
            coalesce((SELECT sum(quantity) FROM stock_reservations r WHERE r.order_id = m.order_id AND r.status = 'sold'), 0)::int AS sold
     FROM stock_movements m WHERE m.order_id IS NOT NULL GROUP BY m.order_id
     HAVING sum(m.delta) <> -coalesce((SELECT sum(quantity) FROM stock_reservations r WHERE r.order_id = m.order_id AND r.status = 'sold'), 0)`,
  );
  if (ledgerMismatch.length) broken.push(`${ledgerMismatch.length} order(s) whose ledger rows do not match their sold units, e.g. ${JSON.stringify(ledgerMismatch[0])}`);

  const [orders] = await one<Record<string, number>>(
    `SELECT count(*) FILTER (WHERE status = 'completed')::int AS completed, count(*) FILTER (WHERE status = 'expired')::int AS expired,
            count(*) FILTER (WHERE status = 'failed')::int AS failed, count(*) FILTER (WHERE status = 'refunded')::int AS refunded FROM orders`,
  );
  return { broken, figures: { stock, held, sold, paidSessions: paid.length, refundedLatePayments: refundedLate, orders } };
}

/**
 * The bare floor's own books (bare-shop.ts): its holds against the stock and against what the
 * buyers were told, nobody above the limit, no refusal while units were left. Its shape is the
 * shop's (`broken`, `figures`), so the run's own checks (failed requests, dead servers) apply.
 */
async function checkBareInvariants(pool: pg.Pool, variantId: number) {
  const broken: string[] = [];
  const { rows: [v] } = await pool.query<{ stock: number }>("SELECT stock FROM product_variants WHERE id = $1", [variantId]);
  const { rows: [h] } = await pool.query<{ held: number; holds: number; paid: number; over: number }>(
    `SELECT coalesce(sum(quantity), 0)::int AS held, count(*)::int AS holds, count(*) FILTER (WHERE paid)::int AS paid,
            (SELECT count(*) FROM (SELECT user_id FROM bare_holds GROUP BY user_id HAVING sum(quantity) > $1) o)::int AS over FROM bare_holds`,
    [LIMIT],
  );
  const refused = [...outcome.refusals.values()].reduce((a, b) => a + b, 0) + outcome.cartSoldOut;
  if (v!.stock < 0) broken.push(`stock ${v!.stock} < 0`);
  if (v!.stock + h!.held !== STOCK) broken.push(`stock ${v!.stock} + held ${h!.held} ≠ ${STOCK}`);
  // A floor that refuses while units are left (a wrong cookie, say) would be fast for nothing.
  if (refused > 0 && v!.stock >= LIMIT) broken.push(`${refused} buyer(s) refused with ${v!.stock} units left`);
  if (h!.holds !== outcome.holds) broken.push(`${h!.holds} holds recorded, the buyers were given ${outcome.holds}`);
  if (h!.over) broken.push(`${h!.over} buyer(s) above the limit`);
  if (h!.paid !== outcome.paid) broken.push(`${h!.paid} holds paid, the buyers paid ${outcome.paid}`);
  return { broken, figures: { stock: v!.stock, held: h!.held, holds: h!.holds, paid: h!.paid } };
}

function saveResult(result: { scenario: string } & Record<string, unknown>) {
  const file = new URL("./latest.json", import.meta.url);
  const all = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>) : {};
  all[result.scenario] = result;
  writeFileSync(file, `${JSON.stringify(all, null, 2)}\n`);
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const load = () => loadavg().map((l) => l.toFixed(2)).join(" ");
  console.log(`[drop-sim] ${SCENARIO}: ${BUYERS} buyers, stock ${STOCK}, limit ${LIMIT}, ${CONNECTIONS} connections per instance, payments ${PAYMENTS}, load average ${load()}`);
  const loadAtStart = loadavg();
  if (FAULTS && SHARED_PG) console.log("[drop-sim] BENCH_PG=shared: the PostgreSQL-restart fault is skipped");

  let pool: pg.Pool | null = null;
  let cleaned = false;
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    for (const instance of instances) if (instance) await stopInstance(instance).catch(() => {});
    await pool?.end().catch(() => {});
    await stripeFake?.close().catch(() => {});
    if (cluster) cluster.stop();
    else await admin((c) => c.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`)).catch((e) => console.error(`[drop-sim] could not drop ${DB_NAME}: ${(e as Error).message}`));
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void cleanup().then(() => process.exit(130)));
  process.once("unhandledRejection", (error) => {
    console.error("[drop-sim] failed:", error);
    void cleanup().then(() => process.exit(1));
  });

  try {
    ensureBuild();
    if (!SHARED_PG) {
      cluster = startPrivateCluster(PRIVATE_PG_PORT);
      adminUrl = cluster.adminUrl;
      console.log(`[drop-sim] private PostgreSQL 15 on 127.0.0.1:${PRIVATE_PG_PORT} (${cluster.dir})`);
    }
    const postgres = await admin(async (c) => (await c.query<{ server_version: string }>("SHOW server_version")).rows[0]!.server_version);
    const { productId, variantId, buyers } = await prepareDatabase();
    outageCookie = buyers.at(-1)!.cookie;
    pool = new pg.Pool({ connectionString: databaseUrl(), max: 3 });
    pool.on("error", () => {});
    if (PAYMENTS === "stripe") stripeFake = await startStripeFake();
    for (let n = 0; n < INSTANCES; n++) await startInstance(n);
    // Warm-up: one page per instance, so the first buyers do not pay for module loading.
    for (const instance of instances) await send(instance, "GET", "/cart", { cookie: outageCookie });
    if (MODE === "queue") await prepareQueue(pool, productId, buyers);

    const faultRuns: Promise<unknown>[] = [];
    if (FAULTS) {
      // One after the other: the killed shop is back (it migrates at start and, by design, exits
      // when the database is unreachable then) before PostgreSQL is restarted.
      const reached = (share: number) =>
        new Promise<void>((done) => {
          if (checkoutsDone >= BUYERS * share) return done();
          checkoutProgress.push((n) => n >= BUYERS * share && done());
        });
      faultRuns.push(
        (async () => {
          await reached(0.2);
          await killAndRestart(INSTANCES > 1 ? 1 : 0);
          if (!cluster) return;
          await reached(0.5);
          await restartPostgres();
        })(),
      );
    }

    const cpuBefore = cpuMs(instances.map((i) => i.child.pid!));
    const pgCpuBefore = postgresCpuMs();
    const clientCpuBefore = process.cpuUsage();
    // The buyers' own process stalling (GC, a first compile) delays every request it sends and,
    // in Stripe mode, the fake's answers too: its worst stall says how far to trust a p99.
    const clientLoop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
    clientLoop.enable();
    const started = performance.now();
    const { arrivalSeconds } = await arrive(buyers.slice(0, BUYERS), (b) => buyer(b, variantId));
    await Promise.all(faultRuns);
    const wallSeconds = (performance.now() - started) / 1000;
    const cpuAfter = cpuMs(instances.map((i) => i.child.pid!));
    const pgCpuAfter = postgresCpuMs();
    const clientCpu = process.cpuUsage(clientCpuBefore);
    clientLoop.disable();
    const checkoutSeconds = (lastCheckoutAt - firstCheckoutAt) / 1000;
    // Queue mode: the status polls are requests too (and most of them).
    const requests = latency.cart.length + latency.checkout.length + latency.payment.length + statusLatency.length;
    const drop = {
      buyers: BUYERS,
      wallSeconds: ms(wallSeconds),
      checkoutWindowSeconds: ms(checkoutSeconds),
      checkoutAttemptsPerSecond: Math.round(outcome.checkoutAttempts / checkoutSeconds),
      /** Holds over the time from the first checkout sent to the last hold answered (the sell-out). */
      holdsPerSecond: Math.round(outcome.holds / ((lastHoldAt - firstCheckoutAt) / 1000)),
      soldOutAfterSeconds: ms((lastHoldAt - firstCheckoutAt) / 1000),
      requestsPerSecond: Math.round(requests / wallSeconds),
      serverCpuMsPerRequest: cpuBefore !== null && cpuAfter !== null && !FAULTS ? cpuMsPerRequest((cpuAfter - cpuBefore) / requests) : null,
      /** PostgreSQL's CPU (postmaster + backends alive at the end) per HTTP request. */
      postgresCpuMsPerRequest: pgCpuBefore !== null && pgCpuAfter !== null && !FAULTS ? cpuMsPerRequest((pgCpuAfter - pgCpuBefore) / requests) : null,
      /** This process's CPU (the buyers' HTTP client) per request: it shares the cores with the servers. */
      clientCpuMsPerRequest: cpuMsPerRequest((clientCpu.user + clientCpu.system) / 1000 / requests),
      /** How late the buyers' process ran its timers (ms): a stall here shows in every latency. */
      clientEventLoopDelayMs: { p99: lateness(clientLoop.percentile(99)), max: lateness(clientLoop.max) },
      outcome: { ...outcome, refusals: Object.fromEntries(outcome.refusals) },
      latencyMs: { cart: summary(latency.cart), checkout: summary(latency.checkout), payment: summary(latency.payment) },
      /** Sandbox payments only (a Stripe-mode payment is the fake plus a webhook, timed as a whole above). */
      onTheWireMs: { cart: summary(wire.cart), checkout: summary(wire.checkout), payment: summary(wire.payment) },
      status5xx: Object.fromEntries(counts.status5xx),
      transportErrors: counts.transportErrors,
      retries: counts.retries,
      queue: MODE === "queue" ? queueFigures() : null,
      arrival: ARRIVAL_RATE === null ? null : arrivalFigures(ARRIVAL_RATE, arrivalSeconds),
    };
    console.log(
      `[drop-sim] drop: ${drop.checkoutAttemptsPerSecond} checkout attempts/s, ${outcome.checkoutAttempts} attempts over ${drop.checkoutWindowSeconds} s; ${outcome.holds} holds, sold out after ${drop.soldOutAfterSeconds} s (${drop.holdsPerSecond} holds/s); ` +
        `cart p50/p95/p99 ${drop.latencyMs.cart.p50}/${drop.latencyMs.cart.p95}/${drop.latencyMs.cart.p99} ms, checkout ${drop.latencyMs.checkout.p50}/${drop.latencyMs.checkout.p95}/${drop.latencyMs.checkout.p99} ms, ` +
        `payment ${drop.latencyMs.payment.p50}/${drop.latencyMs.payment.p95}/${drop.latencyMs.payment.p99} ms; on the wire: cart ${drop.onTheWireMs.cart.p50}/${drop.onTheWireMs.cart.p95}/${drop.onTheWireMs.cart.p99} ms, checkout ${drop.onTheWireMs.checkout.p50}/${drop.onTheWireMs.checkout.p95}/${drop.onTheWireMs.checkout.p99} ms; paid ${outcome.paid}, abandoned ${outcome.abandoned}, refusals ${JSON.stringify(drop.outcome.refusals)}; ` +
        `server CPU ${drop.serverCpuMsPerRequest} ms/request, PostgreSQL CPU ${drop.postgresCpuMsPerRequest} ms/request, client CPU ${drop.clientCpuMsPerRequest} ms/request (event loop delay p99 ${drop.clientEventLoopDelayMs.p99}, max ${drop.clientEventLoopDelayMs.max} ms); load ${load()}`,
    );

    if (drop.arrival) {
      const a = drop.arrival;
      console.log(
        `[drop-sim] arrivals: ${a.offeredPerSecond}/s offered, ${a.keptPerSecond}/s kept by the client; the slowest step's buyer's wait p99 ${a.slowestStepP99Ms} ms (${a.slowestStep}): ${a.slowestStepP99Ms <= 100 ? "within" : "over"} 100 ms`,
      );
    }
    if (drop.queue) {
      const q = drop.queue;
      console.log(
        `[drop-sim] queue: status polls p50/p95/p99 ${q.statusMs.p50}/${q.statusMs.p95}/${q.statusMs.p99} ms (${q.statusPolls} polls, ${q.statusPollsPerSecond}/s over ${q.pollWindowSeconds} s, peak ${q.peakStatusPollsPerSecond}/s); ` +
          `admitted ${q.admitted}, stopped ${JSON.stringify(q.stoppedBy)}; first hold ${q.firstHoldAfterStartSeconds} s and sold out ${q.soldOutAfterStartSeconds} s after the start; ${q.reservationsPerSecond} reservations/s`,
      );
    }

    const faultProblems: string[] = [];
    if (FAULTS) {
      const { badAccepted } = await webhookStorm();
      if (badAccepted) faultProblems.push(`${badAccepted} webhook(s) with a bad signature accepted`);
      const pgFault = faultLog.postgresRestart as { probeAnswers: Record<string, number>; shopAnswered200AgainAfterMs: number | null } | undefined;
      if (pgFault) {
        if (pgFault.shopAnswered200AgainAfterMs === null) faultProblems.push("the shop did not recover after the PostgreSQL restart");
        if (pgFault.probeAnswers["500"]) faultProblems.push(`${pgFault.probeAnswers["500"]} answer(s) 500 during the PostgreSQL restart (expected 503)`);
      }
    }
    // The floor has no sweep to wait for: its holds never expire.
    const expiry = BARE ? null : await timeTravelAndSweep(pool);
    if (FAULTS) {
      const drain = await sigtermDrain(0, buyers, variantId);
      if (drain.dropped) faultProblems.push(`${drain.dropped} in-flight request(s) dropped or failed on SIGTERM`);
      if (drain.exitCode !== 0) faultProblems.push(`SIGTERM exit code ${drain.exitCode}`);
    }
    const invariants = BARE ? await checkBareInvariants(pool, variantId) : await checkInvariants(pool, variantId);
    const queueInvariants = MODE === "queue" ? await checkQueueInvariants(pool) : null;
    const broken = [...invariants.broken, ...(queueInvariants?.broken ?? []), ...faultProblems];
    for (const exit of unexpectedExits) broken.push(`shop ${exit.instance} died by itself (code ${exit.code}, signal ${exit.signal})`);
    console.log(`[drop-sim] after: ${JSON.stringify(invariants.figures)}`);
    if (drop.outcome.cartFailed || drop.outcome.checkoutFailed || drop.outcome.paymentFailed) {
      broken.push(`requests that failed: cart ${outcome.cartFailed}, checkout ${outcome.checkoutFailed}, payment ${outcome.paymentFailed}`);
    }
    for (const b of broken) console.error(`[drop-sim] BROKEN: ${b}`);
    if (!broken.length) console.log("[drop-sim] all invariants hold");

    const result = {
      scenario: SCENARIO,
      date: new Date().toISOString(),
      machine: { cpu: cpus()[0]?.model ?? "unknown", cores: cpus().length, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version, postgres, privateCluster: !SHARED_PG },
      loadAverageAtStart: loadAtStart.map(ms),
      loadAverageAtEnd: loadavg().map(ms),
      settings: { buyers: BUYERS, stock: STOCK, limit: LIMIT, payShare: PAY_SHARE, connectionsPerInstance: CONNECTIONS, poolMax: POOL_MAX ?? "default (10)", payments: PAYMENTS, instances: INSTANCES },
      drop,
      faults: FAULTS ? faultLog : null,
      unexpectedExits,
      expiry,
      invariants: { ...invariants.figures, ...(queueInvariants ? { queue: queueInvariants.figures } : {}), broken },
    };
    saveResult(result);
    if (broken.length) process.exitCode = 1;
  } finally {
    await cleanup();
  }
}

main().catch((error) => {
  console.error("[drop-sim] failed:", error);
  process.exitCode = 1;
});
