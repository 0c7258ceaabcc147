import { z } from "zod";
import { notFound, unauthorized } from "@/lib/api/errors";
import { parseJsonBody } from "@/lib/api/parse";
import { presentedSecret, secretsEqual } from "@/lib/api/shared-secret";
import { withPublic } from "@/lib/api/with-user";
import { handleStorageNotification } from "@/lib/assets/handle-storage-notification";

/** Bucket event notifications (S3 via SNS or EventBridge, MinIO webhooks), authorized by a shared secret. */
export const POST = withPublic(async ({ request, url, app }) => {
  const secret = app.config.s3?.webhookSecret;
  const uploads = app.storage.directUploads;
  if (!secret || !uploads) throw notFound("storage webhooks are not enabled: they need S3 storage and STORAGE_WEBHOOK_SECRET");
  const given = presentedSecret(request, url);
  if (!given || !secretsEqual(given, secret)) throw unauthorized("missing or wrong storage webhook secret");
  const body = await parseJsonBody(request, z.unknown());
  return Response.json(await handleStorageNotification(app, uploads, body));
});
