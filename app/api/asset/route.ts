import { listResponse } from "@/lib/api/list-query";
import { methods } from "@/lib/api/methods";
import { withUser } from "@/lib/app/with-user";
import { assetCountHeaders, assetListQuery, listAssets } from "@/lib/assets/list-assets";
import { shapeAsset } from "@/lib/assets/response-shape";
import { listAssetsQuerySchema } from "@/lib/assets/schemas";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withUser({ query: listAssetsQuerySchema }, async (ctx) => {
    const { app, caller, origin } = ctx;
    const query = assetListQuery(ctx.query);
    const headers = ctx.query.total === "true" ? await assetCountHeaders(app, caller.userId, query) : undefined;
    return listResponse(ctx, ["asset", caller.userId, query], async (page) => {
      const { items, next } = await listAssets(app, caller.userId, { ...query, ...page }, origin);
      return { items: items.map((asset) => shapeAsset(asset, caller.shape)), next };
    }, headers);
  }),
});
