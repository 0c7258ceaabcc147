import { and, eq, ilike, ne, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "./client";
import { estimatedRows } from "./estimate";
import { keysetAfter, keysetOrder, toPage, type After, type Page, type PageRequest } from "./pagination";
import { preparedStatement } from "./prepared";
import { assetNameKey, assets, assetSizeKey, type AssetRow, type AssetStatus } from "./schema";

export const ASSET_SORTS = ["createdAt", "name", "size"] as const;
export type AssetSort = (typeof ASSET_SORTS)[number];

export interface AssetFilter {
  status?: AssetStatus;
  /** A case-insensitive substring of the name. */
  search?: string;
}

export interface AssetOrder {
  sort: AssetSort;
  descending: boolean;
}

export type AssetListRequest = AssetFilter & AssetOrder & PageRequest;

/** Each order's key: the expressions the indexes of drizzle/0011 are built on. */
const SORT_KEYS: Record<AssetSort, PgColumn | SQL> = {
  createdAt: assets.createdAt,
  name: assetNameKey(assets.name),
  size: assetSizeKey(assets.size).mapWith(Number),
};

/** The filter's values, or placeholders for them in a prepared statement. */
interface Matching {
  userId: string | Placeholder;
  status?: AssetStatus | Placeholder;
  /** The LIKE pattern of a search. */
  pattern?: string;
}

function matching(values: Matching): SQL | undefined {
  return and(
    eq(assets.userId, values.userId),
    ne(assets.status, "deleting"),
    values.status === undefined ? undefined : eq(assets.status, values.status),
    values.pattern === undefined ? undefined : ilike(assets.name, values.pattern),
  );
}

const valuesOf = (userId: string, filter: AssetFilter): Matching => ({
  userId,
  status: filter.status,
  pattern: filter.search ? `%${escapeLikePattern(filter.search)}%` : undefined,
});

function pageQuery(db: Db, order: AssetOrder, values: Matching & { after?: After; limit: number | Placeholder }) {
  const keyset = { key: SORT_KEYS[order.sort], id: assets.id, descending: order.descending };
  return db
    .select({ row: assets, key: keyset.key })
    .from(assets)
    .where(and(matching(values), keysetAfter(keyset, values.after)))
    .orderBy(...keysetOrder(keyset))
    .limit(values.limit);
}

/** The query of one page of the user's assets (the bench explains it). */
export function userAssetsPage(db: Db, userId: string, request: AssetListRequest) {
  return pageQuery(db, request, { ...valuesOf(userId, request), after: request.after, limit: request.limit + 1 });
}

/**
 * A page without a search, by a statement prepared once per database and shape (order, status
 * filter, first page or not): built by Drizzle once, and planned once per connection on
 * PostgreSQL. A search is planned each time: a plan made for any word would not know how rare
 * this one is, and the trigram index serves only rare ones.
 */
const pageStatements = preparedStatement(() => new Map<string, ReturnType<typeof preparePage>>());

function preparePage(db: Db, order: AssetOrder, filtered: boolean, after: boolean, name: string) {
  const value = sql.placeholder;
  return pageQuery(db, order, {
    userId: value("userId"),
    status: filtered ? value("status") : undefined,
    after: after ? { key: value("afterKey"), id: value("afterId") } : undefined,
    limit: value("limit"),
  }).prepare(name);
}

function preparedPage(db: Db, request: AssetListRequest) {
  const name = `asset_page_${request.sort}_${request.descending ? "desc" : "asc"}_${request.status ? "status" : "all"}_${request.after ? "after" : "first"}`;
  const statements = pageStatements(db);
  let statement = statements.get(name);
  if (!statement) statements.set(name, (statement = preparePage(db, request, Boolean(request.status), Boolean(request.after), name)));
  return statement;
}

export async function listUserAssets(db: Db, userId: string, request: AssetListRequest): Promise<Page<AssetRow>> {
  const rows = request.search
    ? await userAssetsPage(db, userId, request)
    : await preparedPage(db, request).execute({
        userId,
        status: request.status,
        afterKey: request.after?.key,
        afterId: request.after?.id,
        limit: request.limit + 1,
      });
  return toPage(rows, request.limit);
}

/** Counted exactly up to this many; beyond, counting costs a scan of them all. */
const EXACT_COUNT_UP_TO = 10_000;

/** How many of the user's assets match: exact up to 10,000, else the planner's estimate (`exact: false`). */
export async function countUserAssets(db: Db, userId: string, filter: AssetFilter): Promise<{ count: number; exact: boolean }> {
  const rows = db.select({ id: assets.id }).from(assets).where(matching(valuesOf(userId, filter)));
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(rows.limit(EXACT_COUNT_UP_TO + 1).as("matching"));
  if (count <= EXACT_COUNT_UP_TO) return { count, exact: true };
  return { count: Math.max(count, await estimatedRows(db, rows)), exact: false };
}

/** The search is a plain substring: LIKE's wildcards and its escape character match themselves. */
function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
