import { describe, expect, it } from "vitest";
import { workerCount } from "./worker-count";

describe("workerCount (WEB_CONCURRENCY)", () => {
  const pg = "postgres://u@127.0.0.1/db";
  it("defaults to one per core with PostgreSQL and to one with the embedded database", () => {
    expect(workerCount({ DATABASE_URL: pg }, 4)).toBe(4);
    expect(workerCount({}, 4)).toBe(1);
    expect(workerCount({ DATABASE_URL: "  " }, 4)).toBe(1);
  });
  it("takes WEB_CONCURRENCY as given", () => {
    expect(workerCount({ DATABASE_URL: pg, WEB_CONCURRENCY: "3" }, 8)).toBe(3);
    expect(workerCount({ DATABASE_URL: pg, WEB_CONCURRENCY: "1" }, 8)).toBe(1);
    expect(workerCount({ WEB_CONCURRENCY: "1" }, 8)).toBe(1);
  });
  it("refuses more than one process on the embedded database, and nonsense", () => {
    expect(() => workerCount({ WEB_CONCURRENCY: "2" }, 8)).toThrow(/needs DATABASE_URL/);
    for (const bad of ["0", "-1", "2.5", "many", "257"]) {
      expect(() => workerCount({ DATABASE_URL: pg, WEB_CONCURRENCY: bad }, 8)).toThrow(/WEB_CONCURRENCY/);
    }
  });
});
