import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";

const storage = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `body` with a fresh request id that every log line written inside it carries. */
export function withRequestId<T>(body: (requestId: string) => T): T {
  const requestId = randomBytes(6).toString("hex");
  return storage.run({ requestId }, () => body(requestId));
}

/** Runs `body` outside any request, for work a request starts but does not own (tasks). */
export function outsideRequest<T>(body: () => T): T {
  return storage.exit(body);
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}
