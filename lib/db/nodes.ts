import { and, eq, gte, lt, ne } from "drizzle-orm";
import type { Db } from "./client";
import { nodes, type NodeRow } from "./schema";

/** Records that the node is alive (its first call registers it). */
export async function recordNodeAlive(db: Db, node: Omit<NodeRow, "lastSeenAt">, now: number): Promise<void> {
  await db
    .insert(nodes)
    .values({ ...node, lastSeenAt: now })
    .onConflictDoUpdate({ target: nodes.id, set: { lastSeenAt: now } });
}

/** Other nodes seen since `since`. */
export async function listOtherLiveNodes(db: Db, selfId: string, since: number): Promise<NodeRow[]> {
  return db.select().from(nodes).where(and(ne(nodes.id, selfId), gte(nodes.lastSeenAt, since)));
}

export async function deleteNodesSeenBefore(db: Db, before: number): Promise<void> {
  await db.delete(nodes).where(lt(nodes.lastSeenAt, before));
}

export async function removeNode(db: Db, id: string): Promise<void> {
  await db.delete(nodes).where(eq(nodes.id, id));
}
