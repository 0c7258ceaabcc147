/** Signed storage URLs carry their own authorization, so any origin may use them. */
export const OPEN_CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, HEAD, PUT, OPTIONS",
  "Access-Control-Allow-Headers": "Content-Type, Content-Length, Range",
  "Access-Control-Expose-Headers": "Content-Length, Content-Range, Accept-Ranges, ETag",
  "Access-Control-Max-Age": "86400",
};

function withOpenCors(response: Response): Response {
  for (const [name, value] of Object.entries(OPEN_CORS_HEADERS)) response.headers.set(name, value);
  return response;
}

/** Adds the open CORS headers to every response of a handler, errors included. */
export function openCors<A extends unknown[]>(handler: (...args: A) => Promise<Response>) {
  return async (...args: A) => withOpenCors(await handler(...args));
}

export const preflight = async () => new Response(null, { status: 204, headers: OPEN_CORS_HEADERS });
