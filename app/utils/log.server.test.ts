import { Writable } from "node:stream";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger, loggableError, loggableMessage, processLog, requestLogOf, setProcessLog } from "./log.server";

/**
 * A logger made by the function under test, its lines kept in `lines`. (The integration tests'
 * `captureLog` in tests/support does the same; app/ may not import tests/, decision 0010.)
 */
function capture() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger("info", sink), lines };
}

const SECRET = "victim.customer@example.com";
const HASH = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA";

function failedStatement() {
  const cause = Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
  return new DrizzleQueryError('select "id", "password_hash" from "users" where "users"."email" = $1 and "x" = $2', [SECRET, HASH], cause);
}

describe("a failed statement's values stay out of the log", () => {
  it("drops them from the message, the stack and the fields, and keeps the statement and its cause", () => {
    const { logger, lines } = capture();
    logger.error({ err: failedStatement() }, "request error");
    const text = JSON.stringify(lines);
    expect(lines).toHaveLength(1);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain("argon2id");
    const err = lines[0]!.err as Record<string, unknown>;
    expect(err.message).toContain('where "users"."email" = $1');
    expect(err.message).toContain("params: (not logged)");
    expect(err).not.toHaveProperty("params");
    expect(JSON.stringify(err)).toContain("terminating connection due to administrator command");
  });

  it("leaves out PostgreSQL's detail, which quotes the row, and keeps the constraint and code", () => {
    const duplicate = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
      code: "23505",
      constraint: "users_email_unique",
      detail: `Key (email)=(${SECRET}) already exists.`,
    });
    const serialized = loggableError(duplicate) as Record<string, unknown>;
    expect(JSON.stringify(serialized)).not.toContain(SECRET);
    expect(serialized).toMatchObject({ code: "23505", constraint: "users_email_unique" });
  });

  it("finds them through a chain of causes", () => {
    const outer = new Error("checkout failed", { cause: failedStatement() });
    expect(JSON.stringify(loggableError(outer))).not.toContain(SECRET);
  });

  it("gives a reason without them, and leaves other messages alone", () => {
    expect(loggableMessage(failedStatement())).not.toContain(SECRET);
    expect(loggableMessage(failedStatement())).toMatch(/^Failed query: select .*\nparams: \(not logged\)$/s);
    expect(loggableMessage(new Error("connect ECONNREFUSED 127.0.0.1:1"))).toBe("connect ECONNREFUSED 127.0.0.1:1");
    expect(loggableMessage("plain")).toBe("plain");
  });

  it("serialises a non-error thrown value as it is", () => {
    const { logger, lines } = capture();
    logger.error({ err: "a string" }, "odd");
    expect(lines[0]!.err).toBe("a string");
  });
});

describe("the process logger", () => {
  let previous: ReturnType<typeof setProcessLog>;
  afterEach(() => void setProcessLog(previous));

  it("is one logger for every copy of this module (kept on globalThis), replaceable and restorable", () => {
    const { logger, lines } = capture();
    previous = setProcessLog(logger);
    processLog().warn({ job: "x" }, "from a module");
    expect(lines).toMatchObject([{ level: 40, job: "x", msg: "from a module", service: "nearmint" }]);
    expect((globalThis as Record<symbol, unknown>)[Symbol.for("nearmint.processLogger")]).toBe(logger);
    expect(setProcessLog(previous)).toBe(logger);
  });

  it("is made on first use when none was installed", () => {
    previous = setProcessLog(undefined);
    const made = processLog();
    expect(made).toBe(processLog());
    expect(typeof made.info).toBe("function");
  });

  it("is what requestLogOf gives without a request logger; the request's own otherwise", () => {
    const { logger } = capture();
    const request = capture().logger;
    previous = setProcessLog(logger);
    expect(requestLogOf({})).toBe(logger);
    expect(requestLogOf({ requestLog: () => request })).toBe(request);
  });
});

describe("odd thrown values", () => {
  it("logs an error pointing at itself many ways in one pass", () => {
    const knot: Record<string, unknown> = {};
    for (let i = 0; i < 8; i++) knot[`k${i}`] = knot;
    const error = Object.assign(new Error("tangled"), { knot });
    const serialized = JSON.stringify(loggableError(error));
    // Counted, not timed: the knot is copied once and each of its eight references to itself is
    // "[Circular]" (copied once per path, as before, it was 8^8 copies and froze the process).
    expect(serialized.match(/\[Circular\]/g)).toHaveLength(8);
  });

  it("never throws in the caller's place: a throwing getter, a null-prototype object", () => {
    const hostile = new Error("hostile");
    Object.defineProperty(hostile, "boom", { enumerable: true, get: () => { throw new Error("getter"); } });
    expect(() => loggableError(hostile)).not.toThrow();
    const bare = Object.create(null) as object;
    expect(loggableMessage(bare)).toBe("(the thrown value could not be read)");
    const { logger, lines } = capture();
    logger.error({ err: hostile }, "still a line");
    expect(lines).toHaveLength(1);
  });
});
