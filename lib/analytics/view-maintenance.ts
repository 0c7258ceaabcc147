import type { Db } from "@/lib/db/client";
import { rollUpViews, usersWithRollupsDue } from "@/lib/db/view-rollups";
import { pruneViews } from "@/lib/db/views";

const HOUR_MS = 3_600_000;
const DAY_HOURS = 24;
/** Users whose roll-ups one tick brings up to date (the rest at the next). */
const USERS_PER_TICK = 200;
/** Rows of each table deleted per statement while any are past their retention. */
const PRUNE_BATCH = 1000;

/**
 * The node's periodic part of viewer metrics: roll-ups of views reported since are computed
 * (queries do it too, for their caller, so nothing waits for this), and views and roll-ups past
 * their retention are deleted, a batch at a time.
 */
export function viewMaintenance(db: Db, retention: { viewRetentionDays: number; viewRollupRetentionDays: number }) {
  return {
    async rollUp(): Promise<void> {
      for (const userId of await usersWithRollupsDue(db, USERS_PER_TICK)) await rollUpViews(db, userId);
    },
    async prune(now: number): Promise<void> {
      const hour = Math.floor(now / HOUR_MS);
      await pruneViews(
        db,
        hour - retention.viewRetentionDays * DAY_HOURS,
        hour - retention.viewRollupRetentionDays * DAY_HOURS,
        PRUNE_BATCH,
      );
    },
  };
}
