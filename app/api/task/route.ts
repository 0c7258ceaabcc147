import { pagedResponse } from "@/lib/api/list-query";
import { parseQuery } from "@/lib/api/parse";
import { withUser } from "@/lib/api/with-user";
import { listUserTasks } from "@/lib/db/tasks";
import { listTasksQuerySchema } from "@/lib/tasks/schemas";
import { serializeTask } from "@/lib/tasks/serialize-task";

export const GET = withUser(async ({ url, app, caller, origin }) => {
  const { limit, cursor, ...filter } = parseQuery(url, listTasksQuerySchema);
  const page = await listUserTasks(app.db, caller.userId, filter, { limit, cursor });
  return pagedResponse(url, page.items.map(serializeTask), page.nextCursor, origin);
});
