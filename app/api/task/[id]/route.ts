import { notFound } from "@/lib/api/errors";
import { idParam } from "@/lib/api/ids";
import { methods } from "@/lib/api/methods";
import { withUser } from "@/lib/app/with-user";
import { findUserTask } from "@/lib/db/tasks";
import { serializeTask } from "@/lib/tasks/serialize-task";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withUser(async ({ params, app, caller }) => {
    const task = await findUserTask(app.db, caller.userId, idParam(params.id, "task"));
    if (!task) throw notFound("task not found");
    return Response.json(serializeTask(task));
  }),
});
