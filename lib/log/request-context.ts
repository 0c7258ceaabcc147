import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

/** What every log line written inside it carries: the request that caused it, the task it is for. */
export interface LogContext {
  requestId?: string;
  taskId?: string;
}

const holder = globalThis as typeof globalThis & { __videoAssetLogContext?: AsyncLocalStorage<LogContext> };
/** One store per process, on globalThis: Next.js bundles each route, and instrumentation.ts (whose logger reads it), apart. */
const storage = (holder.__videoAssetLogContext ??= new AsyncLocalStorage<LogContext>());

/** A client's own id is kept when it is a plain token (it is logged and echoed back), else one is made. */
const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdFrom(headers: Headers): string {
  const given = headers.get("x-request-id");
  // 16 random hex digits from randomUUID's pooled buffer (the random digits of a v4 UUID): no system call per request.
  return given && CLIENT_REQUEST_ID.test(given) ? given : madeRequestId();
}

function madeRequestId(): string {
  const uuid = randomUUID();
  return uuid.slice(0, 8) + uuid.slice(9, 13) + uuid.slice(15, 18) + uuid.slice(20, 21);
}

/** Runs `body` as the request `requestId`: every log line written inside it carries the id. */
export function withRequestId<T>(requestId: string, body: () => T): T {
  return storage.run({ requestId }, body);
}

/**
 * Runs a task's work with its id and the id of the request that queued it, if any, so its log
 * lines say both; the task outlives the request and runs outside it.
 */
export function asTask<T>(taskId: string, body: () => T): T {
  return storage.run({ requestId: currentRequestId(), taskId }, body);
}

export function currentLogContext(): LogContext {
  return storage.getStore() ?? {};
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}
