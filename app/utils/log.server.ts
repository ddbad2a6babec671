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
 * Business modules do not see the request. One that writes a line while answering a request
 * takes the request's logger from its route as an option (`log?: LogSource`: a checkout whose
 * payment session failed, the webhook, the success and cancel pages); the others write to the
 * process logger, with the ids that find the rest (order, session, event, email, job).
 *
 * Which field for an error: `err` (type, message, stack, cause) for what should not happen;
 * `reason` (`loggableMessage(error)`, one line) for a failure the code expects and handles (a
 * provider refusing, a connection lost). Never the error under another key: the serializer that
 * keeps a failed statement's values out works on `err` only.
 *
 * Messages: a module's start with its area (`checkout: …`, `payments: …`); the server's own
 * (the request line, the HTTP edge, the jobs runner, start-up) do not.
 */

export type { Logger };

/** Where a module gets its logger when the caller has one: `context.requestLog` from a route. */
export type LogSource = () => Logger;

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

/** How deep a log line's error is copied; deeper parts are left out (an error is not a data dump). */
const MAX_DEPTH = 8;

function statementParams(error: unknown): string[] {
  const found: string[] = [];
  for (let e = error, depth = 0; e && typeof e === "object" && depth < MAX_DEPTH; e = (e as { cause?: unknown }).cause, depth++) {
    const params = (e as { params?: unknown }).params;
    if (Array.isArray(params)) found.push(`params: ${String(params)}`);
  }
  return found;
}

function hide(text: string, secrets: readonly string[]): string {
  return secrets.reduce<string>((result, secret) => result.split(secret).join(PARAMS_HIDDEN), text);
}

/**
 * Fields of an error that hold a row's values rather than what went wrong: drizzle's `params`,
 * and PostgreSQL's `detail` ("Key (email)=(…) already exists"; the `constraint`, `table` and
 * `code` fields that stay say which rule was broken).
 */
const VALUE_FIELDS = new Set(["params", "detail"]);

/**
 * A copy of `value` with the secrets hidden in its strings and no value fields (VALUE_FIELDS). Each object is
 * copied once (`seen`): an error pointing at itself many ways costs one pass, not one per path.
 */
function scrub(value: unknown, secrets: readonly string[], seen = new WeakSet<object>(), depth = 0): unknown {
  if (typeof value === "string") return hide(value, secrets);
  if (!value || typeof value !== "object") return value;
  if (seen.has(value)) return "[Circular]";
  if (depth >= MAX_DEPTH) return "[deeper parts not logged]";
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => scrub(item, secrets, seen, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (!VALUE_FIELDS.has(key)) copy[key] = scrub(field, secrets, seen, depth + 1);
  }
  return copy;
}

/** What is said of an error that could not be read at all (a throwing getter, a null-prototype object). */
function unreadable(error: unknown): { type: string; message: string } {
  return { type: typeof error, message: "(the thrown value could not be read)" };
}

/** The `err` of a log line: pino's usual fields (type, message, stack, cause) without a failed statement's values. */
export function loggableError(error: unknown): unknown {
  try {
    return scrub(pino.stdSerializers.err(error as Error), statementParams(error));
  } catch {
    // Logging an error must never throw in its place (the caller is usually cleaning up).
    return unreadable(error);
  }
}

/** An error's message for a `reason` field (or a stored error column), without a failed statement's values. */
export function loggableMessage(error: unknown): string {
  try {
    return hide(error instanceof Error ? error.message : String(error), statementParams(error));
  } catch {
    return unreadable(error).message;
  }
}

/**
 * Kept on `globalThis` under a registered symbol, not in a module variable: the server runs the
 * routes from the production build (`build/server/index.js`), which bundles its own copy of this
 * module, while `server/*.ts` and the background jobs import the source. A module variable would
 * give the two copies two loggers; the registered symbol gives them one.
 */
const PROCESS_LOGGER = Symbol.for("nearmint.processLogger");
type Holder = { [PROCESS_LOGGER]?: Logger };

/**
 * LOG_LEVEL for a process that installed no logger (a script, a test). `loadEnv` refuses a bad
 * value when the server starts; here, with nobody to tell, a bad value means the default.
 */
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
