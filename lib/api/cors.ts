type CorsHeaders = Record<string, string>;

function corsHeaders(methods: string, headers = "Content-Type, Content-Length, Range"): CorsHeaders {
  return {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Allow-Methods": methods,
    "Access-Control-Allow-Headers": headers,
    "Access-Control-Expose-Headers": "Content-Length, Content-Range, Accept-Ranges, ETag",
    "Access-Control-Max-Age": "86400",
  };
}

/** Signed storage URLs carry their own authorization, so any origin may use them. */
export const OPEN_CORS_HEADERS = corsHeaders("GET, HEAD, PUT, OPTIONS");

/** Playback is public to whoever holds the playbackId (or a viewer token, sent as `Livepeer-Jwt`), so players on any origin may read it. */
export const READ_ONLY_CORS_HEADERS = corsHeaders("GET, HEAD, OPTIONS", "Content-Type, Content-Length, Range, Livepeer-Jwt");

function withCors(response: Response, headers: CorsHeaders): Response {
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

/** Adds open CORS headers to every response of a handler, errors included. */
export function openCors<A extends unknown[]>(handler: (...args: A) => Promise<Response>, headers = OPEN_CORS_HEADERS) {
  return async (...args: A) => withCors(await handler(...args), headers);
}

export const preflight = async () => new Response(null, { status: 204, headers: OPEN_CORS_HEADERS });

export const readOnlyPreflight = async () => new Response(null, { status: 204, headers: READ_ONLY_CORS_HEADERS });
