import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

const storage = new AsyncLocalStorage<{ requestId: string }>();

/**
 * Runs `body` with a fresh request id that every log line written inside it carries: 12 random hex
 * digits (a v4 UUID's first 12 are random), from randomUUID's buffer rather than a system call per request.
 */
export function withRequestId<T>(body: (requestId: string) => T): T {
  const requestId = randomUUID().replace("-", "").slice(0, 12);
  return storage.run({ requestId }, () => body(requestId));
}

/** Runs `body` outside any request, for work a request starts but does not own (tasks). */
export function outsideRequest<T>(body: () => T): T {
  return storage.exit(body);
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}
