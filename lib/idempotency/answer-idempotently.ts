import { randomUUID } from "node:crypto";
import { setTimeout as delay } from "node:timers/promises";
import { ApiError, errorResponse } from "@/lib/api/errors";
import type { Db } from "@/lib/db/client";
import {
  claimIdempotencyKey,
  findIdempotencyKey,
  releaseIdempotencyKey,
  storeIdempotentAnswer,
} from "@/lib/db/idempotency-keys";
import { log } from "@/lib/log/log";
import type { SealedBox } from "@/lib/secrets/sealed-box";
import { IDEMPOTENCY_KEY_HEADER } from "./idempotency-key";
import { answerResponse, openAnswer, readAnswer, sealAnswer } from "./stored-answer";

/** A key answers the same again for this long after its first use; then it is forgotten. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3600_000;
/**
 * A request holds its key this long at most: a claim still unanswered after that was held by a
 * process that died (these requests take milliseconds), and a retry with the same key takes it over.
 */
const CLAIM_LEASE_MS = 60_000;
/** How long a duplicate waits for the first request's answer before it is told to retry (409). */
const WAIT_FOR_ANSWER_MS = 10_000;
const POLL_MS = 100;
const RETRY_AFTER_SECONDS = 1;

export interface IdempotencyDeps {
  db: Db;
  sealedBox: SealedBox;
  now(): number;
}

export interface IdempotentRequest {
  userId: string;
  key: string;
  /** requestFingerprint(): the method, path and body the key comes with. */
  fingerprint: string;
}

/**
 * Runs `handle` once per user and key: a request whose key was already answered gets that answer
 * again (with `Idempotent-Replayed: true`), one whose key is in use by another request waits for
 * that answer (409 after a while), and a key sent with another request is refused (422).
 * Answers under 500 are kept, as Stripe keeps them; a 5xx or a 429 (try later) frees the key so
 * that a retry runs.
 */
export async function answerIdempotently(deps: IdempotencyDeps, request: IdempotentRequest, handle: () => Promise<Response>): Promise<Response> {
  const claim = { ...request, owner: randomUUID() };
  const waitUntil = Date.now() + WAIT_FOR_ANSWER_MS;
  for (;;) {
    const now = deps.now();
    const claimed = await claimIdempotencyKey(deps.db, {
      ...claim,
      now,
      lockedUntil: now + CLAIM_LEASE_MS,
      expiredBefore: now - IDEMPOTENCY_KEY_TTL_MS,
    });
    if (claimed) return answerOnce(deps, claim, handle);
    const row = await findIdempotencyKey(deps.db, request.userId, request.key);
    // Released by a failed first request in the meantime: claim it again.
    if (!row) continue;
    if (row.fingerprint !== request.fingerprint) {
      throw new ApiError(422, [`${IDEMPOTENCY_KEY_HEADER}: this key was already used with another request (endpoint or body); send a new key for a new request`]);
    }
    if (row.sealedAnswer !== null) {
      const answer = openAnswer(deps.sealedBox, request.userId, request.key, row.sealedAnswer);
      return answerResponse(answer, { ...answer.headers, "Idempotent-Replayed": "true" });
    }
    if (Date.now() >= waitUntil) {
      const message = `${IDEMPOTENCY_KEY_HEADER}: a request with this key is still in progress; retry later`;
      throw new ApiError(409, [message], { "Retry-After": String(RETRY_AFTER_SECONDS) });
    }
    await delay(POLL_MS);
  }
}

async function answerOnce(deps: IdempotencyDeps, claim: IdempotentRequest & { owner: string }, handle: () => Promise<Response>): Promise<Response> {
  const response = await handle().catch(errorResponse);
  if (response.status >= 500 || response.status === 429) {
    await releaseIdempotencyKey(deps.db, claim).catch((error) => log.warn("idempotency", "could not release a key after a failure", error));
    return response;
  }
  const answer = await readAnswer(response);
  try {
    const sealedAnswer = sealAnswer(deps.sealedBox, claim.userId, claim.key, answer);
    const stored = await storeIdempotentAnswer(deps.db, claim, { statusCode: answer.status, sealedAnswer });
    if (!stored) log.warn("idempotency", "a request outlived its key's lease, which another request took over");
  } catch (error) {
    // The work is done: its answer is worth more to the client than the key's record of it.
    log.warn("idempotency", "could not keep an answer for its key", error);
  }
  return answerResponse(answer, response.headers);
}
