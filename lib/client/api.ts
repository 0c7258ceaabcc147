/** The dashboard's calls to the JSON API, authenticated by its session cookie. */

import createClient from "openapi-fetch";
import type { paths } from "./api-types";

export class ApiRequestError extends Error {
  override readonly name = "ApiRequestError";

  constructor(
    readonly status: number,
    readonly messages: string[],
  ) {
    super(messages.join("; "));
  }
}

export interface ListPage<T> {
  items: T[];
  /** The `cursor` of the next page, from `Link: <…>; rel="next"`. */
  nextCursor?: string;
  /** How many match, when asked for (`total=true`): exact, or an estimate. */
  total?: ListTotal;
}

export interface ListTotal {
  count: number;
  exact: boolean;
}

/**
 * A list page by its URL, with the cursor of the next one (from the `Link` header) and the total
 * when asked for: how usePagedList reads lists. Every other call goes through the typed `api` below.
 */
export async function getListPage<T>(url: string, signal: AbortSignal): Promise<ListPage<T>> {
  let response: Response;
  try {
    response = await fetch(url, { signal, cache: "no-store" });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ApiRequestError(0, ["the service cannot be reached; check your connection"]);
  }
  signInAgainWhenExpired(response);
  if (!response.ok) throw new ApiRequestError(response.status, await errorMessages(response));
  return {
    items: (await response.json()) as T[],
    nextCursor: nextCursor(response.headers.get("link")),
    total: totalOf(response.headers),
  };
}

function totalOf(headers: Headers): ListTotal | undefined {
  const count = headers.get("x-total-count");
  return count === null ? undefined : { count: Number(count), exact: headers.get("x-total-count-exact") !== "false" };
}

function signInAgainWhenExpired(response: Response) {
  if (response.status !== 401) return;
  // The session expired: a full load of sign-in, so no page keeps showing stale data.
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination
  window.location.assign("/sign-in");
}

/**
 * The API typed by its OpenAPI document (lib/client/api-types.ts): paths, parameters, bodies and
 * answers are checked at compile time. Use it through `dataOf`.
 */
export const api = createClient<paths>({ cache: "no-store" });

api.use({
  onResponse: ({ response }) => signInAgainWhenExpired(response),
  onError: ({ error, request }) => {
    if (request.signal.aborted) return error instanceof Error ? error : new Error(String(error));
    return new ApiRequestError(0, ["the service cannot be reached; check your connection"]);
  },
});

/** The data of a typed call's successful answer; ApiRequestError with the API's messages otherwise. */
export async function dataOf<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw new ApiRequestError(response.status, messagesIn(error, response.status));
  return data as T;
}

function messagesIn(body: unknown, status: number): string[] {
  const errors = (body as { errors?: unknown } | undefined)?.errors;
  if (Array.isArray(errors) && errors.length > 0) return errors.map(String);
  return [`the request failed (HTTP ${status})`];
}

async function errorMessages(response: Response): Promise<string[]> {
  try {
    const body = await response.json();
    if (Array.isArray(body?.errors) && body.errors.length > 0) return body.errors.map(String);
  } catch {
    // Not the API's JSON error shape (a proxy's error page, for example).
  }
  return [`the request failed (HTTP ${response.status})`];
}

function nextCursor(link: string | null): string | undefined {
  const next = link?.match(/<([^>]+)>;\s*rel="next"/)?.[1];
  return next ? (new URL(next, window.location.origin).searchParams.get("cursor") ?? undefined) : undefined;
}

export function messagesOf(error: unknown): string[] {
  if (error instanceof ApiRequestError) return error.messages;
  return [error instanceof Error ? error.message : String(error)];
}
