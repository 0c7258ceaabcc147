/** The dashboard's calls to the JSON API, authenticated by its session cookie. */

export class ApiRequestError extends Error {
  override readonly name = "ApiRequestError";

  constructor(
    readonly status: number,
    readonly messages: string[],
  ) {
    super(messages.join("; "));
  }
}

export interface ApiResult<T> {
  data: T;
  /** The `cursor` of the next page, from `Link: <…>; rel="next"`. */
  nextCursor?: string;
}

export async function apiRequest<T>(
  path: string,
  options: { method?: string; json?: unknown; signal?: AbortSignal } = {},
): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? (options.json === undefined ? "GET" : "POST"),
      headers: options.json === undefined ? undefined : { "Content-Type": "application/json" },
      body: options.json === undefined ? undefined : JSON.stringify(options.json),
      signal: options.signal,
      cache: "no-store",
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiRequestError(0, ["the service cannot be reached; check your connection"]);
  }
  if (response.status === 401) {
    // The session expired: a full load of sign-in, so no page keeps showing stale data.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign("/sign-in");
  }
  if (!response.ok) throw new ApiRequestError(response.status, await errorMessages(response));
  const data = response.status === 204 ? undefined : await response.json();
  return { data: data as T, nextCursor: nextCursor(response.headers.get("link")) };
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
