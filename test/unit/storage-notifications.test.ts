import { describe, expect, it } from "vitest";
import { parseStorageNotification } from "@/lib/assets/storage-notifications";

describe("parseStorageNotification", () => {
  it("reads an EventBridge Object Created event", () => {
    const event = {
      "detail-type": "Object Created",
      source: "aws.s3",
      detail: { bucket: { name: "videos" }, object: { key: "uploads/abc", size: 10 }, reason: "PutObject" },
    };
    expect(parseStorageNotification(event)).toEqual({ created: [{ bucket: "videos", key: "uploads/abc" }], ignored: 0 });
  });

  it("decodes URL-encoded keys, + standing for a space", () => {
    const event = { Records: [{ eventName: "ObjectCreated:Put", s3: { bucket: { name: "b" }, object: { key: "a+b%2Fc%25" } } }] };
    expect(parseStorageNotification(event).created).toEqual([{ bucket: "b", key: "a b/c%" }]);
  });

  it("counts removals and unknown shapes as ignored, and surfaces an SNS subscription URL", () => {
    const removal = { Records: [{ eventName: "ObjectRemoved:Delete", s3: { bucket: { name: "b" }, object: { key: "k" } } }] };
    expect(parseStorageNotification(removal)).toEqual({ created: [], ignored: 1 });
    expect(parseStorageNotification("text")).toEqual({ created: [], ignored: 1 });
    const confirm = { Type: "SubscriptionConfirmation", SubscribeURL: "https://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription" };
    expect(parseStorageNotification(confirm).subscribeUrl).toBe(confirm.SubscribeURL);
  });
});
