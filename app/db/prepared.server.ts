import type { Db } from "./client.server";

/**
 * A prepared statement made once per database handle, on first use (decisions 0054, 0056):
 * drizzle builds its SQL once, and with PostgreSQL it is a named statement, parsed and planned
 * once per connection. Per handle, not global: tests and tools open several databases in one
 * process, and a statement belongs to the handle that prepared it. Only for the root handle,
 * never a transaction (a prepared statement runs on the pool, outside it).
 */
export function preparedPerDatabase<Statement>(prepare: (db: Db) => Statement): (db: Db) => Statement {
  const statements = new WeakMap<Db, Statement>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) statements.set(db, (statement = prepare(db)));
    return statement;
  };
}
