import { and, desc, eq, lt, or, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { isUuid } from "@/lib/uuid";

export interface PageRequest {
  limit: number;
  cursor?: string;
}

export interface Page<T> {
  items: T[];
  nextCursor?: string;
}

interface Keyset {
  createdAt: number;
  id: string;
}

export function encodeCursor(row: Keyset): string {
  return Buffer.from(`${row.createdAt}:${row.id}`).toString("base64url");
}

function decodeCursor(cursor: string): Keyset | undefined {
  const [createdAt, id] = Buffer.from(cursor, "base64url").toString().split(":");
  if (!/^\d+$/.test(createdAt ?? "") || !isUuid(id ?? "")) return undefined;
  // Times are milliseconds in a bigint column; larger numbers lose precision or overflow it.
  if (!Number.isSafeInteger(Number(createdAt))) return undefined;
  return { createdAt: Number(createdAt), id };
}

export function isValidCursor(cursor: string): boolean {
  return decodeCursor(cursor) !== undefined;
}

/** Newest-first keyset pagination on (created_at, id). */
export function keysetWhere(columns: { createdAt: PgColumn; id: PgColumn }, cursor?: string): SQL | undefined {
  if (!cursor) return undefined;
  const after = decodeCursor(cursor);
  if (!after) throw new Error("invalid cursor");
  return or(
    lt(columns.createdAt, after.createdAt),
    and(eq(columns.createdAt, after.createdAt), lt(columns.id, after.id)),
  );
}

export function keysetOrder(columns: { createdAt: PgColumn; id: PgColumn }) {
  return [desc(columns.createdAt), desc(columns.id)];
}

/** Expects rows fetched with `limit + 1`. */
export function toPage<T extends Keyset>(rows: T[], limit: number): Page<T> {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(last) : undefined };
}
