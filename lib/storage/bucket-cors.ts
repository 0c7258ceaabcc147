import { PutBucketCorsCommand, type CORSRule, type S3Client } from "@aws-sdk/client-s3";

/** What the dashboard needs from the bucket: PUT uploads, GET/HEAD playback, and the ETag. */
export function dashboardCorsRule(origins: string[]): CORSRule {
  return {
    AllowedOrigins: origins,
    AllowedMethods: ["PUT", "GET", "HEAD"],
    AllowedHeaders: ["*"],
    ExposeHeaders: ["ETag", "Content-Length", "Content-Range", "Accept-Ranges"],
    MaxAgeSeconds: 3600,
  };
}

/** Replaces the bucket's CORS configuration with the dashboard's rule. */
export async function setBucketCors(client: S3Client, bucket: string, origins: string[]): Promise<CORSRule> {
  const rule = dashboardCorsRule(origins);
  await client.send(new PutBucketCorsCommand({ Bucket: bucket, CORSConfiguration: { CORSRules: [rule] } }));
  return rule;
}
