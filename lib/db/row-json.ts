import { getTableColumns } from "drizzle-orm";
import { assets, tasks, type AssetRow, type TaskRow } from "./schema";

type Table = typeof assets | typeof tasks;

/** A row as the database's `to_jsonb` wrote it (column names), in Drizzle's shape (field names). */
function rowFromJson<T>(table: Table, json: Record<string, unknown>): T {
  const row: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(getTableColumns(table))) row[field] = json[column.name] ?? null;
  return row as T;
}

export const assetRowFromJson = (json: Record<string, unknown>) => rowFromJson<AssetRow>(assets, json);
export const taskRowFromJson = (json: Record<string, unknown>) => rowFromJson<TaskRow>(tasks, json);
