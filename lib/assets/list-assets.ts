import { countUserAssets, listUserAssets, type AssetFilter, type AssetOrder, type AssetSort } from "@/lib/db/asset-list";
import type { Page, PageRequest } from "@/lib/db/pagination";
import type { AssetStatus } from "@/lib/db/schema";
import type { TaskDeps } from "@/lib/tasks/types";
import type { Asset } from "./schemas";
import { assetUrlContext, serializeAsset } from "./serialize-asset";

export type AssetListQuery = AssetFilter & AssetOrder;

/** The list's order and filters as asked: newest, largest first by default, names A to Z; a blank search is none. */
export function assetListQuery(asked: { sort: AssetSort; order?: "asc" | "desc"; status?: AssetStatus; search?: string }): AssetListQuery {
  return {
    sort: asked.sort,
    descending: (asked.order ?? (asked.sort === "name" ? "asc" : "desc")) === "desc",
    status: asked.status,
    search: asked.search || undefined,
  };
}

export async function listAssets(deps: TaskDeps, userId: string, query: AssetListQuery & PageRequest, origin: string): Promise<Page<Asset>> {
  const page = await listUserAssets(deps.db, userId, query);
  const context = assetUrlContext(deps, origin);
  return { items: await Promise.all(page.items.map((row) => serializeAsset(row, context))), next: page.next };
}

/** The headers that tell how many assets match: exactly, or about as many (`X-Total-Count-Exact: false`). */
export async function assetCountHeaders(deps: TaskDeps, userId: string, filter: AssetFilter): Promise<Record<string, string>> {
  const { count, exact } = await countUserAssets(deps.db, userId, filter);
  return { "X-Total-Count": String(count), "X-Total-Count-Exact": String(exact) };
}
