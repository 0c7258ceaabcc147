import { z } from "zod";
import { notFound, unauthorized } from "@/lib/api/errors";
import { methods } from "@/lib/api/methods";
import { parseJsonText } from "@/lib/api/parse";
import { readBodyText } from "@/lib/api/read-body";
import { presentedSecret, secretsEqual } from "@/lib/api/shared-secret";
import { withPublic } from "@/lib/app/with-user";
import { handleStorageNotification } from "@/lib/assets/handle-storage-notification";

/**
 * Bucket event notifications (S3 via SNS or EventBridge, MinIO webhooks), authorized by a shared
 * secret before the body is read.
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withPublic(async ({ request, url, app }) => {
    const secret = app.config.s3?.webhookSecret;
    const uploads = app.storage.directUploads;
    if (!secret || !uploads) throw notFound("storage webhooks are not enabled: they need S3 storage and STORAGE_WEBHOOK_SECRET");
    const given = presentedSecret(request, url);
    if (!given || !secretsEqual(given, secret)) throw unauthorized("missing or wrong storage webhook secret");
    const body = parseJsonText(await readBodyText(request, app.config.maxJsonBodyBytes), z.unknown());
    return Response.json(await handleStorageNotification(app, uploads, body));
  }),
});
