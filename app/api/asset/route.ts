import { pagedResponse } from "@/lib/api/list-query";
import { methods } from "@/lib/api/methods";
import { withUser } from "@/lib/api/with-user";
import { listAssetsQuerySchema } from "@/lib/assets/schemas";
import { assetUrlContext, serializeAsset } from "@/lib/assets/serialize-asset";
import { listUserAssets } from "@/lib/db/assets";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withUser({ query: listAssetsQuerySchema }, async ({ query, url, app, caller, origin }) => {
    const { limit, cursor, search } = query;
    const page = await listUserAssets(app.db, caller.userId, { limit, cursor }, { search });
    const context = assetUrlContext(app, origin);
    const items = await Promise.all(page.items.map((row) => serializeAsset(row, context)));
    return pagedResponse(url, items, page.nextCursor, origin);
  }),
});
