import { asc, desc, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/** The sort key and id of a page's last row: the next page starts after it. */
export interface Position {
  key: string | number;
  id: string;
}

export interface PageRequest {
  limit: number;
  /** Where the page starts (after this row); the first page has none. */
  after?: Position;
}

export interface Page<T> {
  items: T[];
  /** Where the next page starts; none on the last page. */
  next?: Position;
}

/**
 * A list's order: by `key` (a column, or the expression an index is built on), then by `id`, both
 * the same way. "After a row" is then one row comparison, `(key, id) < ($1, $2)`, which PostgreSQL
 * matches to a range of an index on `(…, key, id)`; the same condition written with `OR` is not,
 * and a deep page would scan every row before it.
 */
export interface Keyset {
  key: PgColumn | SQL;
  id: PgColumn;
  descending: boolean;
}

/** Newest first, by creation time: every list's order but the assets'. */
export const newestFirst = (table: { createdAt: PgColumn; id: PgColumn }): Keyset => ({
  key: table.createdAt,
  id: table.id,
  descending: true,
});

/** Where a page starts: a position, or placeholders for one in a prepared statement. */
export type After = Position | { key: Placeholder; id: Placeholder };

export function keysetAfter(keyset: Keyset, after: After | undefined): SQL | undefined {
  if (!after) return undefined;
  return sql`(${keyset.key}, ${keyset.id}) ${sql.raw(keyset.descending ? "<" : ">")} (${after.key}, ${after.id})`;
}

export function keysetOrder(keyset: Keyset): SQL[] {
  const direction = keyset.descending ? desc : asc;
  return [direction(keyset.key), direction(keyset.id)];
}

/** A page from rows fetched with `limit + 1`, each with its sort key as the database computed it. */
export function toPage<T extends { id: string }>(rows: Array<{ row: T; key: unknown }>, limit: number): Page<T> {
  const kept = rows.slice(0, limit);
  const last = kept.at(-1);
  return {
    items: kept.map(({ row }) => row),
    next: rows.length > limit && last ? { key: last.key as Position["key"], id: last.row.id } : undefined,
  };
}
