import { pino, type DestinationStream, type LevelWithSilent, type Logger } from "pino";

/**
 * Every line the server writes is one JSON object (pino; decisions 0045 and 0062). Two loggers
 * write them:
 *
 * - a request's own logger (`context.requestLog()` in loaders and actions, `req.log` in the
 *   server's middleware), whose lines carry the request's id: for anything that happens while
 *   answering one request;
 * - the process logger (`processLog()`), for what belongs to no request: background jobs,
 *   start-up, the database pool, a payment event arriving, the outbox.
 *
 * Business modules do not see the request, so a module that meets something worth a line
 * either returns it to the route (which logs it through the request's logger: a checkout whose
 * payment session failed) or, when no request is behind it, writes it here.
 */

/** The levels LOG_LEVEL accepts (checked by `loadEnv`). */
export const LOG_LEVELS = ["trace", "debug", "info", "warn", "error", "fatal", "silent"] as const satisfies readonly LevelWithSilent[];

/**
 * A JSON logger at `level`: one line per event, on stdout unless a destination is given (tests
 * pass one to read the lines). Written asynchronously (`sync: false`): under load the lines of
 * many requests go out in one write instead of one blocking write(2) each; when idle a line goes
 * out at once. pino flushes what is pending when the process exits (exit handlers run on an
 * uncaught exception too); only a SIGKILL can lose the last lines.
 */
export function createLogger(level: LevelWithSilent, destination?: DestinationStream): Logger {
  return pino(
    { level, base: { service: "nearmint" }, timestamp: pino.stdTimeFunctions.isoTime, serializers: { err: loggableError } },
    destination ?? pino.destination({ dest: 1, sync: false }),
  );
}

/**
 * A failed statement's values stay out of the logs. drizzle wraps every failed query in an
 * error whose message (and so its stack) ends `params: <the values, comma-joined>` and which
 * keeps them as `.params`: a sign-in's email, a registration's password hash, a checkout's
 * address, a two-factor secret. Logs are kept longer and read more widely than the database,
 * so a line says which statement failed and why, never with what.
 */
const PARAMS_HIDDEN = "params: (not logged)";

function statementParams(error: unknown): string[] {
  const found: string[] = [];
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 10; e = (e as { cause?: unknown }).cause, depth++) {
    const params = (e as { params?: unknown }).params;
    if (Array.isArray(params)) found.push(`params: ${String(params)}`);
  }
  return found;
}

function scrub<T>(value: T, secrets: readonly string[], depth = 0): T {
  if (typeof value === "string") return secrets.reduce<string>((text, secret) => text.split(secret).join(PARAMS_HIDDEN), value) as T;
  if (!value || typeof value !== "object" || depth > 10) return value;
  if (Array.isArray(value)) return value.map((item) => scrub(item, secrets, depth + 1)) as T;
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (key !== "params") copy[key] = scrub(field, secrets, depth + 1);
  }
  return copy as T;
}

/** The `err` of a log line: pino's usual fields (type, message, stack, cause) without a failed statement's values. */
export function loggableError(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error);
  return scrub(serialized, statementParams(error));
}

/** An error's message for a `reason` field (or a stored error column), without a failed statement's values. */
export function loggableMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return scrub(message, statementParams(error));
}

/**
 * Kept on `globalThis` under a registered symbol, not in a module variable: the server runs the
 * routes from the production build (`build/server/index.js`), which bundles its own copy of this
 * module, while `server/*.ts` and the background jobs import the source. A module variable would
 * give the two copies two loggers; the registered symbol gives them one.
 */
const PROCESS_LOGGER = Symbol.for("nearmint.processLogger");
type Holder = { [PROCESS_LOGGER]?: Logger };

function levelFromEnvironment(): LevelWithSilent {
  const level = process.env.LOG_LEVEL;
  return (LOG_LEVELS as readonly string[]).includes(level ?? "") ? (level as LevelWithSilent) : "info";
}

/**
 * The process logger: the one `server/main.ts` installs (the same logger as the requests'), or,
 * in a process that installed none (a script, a test), one made on first use at `LOG_LEVEL`.
 */
export function processLog(): Logger {
  const holder = globalThis as Holder;
  return (holder[PROCESS_LOGGER] ??= createLogger(levelFromEnvironment()));
}

/** Makes `logger` the process logger; returns the one it replaces (tests put it back). */
export function setProcessLog(logger: Logger | undefined): Logger | undefined {
  const holder = globalThis as Holder;
  const previous = holder[PROCESS_LOGGER];
  holder[PROCESS_LOGGER] = logger;
  return previous;
}

/**
 * The logger for a line about the request being answered: its own (`context.requestLog`), whose
 * lines carry its id, or the process logger where there is none (a loader called by a test).
 */
export function requestLogOf(context: { requestLog?: () => Logger }): Logger {
  return context.requestLog?.() ?? processLog();
}
