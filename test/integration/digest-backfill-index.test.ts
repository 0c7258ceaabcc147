import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readyAssetsWithoutDigests } from "@/lib/db/assets";
import type { Database } from "@/lib/db/client";
import { openTestDatabase, testDatabaseKinds } from "../helpers/test-databases";

/**
 * Every start looks for ready assets without a CID or md5 (lib/assets/backfill-digests.ts). Walking the
 * whole table for them took 675 ms on PGlite at 100,000 assets, all of it with the embedded
 * server's one thread blocked; a partial index holds only the assets it looks for.
 */
describe.each(testDatabaseKinds)("the digest backfill's query on %s", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.close());

  it.each([null, "01900000-0000-7000-8000-000000000000"])("reads the partial index, not the assets table (after %s)", async (afterId) => {
    const plan = await database.db.transaction(async (tx) => {
      // A table this small would be read whole whatever the indexes; a large one is not.
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute<{ "QUERY PLAN": string }>(sql`explain ${readyAssetsWithoutDigests(tx, afterId)}`);
      const rows = Array.isArray(result) ? result : (result as unknown as { rows: Array<{ "QUERY PLAN": string }> }).rows;
      return rows.map((row) => row["QUERY PLAN"]).join("\n");
    });
    expect(plan).toContain("assets_without_digests_idx");
  });
});
