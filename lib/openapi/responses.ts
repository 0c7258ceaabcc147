import { z } from "zod";
import type { ZodOpenApiResponseObject, ZodOpenApiResponsesObject } from "zod-openapi";
import { errorsSchema } from "@/lib/api/schemas";

/** What each error status means across the API (DESIGN.md section 4). */
const ERROR_MEANINGS = {
  400: "Malformed JSON, or an invalid query parameter (named in the message).",
  401: "Missing, unknown or revoked API token (or no session).",
  403: "Refused: a signed URL or token that is invalid, expired or for another asset; or a cross-site request with the session cookie.",
  404: "Not found; also for another user's asset, task, webhook or key, whose existence is never revealed.",
  409: "The resource's state does not allow this now.",
  413: "The body is larger than the limit.",
  416: "The requested range is outside the file.",
  422: "A well-formed body that is not valid: each message names the field and says why.",
  429: "Too many requests, or too many active tasks: retry after `Retry-After` seconds.",
  500: "An unexpected error; the message carries the request id, the details are only in the logs.",
  503: "A dependency is unavailable (the database, the object storage, the task queue), as the message says: retry after `Retry-After` seconds.",
  507: "The server is out of storage space; nothing of the request was kept.",
} as const;

export type ErrorStatus = keyof typeof ERROR_MEANINGS;

/** Errors any operation can answer: a dependency down or a full disk can meet any of them. */
export const ALWAYS: ErrorStatus[] = [500, 503, 507];
/** Errors of an operation for an authenticated caller. */
export const AUTHENTICATED: ErrorStatus[] = [401, 403, 429, 500];
/** Errors of reading and validating a JSON body. */
export const JSON_BODY: ErrorStatus[] = [400, 413, 422];

const retryAfter = z.object({
  "Retry-After": z.string().meta({ description: "Seconds to wait before trying again." }),
});

/** Sent on every answer to an authenticated caller (IETF draft), listed here on the 429. */
const rateLimitHeaders = {
  "RateLimit-Limit": z.string().meta({ description: "Requests allowed per minute (`RATE_LIMIT_PER_MINUTE`)." }),
  "RateLimit-Remaining": z.string().meta({ description: "Requests left now." }),
  "RateLimit-Reset": z.string().meta({ description: "Seconds until the whole allowance is back." }),
};

function errorResponse(status: ErrorStatus, description: string, id?: string): ZodOpenApiResponseObject {
  return {
    ...(id && { id }),
    description,
    ...((status === 429 || status === 503) && { headers: status === 429 ? retryAfter.extend(rateLimitHeaders) : retryAfter }),
    content: { "application/json": { schema: errorsSchema } },
  };
}

/** The API-wide meaning of each status, as one shared component (zod-openapi registers it by identity). */
const SHARED = Object.fromEntries(
  Object.entries(ERROR_MEANINGS).map(([status, meaning]) => [status, errorResponse(Number(status) as ErrorStatus, meaning, `Error${status}`)]),
) as Record<ErrorStatus, ZodOpenApiResponseObject>;

/** The `{"errors": [...]}` answers of the given statuses and ALWAYS's, with what each means here when said. */
export function errorResponses(statuses: ErrorStatus[], meanings: Partial<Record<ErrorStatus, string>> = {}): ZodOpenApiResponsesObject {
  return Object.fromEntries(
    [...new Set([...statuses, ...ALWAYS])].sort().map((status) => {
      const meaning = meanings[status];
      return [String(status), meaning === undefined ? SHARED[status] : errorResponse(status, meaning)];
    }),
  );
}

export function jsonResponse(description: string, schema: z.ZodType, headers?: z.ZodObject): ZodOpenApiResponseObject {
  return { description, ...(headers && { headers }), content: { "application/json": { schema } } };
}

const pageHeaders = z.object({
  Link: z
    .string()
    .optional()
    .meta({ description: 'The next page, when there is one: `<…?cursor=…>; rel="next"`.', example: '<https://video.example.com/api/asset?cursor=…>; rel="next"' }),
});

/** A page of a list; the next page is in `Link`, with any other `headers`. */
export function pageResponse(description: string, item: z.ZodType, headers?: z.ZodObject): ZodOpenApiResponseObject {
  return jsonResponse(description, z.array(item), headers ? pageHeaders.extend(headers.shape) : pageHeaders);
}

export const noContent = (description: string): ZodOpenApiResponseObject => ({ description });

/** Operations that act for a caller authenticated by an API token (or the dashboard's session cookie). */
export const BEARER = [{ bearerAuth: [] }];
/** Operations open to anyone (a signature in the URL, or the playbackId, is the capability). */
export const PUBLIC: Array<Record<string, string[]>> = [];

export const uuidPath = (name: string, description: string) =>
  z.object({ [name]: z.uuid().meta({ description, example: "0f8e4c1a-6b2d-4e3f-9a8b-7c6d5e4f3a2b" }) });
