import { idParam } from "@/lib/api/ids";
import { parseJsonBody } from "@/lib/api/parse";
import { withUser } from "@/lib/api/with-user";
import { exportRequestSchema } from "@/lib/export/schemas";
import { startExport } from "@/lib/export/start-export";

export const POST = withUser<{ id: string }>(async ({ request, params, app, caller }) => {
  const assetId = idParam(params.id, "asset");
  const exportRequest = await parseJsonBody(request, exportRequestSchema);
  const task = await startExport(app, app.runner, { userId: caller.userId, assetId, request: exportRequest });
  return Response.json({ task }, { status: 201 });
});
