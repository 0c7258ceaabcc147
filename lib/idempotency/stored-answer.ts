import { z } from "zod";
import type { SealedBox } from "@/lib/secrets/sealed-box";

/** The headers of an answer that belong to it, as opposed to the request (X-Request-Id). */
const KEPT_HEADERS = ["content-type", "location", "cache-control", "link", "retry-after"];

const storedAnswerSchema = z.object({
  status: z.number().int(),
  headers: z.record(z.string(), z.string()),
  body: z.string(),
});

type StoredAnswer = z.infer<typeof storedAnswerSchema>;

/** The sealed answer is bound to its user and key: it opens under no other row. */
const sealContext = (userId: string, key: string) => `idempotency-key:${userId}:${key}`;

/** The answer, read whole (these are small JSON answers), to keep and to send. */
export async function readAnswer(response: Response): Promise<StoredAnswer> {
  const headers = Object.fromEntries(KEPT_HEADERS.flatMap((name) => {
    const value = response.headers.get(name);
    return value === null ? [] : [[name, value]];
  }));
  return { status: response.status, headers, body: await response.text() };
}

/** Encrypted: an answer may hold a new API token or a webhook's secret. */
export function sealAnswer(box: SealedBox, userId: string, key: string, answer: StoredAnswer): string {
  return box.seal(answer, sealContext(userId, key));
}

export function openAnswer(box: SealedBox, userId: string, key: string, sealed: string): StoredAnswer {
  return storedAnswerSchema.parse(box.open(sealed, sealContext(userId, key)));
}

/** The answer as a response, with `headers` (a 204's empty body is no body at all). */
export function answerResponse(answer: StoredAnswer, headers: HeadersInit): Response {
  return new Response(answer.body || null, { status: answer.status, headers });
}
