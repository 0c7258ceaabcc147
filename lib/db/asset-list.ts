import { and, eq, ilike, ne, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "./client";
import { estimatedRows } from "./estimate";
import { keysetAfter, keysetOrder, toPage, type Page, type PageRequest } from "./pagination";
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

function matching(userId: string, filter: AssetFilter): SQL | undefined {
  return and(
    eq(assets.userId, userId),
    ne(assets.status, "deleting"),
    filter.status ? eq(assets.status, filter.status) : undefined,
    filter.search ? ilike(assets.name, `%${escapeLikePattern(filter.search)}%`) : undefined,
  );
}

/** The query of one page of the user's assets (the bench explains it). */
export function userAssetsPage(db: Db, userId: string, request: AssetListRequest) {
  const keyset = { key: SORT_KEYS[request.sort], id: assets.id, descending: request.descending };
  return db
    .select({ row: assets, key: keyset.key })
    .from(assets)
    .where(and(matching(userId, request), keysetAfter(keyset, request.after)))
    .orderBy(...keysetOrder(keyset))
    .limit(request.limit + 1);
}

export async function listUserAssets(db: Db, userId: string, request: AssetListRequest): Promise<Page<AssetRow>> {
  return toPage(await userAssetsPage(db, userId, request), request.limit);
}

/** Counted exactly up to this many; beyond, counting costs a scan of them all. */
const EXACT_COUNT_UP_TO = 10_000;

/** How many of the user's assets match: exact up to 10,000, else the planner's estimate (`exact: false`). */
export async function countUserAssets(db: Db, userId: string, filter: AssetFilter): Promise<{ count: number; exact: boolean }> {
  const rows = db.select({ id: assets.id }).from(assets).where(matching(userId, filter));
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
