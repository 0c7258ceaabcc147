import { sql, type SQLWrapper } from "drizzle-orm";
import type { Db } from "./client";

type PlanRow = { "QUERY PLAN": Array<{ Plan: { "Plan Rows": number } }> };

/** The number of rows the planner expects `query` to return, from the table's statistics: no row is read. */
export async function estimatedRows(db: Db, query: SQLWrapper): Promise<number> {
  const result = await db.execute<PlanRow>(sql`explain (format json) ${query}`);
  // postgres.js answers the rows themselves, PGlite an object holding them.
  const [row] = Array.isArray(result) ? result : (result as unknown as { rows: PlanRow[] }).rows;
  return Math.round(row["QUERY PLAN"][0].Plan["Plan Rows"]);
}
