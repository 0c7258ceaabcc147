import { listResponse } from "@/lib/api/list-query";
import { methods } from "@/lib/api/methods";
import { withUser } from "@/lib/api/with-user";
import { assetCountHeaders, assetListQuery, listAssets } from "@/lib/assets/list-assets";
import { listAssetsQuerySchema } from "@/lib/assets/schemas";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withUser({ query: listAssetsQuerySchema }, async (ctx) => {
    const { app, caller, origin } = ctx;
    const query = assetListQuery(ctx.query);
    const headers = ctx.query.total === "true" ? await assetCountHeaders(app, caller.userId, query) : undefined;
    return listResponse(ctx, ["asset", caller.userId, query], (page) => listAssets(app, caller.userId, { ...query, ...page }, origin), headers);
  }),
});
