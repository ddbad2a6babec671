import { createHash } from "node:crypto";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { Db, Tx } from "./client.server";

/** A drizzle query that can be prepared (a select, say): its SQL text, and `prepare(name)`. */
interface Preparable<Statement> {
  toSQL(): { sql: string };
  prepare(name: string): Statement;
}

/**
 * Whether `db` is a transaction rather than the root handle. The types cannot tell (a Tx is
 * assignable to Db), so code choosing between a prepared statement and a built query asks this.
 */
export function isTransaction(db: Db | Tx): db is Tx {
  return db instanceof PgTransaction;
}

/**
 * A prepared statement made once per database handle, on first use (decisions 0054, 0056):
 * drizzle builds its SQL once, and with PostgreSQL it is a named statement, parsed and planned
 * once per connection. Per handle, not global: tests and tools open several databases in one
 * process, and a statement belongs to the handle that prepared it.
 *
 * The name sent to PostgreSQL ends with a hash of the SQL: a connection refuses a second
 * statement under a name it already knows with other text, which would otherwise happen in
 * development when the query is edited while the pool lives on (Vite reloads the module).
 *
 * Only for the root handle, never a transaction: a statement prepared on the root handle runs
 * on a pool connection of its own, so code inside a transaction using it would read outside the
 * transaction. The types cannot tell the two handles apart, so a transaction is refused here.
 */
export function preparedPerDatabase<Statement>(name: string, query: (db: Db) => Preparable<Statement>): (db: Db) => Statement {
  const statements = new WeakMap<Db, Statement>();
  return (db) => {
    if (isTransaction(db)) throw new Error(`${name}: a prepared statement cannot run inside a transaction`);
    let statement = statements.get(db);
    if (!statement) {
      const built = query(db);
      const hash = createHash("sha256").update(built.toSQL().sql).digest("hex").slice(0, 10);
      statements.set(db, (statement = built.prepare(`${name}_${hash}`)));
    }
    return statement;
  };
}
