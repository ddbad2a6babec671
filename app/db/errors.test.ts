import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable, uniqueViolation } from "./errors";

/** Errors shaped as node-postgres and drizzle produce them. */
function pgError(code: string, message = "boom") {
  return Object.assign(new Error(message), { code });
}

describe("isDatabaseUnavailable", () => {
  it("recognises a server that is restarting, refusing or full", () => {
    expect(isDatabaseUnavailable(pgError("57P01", "terminating connection due to administrator command"))).toBe(true);
    expect(isDatabaseUnavailable(pgError("57P03", "the database system is starting up"))).toBe(true);
    expect(isDatabaseUnavailable(pgError("53300", "sorry, too many clients already"))).toBe(true);
    expect(isDatabaseUnavailable(pgError("08006"))).toBe(true);
    expect(isDatabaseUnavailable(pgError("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432"))).toBe(true);
  });

  it("recognises node-postgres's messages without a code", () => {
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
  });

  it("looks through drizzle's wrapper and an AggregateError", () => {
    const wrapped = new Error("Failed query: select 1", { cause: pgError("57P01") });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    const refusedEverywhere = new AggregateError([pgError("ECONNREFUSED"), pgError("ECONNREFUSED")], "connect failed");
    expect(isDatabaseUnavailable(new Error("Failed query", { cause: refusedEverywhere }))).toBe(true);
  });

  it("does not mistake a bad query or a broken rule for an outage", () => {
    expect(isDatabaseUnavailable(pgError("23505", "duplicate key value violates unique constraint"))).toBe(false);
    expect(isDatabaseUnavailable(pgError("42P01", 'relation "nope" does not exist'))).toBe(false);
    expect(isDatabaseUnavailable(pgError("40P01", "deadlock detected"))).toBe(false);
    expect(isDatabaseUnavailable(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
  });

  it("stops on a cause cycle", () => {
    const a = new Error("a") as Error & { cause?: unknown };
    a.cause = a;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});

describe("uniqueViolation", () => {
  it("reads the constraint through a cause", () => {
    expect(uniqueViolation(new Error("x", { cause: Object.assign(pgError("23505"), { constraint: "users_email_unique" }) }))).toEqual({ constraint: "users_email_unique" });
  });
});
