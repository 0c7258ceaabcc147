import type { Db } from "./client";
import { assets, type AssetRow, type TaskRow } from "./schema";
import { insertTask, withinActiveCap, type NewTask } from "./tasks";

export type NewClipAsset = typeof assets.$inferInsert & { userId: string };

/**
 * A clip's `waiting` asset and its `clip` task, together, while the user has fewer than `cap`
 * active tasks; `active` (how many) when the cap is reached.
 */
export async function insertClipWithinCap(
  db: Db,
  values: { asset: NewClipAsset; task: NewTask },
  cap: number,
): Promise<{ asset?: AssetRow; task?: TaskRow; active?: number }> {
  let asset: AssetRow | undefined;
  const change = await withinActiveCap(db, values.asset.userId, cap, async (tx) => {
    [asset] = await tx.insert(assets).values(values.asset).returning();
    return insertTask(tx, values.task);
  });
  return { ...change, asset };
}
