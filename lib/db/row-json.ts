import { getTableColumns } from "drizzle-orm";
import { assets, tasks, type AssetRow, type TaskRow } from "./schema";

type Table = typeof assets | typeof tasks;

/**
 * Reads a row as the database's `to_jsonb` wrote it (column names) into Drizzle's shape (field
 * names); the table's field-to-column pairs are listed once, not for every row.
 */
function rowFromJson<T>(table: Table): (json: Record<string, unknown>) => T {
  const columns = Object.entries(getTableColumns(table)).map(([field, column]) => [field, column.name] as const);
  return (json) => {
    const row: Record<string, unknown> = {};
    for (const [field, name] of columns) row[field] = json[name] ?? null;
    return row as T;
  };
}

export const assetRowFromJson = rowFromJson<AssetRow>(assets);
export const taskRowFromJson = rowFromJson<TaskRow>(tasks);
