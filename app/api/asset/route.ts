import { pagedResponse, pageQuerySchema } from "@/lib/api/list-query";
import { parseQuery } from "@/lib/api/parse";
import { withUser } from "@/lib/api/with-user";
import { assetUrlContext, serializeAsset } from "@/lib/assets/serialize-asset";
import { listUserAssets } from "@/lib/db/assets";

export const GET = withUser(async ({ url, app, caller, origin }) => {
  const page = await listUserAssets(app.db, caller.userId, parseQuery(url, pageQuerySchema));
  const context = assetUrlContext(app, origin);
  const items = await Promise.all(page.items.map((row) => serializeAsset(row, context)));
  return pagedResponse(url, items, page.nextCursor, origin);
});
