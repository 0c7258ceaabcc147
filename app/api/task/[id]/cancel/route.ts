import { idParam } from "@/lib/api/ids";
import { methods } from "@/lib/api/methods";
import { withUser } from "@/lib/app/with-user";
import type { TaskEnvelope } from "@/lib/tasks/schemas";
import { cancelTask } from "@/lib/tasks/cancel-task";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withUser(async ({ params, app, caller }) => {
    const task = await cancelTask(app, { userId: caller.userId, taskId: idParam(params.id, "task") });
    return Response.json({ task } satisfies TaskEnvelope);
  }),
});
