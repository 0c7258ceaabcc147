import { pagedResponse } from "@/lib/api/list-query";
import { parseQuery } from "@/lib/api/parse";
import { withUser } from "@/lib/api/with-user";
import { listAssetsQuerySchema } from "@/lib/assets/schemas";
import { assetUrlContext, serializeAsset } from "@/lib/assets/serialize-asset";
import { listUserAssets } from "@/lib/db/assets";

export const GET = withUser(async ({ url, app, caller, origin }) => {
  const { limit, cursor, search } = parseQuery(url, listAssetsQuerySchema);
  const page = await listUserAssets(app.db, caller.userId, { limit, cursor }, { search });
  const context = assetUrlContext(app, origin);
  const items = await Promise.all(page.items.map((row) => serializeAsset(row, context)));
  return pagedResponse(url, items, page.nextCursor, origin);
});
