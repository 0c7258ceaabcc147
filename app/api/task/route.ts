import { listResponse } from "@/lib/api/list-query";
import { methods } from "@/lib/api/methods";
import { withUser } from "@/lib/app/with-user";
import { listTasks } from "@/lib/tasks/list-tasks";
import { listTasksQuerySchema } from "@/lib/tasks/schemas";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withUser({ query: listTasksQuerySchema }, async (ctx) => {
    const { assetId, type, phase } = ctx.query;
    const filter = { assetId, type, phase };
    return listResponse(ctx, ["task", ctx.caller.userId, filter], (page) => listTasks(ctx.app.db, ctx.caller.userId, filter, page));
  }),
});
