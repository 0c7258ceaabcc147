import { idParam } from "@/lib/api/ids";
import { readOptionalJsonBody } from "@/lib/api/parse";
import { withUser } from "@/lib/api/with-user";
import { retryTask } from "@/lib/tasks/retry-task";

export const POST = withUser<{ id: string }>(async ({ request, params, app, caller }) => {
  const taskId = idParam(params.id, "task");
  const body = await readOptionalJsonBody(request);
  const task = await retryTask(app, app.runner, { userId: caller.userId, taskId, body });
  return Response.json({ task });
});
