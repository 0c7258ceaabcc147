/**
 * Sets the S3 bucket's CORS rules so the dashboard can upload and play straight from the bucket:
 *   npm run storage:cors [-- --origin https://videos.example.com [--origin …]]
 * Origins default to APP_URL. Uses the same S3_* settings as the server.
 */
import { parseArgs } from "node:util";
import { loadConfig } from "@/lib/config/config";
import { setBucketCors } from "@/lib/storage/bucket-cors";
import { createS3Client } from "@/lib/storage/s3-client";

async function main() {
  const { values } = parseArgs({ options: { origin: { type: "string", multiple: true } } });
  const config = loadConfig();
  if (!config.s3) throw new Error("S3 storage is not configured: set S3_BUCKET and the other S3_* variables");
  const origins = values.origin?.length ? values.origin : config.appUrl ? [config.appUrl] : [];
  if (!origins.length) throw new Error("no dashboard origin: pass --origin https://… or set APP_URL");
  const rule = await setBucketCors(createS3Client(config.s3), config.s3.bucket, origins);
  console.log(`CORS of bucket ${config.s3.bucket} set: ${rule.AllowedMethods?.join(", ")} from ${origins.join(", ")}`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
