import { pagedResponse } from "@/lib/api/list-query";
import { methods } from "@/lib/api/methods";
import { withUser } from "@/lib/api/with-user";
import { listUserTasks } from "@/lib/db/tasks";
import { listTasksQuerySchema } from "@/lib/tasks/schemas";
import { serializeTask } from "@/lib/tasks/serialize-task";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withUser({ query: listTasksQuerySchema }, async ({ query, url, app, caller, origin }) => {
    const { limit, cursor, ...filter } = query;
    const page = await listUserTasks(app.db, caller.userId, filter, { limit, cursor });
    return pagedResponse(url, page.items.map(serializeTask), page.nextCursor, origin);
  }),
});
