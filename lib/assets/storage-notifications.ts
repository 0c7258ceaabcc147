import { z } from "zod";

export interface CreatedObject {
  bucket: string;
  key: string;
}

export interface StorageNotification {
  created: CreatedObject[];
  /** Records that are not object creations, or not understood. */
  ignored: number;
  /** An SNS subscription waiting to be confirmed by opening this URL. */
  subscribeUrl?: string;
}

const bucketAndObject = {
  bucket: z.looseObject({ name: z.string() }),
  object: z.looseObject({ key: z.string() }),
};

/** One record of an S3 event notification; MinIO sends the same shape (`s3:`-prefixed names). */
const s3Record = z.looseObject({
  eventName: z.string().regex(/^(s3:)?ObjectCreated:/),
  s3: z.looseObject(bucketAndObject),
});
const s3Event = z.looseObject({ Records: z.array(z.unknown()) });
const snsMessage = z.looseObject({ Type: z.string(), Message: z.string().optional(), SubscribeURL: z.string().optional() });
const eventBridgeEvent = z.looseObject({
  "detail-type": z.literal("Object Created"),
  detail: z.looseObject(bucketAndObject),
});

/**
 * Reads the object creations out of a bucket event notification: S3 and MinIO records, the same
 * wrapped in an SNS message, or an EventBridge "Object Created" event.
 */
export function parseStorageNotification(body: unknown): StorageNotification {
  const sns = snsMessage.safeParse(body);
  if (sns.success) {
    if (sns.data.Type === "SubscriptionConfirmation") return { created: [], ignored: 0, subscribeUrl: sns.data.SubscribeURL };
    if (sns.data.Type === "Notification" && sns.data.Message) return parseStorageNotification(parseJson(sns.data.Message));
    return { created: [], ignored: 1 };
  }
  const bridge = eventBridgeEvent.safeParse(body);
  if (bridge.success) return { created: [objectOf(bridge.data.detail)], ignored: 0 };
  const event = s3Event.safeParse(body);
  // Anything else, S3's s3:TestEvent included, has nothing to act on.
  if (!event.success) return { created: [], ignored: 1 };
  const created: CreatedObject[] = [];
  for (const raw of event.data.Records) {
    const record = s3Record.safeParse(raw);
    if (record.success) created.push(objectOf(record.data.s3));
  }
  return { created, ignored: event.data.Records.length - created.length };
}

/** Keys in S3 events are URL-encoded, with `+` for spaces. */
function objectOf(entry: { bucket: { name: string }; object: { key: string } }): CreatedObject {
  let key = entry.object.key;
  try {
    key = decodeURIComponent(key.replace(/\+/g, "%20"));
  } catch {
    // Not encoded after all: use it as it is.
  }
  return { bucket: entry.bucket.name, key };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
