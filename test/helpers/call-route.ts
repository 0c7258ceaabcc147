import { checkContract } from "./contract";
import { ORIGIN } from "./test-app";

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

export interface CallOptions {
  method?: string;
  token?: string;
  params?: Record<string, string>;
  json?: unknown;
  body?: BodyInit | ReadableStream<Uint8Array>;
  headers?: Record<string, string>;
  /** The handler is the test's own (not a route of the API), so the document does not describe it. */
  outsideContract?: boolean;
}

/** Calls a route handler the way Next.js does, with a real Request; the answer must keep the API's contract. */
export async function callRoute(handler: unknown, url: string, options: CallOptions = {}): Promise<Response> {
  const headers = new Headers(options.headers);
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  let body = options.body;
  if (options.json !== undefined) {
    body = typeof options.json === "string" ? options.json : JSON.stringify(options.json);
    headers.set("content-type", "application/json");
  }
  const request = new Request(new URL(url, ORIGIN), {
    method: options.method ?? (body === undefined ? "GET" : "POST"),
    headers,
    body,
    duplex: "half",
  } as RequestInit);
  const response = await (handler as Handler)(request, { params: Promise.resolve(options.params ?? {}) });
  if (!options.outsideContract) await checkContract(request.method, request.url, response);
  return response;
}
