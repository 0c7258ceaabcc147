import { z } from "zod";
import { idParam } from "@/lib/api/ids";
import { methods } from "@/lib/api/methods";
import { withUser } from "@/lib/app/with-user";
import type { TaskEnvelope } from "@/lib/tasks/schemas";
import { retryTask } from "@/lib/tasks/retry-task";

/** The body is optional; what it may hold depends on the task's type (retryTask checks it). */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withUser({ body: z.unknown(), optionalBody: true }, async ({ body, params, app, caller }) => {
    const taskId = idParam(params.id, "task");
    const task = await retryTask(app, app.runner, { userId: caller.userId, taskId, body });
    return Response.json({ task } satisfies TaskEnvelope);
  }),
});
