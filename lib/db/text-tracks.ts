import { and, asc, count, eq } from "drizzle-orm";
import type { Db } from "./client";
import { textTracks, type TextTrackRow } from "./schema";

export type NewTextTrack = typeof textTracks.$inferInsert & { id: string };

export async function insertTextTrack(db: Db, values: NewTextTrack): Promise<TextTrackRow> {
  const [row] = await db.insert(textTracks).values(values).returning();
  return row;
}

/** Several tracks in one statement: all are recorded, or none. */
export async function insertTextTracks(db: Db, values: NewTextTrack[]): Promise<TextTrackRow[]> {
  if (values.length === 0) return [];
  return db.insert(textTracks).values(values).returning();
}

/** The asset's tracks, oldest first: the order their renditions are listed in. */
export async function listTextTracks(db: Db, assetId: string): Promise<TextTrackRow[]> {
  return db.select().from(textTracks).where(eq(textTracks.assetId, assetId)).orderBy(asc(textTracks.createdAt), asc(textTracks.id));
}

export async function countTextTracks(db: Db, assetId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(textTracks).where(eq(textTracks.assetId, assetId));
  return row.n;
}

export async function findTextTrack(db: Db, assetId: string, id: string): Promise<TextTrackRow | undefined> {
  const [row] = await db.select().from(textTracks).where(and(eq(textTracks.id, id), eq(textTracks.assetId, assetId)));
  return row;
}

export async function deleteTextTrack(db: Db, assetId: string, id: string): Promise<TextTrackRow | undefined> {
  const [row] = await db.delete(textTracks).where(and(eq(textTracks.id, id), eq(textTracks.assetId, assetId))).returning();
  return row;
}
