import { deliverWebhook } from "./deliver-webhook";
import { exportAsset } from "./export-asset";
import { processUpload } from "./process-upload";

/** Every function served at /api/inngest. */
export const functions = [processUpload, exportAsset, deliverWebhook];
