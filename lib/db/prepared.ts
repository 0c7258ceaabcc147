import type { Db } from "./client";

/**
 * A statement built once per database (or transaction) instead of on every call: composing a
 * query costs Drizzle more CPU than PostgreSQL needs to run a simple one, and postgres.js plans a
 * prepared statement once per connection. For the queries on hot request paths.
 */
export function preparedStatement<Statement>(build: (db: Db) => Statement): (db: Db) => Statement {
  const built = new WeakMap<Db, Statement>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
