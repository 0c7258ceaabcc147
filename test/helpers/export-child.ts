/**
 * A service process for the resume test: starts the app on DATA_DIR / DATABASE_URL, starts an
 * export of EXPORT_ASSET_ID for EXPORT_USER_ID to EXPORT_URL, prints the task id, and runs until
 * it is killed.
 */
import { getApp } from "@/lib/app/app";
import { exportRequestSchema } from "@/lib/export/schemas";
import { startExport } from "@/lib/export/start-export";

const app = await getApp();
const task = await startExport(app, app.runner, {
  userId: process.env.EXPORT_USER_ID!,
  assetId: process.env.EXPORT_ASSET_ID!,
  request: exportRequestSchema.parse({ custom: { url: process.env.EXPORT_URL } }),
});
process.stdout.write(`${JSON.stringify({ taskId: task.id })}\n`);
setInterval(() => {}, 60_000);
