import { and, eq, sql, type SQLWrapper } from "drizzle-orm";
import { userAssetsPage } from "@/lib/db/asset-list";
import type { Db } from "@/lib/db/client";
import { assets } from "@/lib/db/schema";

export interface PlanInputs {
  /** The last asset before page 1000, newest first. */
  after: { id: string; createdAt: number };
  search: string;
  id: string;
}

/** EXPLAIN ANALYZE of the queries behind page 1000 of the list, a search and a get, as Markdown. */
export async function explainPlans(db: Db, userId: string, inputs: PlanInputs): Promise<string> {
  const newestFirst = { sort: "createdAt", descending: true, limit: 20 } as const;
  const page1000 = userAssetsPage(db, userId, { ...newestFirst, after: { key: inputs.after.createdAt, id: inputs.after.id } });
  const search = userAssetsPage(db, userId, { ...newestFirst, search: inputs.search });
  // What findUserAsset prepares (lib/db/assets.ts), with its values in place.
  const get = db.select().from(assets).where(and(eq(assets.id, inputs.id), eq(assets.userId, userId)));
  const sections: string[] = [];
  for (const [title, query] of [
    ["GET /api/asset, page 1000", page1000],
    [`GET /api/asset?search=${inputs.search}`, search],
    ["GET /api/asset/{id}", get],
  ] as const) {
    sections.push(`${title}:\n\n\`\`\`\n${await explain(db, query)}\n\`\`\`\n`);
  }
  return sections.join("\n");
}

async function explain(db: Db, query: SQLWrapper): Promise<string> {
  const result = await db.execute<{ "QUERY PLAN": string }>(sql`explain (analyze, buffers) ${query}`);
  // postgres.js answers the rows themselves, PGlite an object holding them.
  const rows = Array.isArray(result) ? result : (result as unknown as { rows: Array<{ "QUERY PLAN": string }> }).rows;
  return rows.map((row) => row["QUERY PLAN"]).join("\n");
}
