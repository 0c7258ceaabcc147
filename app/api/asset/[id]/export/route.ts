import { idParam } from "@/lib/api/ids";
import { methods } from "@/lib/api/methods";
import { withUser } from "@/lib/app/with-user";
import type { TaskEnvelope } from "@/lib/tasks/schemas";
import { exportRequestSchema } from "@/lib/export/schemas";
import { startExport } from "@/lib/export/start-export";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withUser({ body: exportRequestSchema, idempotent: true }, async ({ body, params, app, caller }) => {
    const assetId = idParam(params.id, "asset");
    const task = await startExport(app, app.runner, { userId: caller.userId, assetId, request: body });
    return Response.json({ task } satisfies TaskEnvelope, { status: 201 });
  }),
});
