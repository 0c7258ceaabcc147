import { clipAsset } from "./clip-asset";
import { deliverWebhook } from "./deliver-webhook";
import { exportAsset } from "./export-asset";
import { makeStoryboard } from "./make-storyboard";
import { processUpload } from "./process-upload";
import { transcodeFile } from "./transcode-file";
import { unpinAsset } from "./unpin-asset";

/** Every function served at /api/inngest. */
export const functions = [processUpload, exportAsset, deliverWebhook, unpinAsset, transcodeFile, makeStoryboard, clipAsset];
