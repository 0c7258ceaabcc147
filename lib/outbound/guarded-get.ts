import http from "node:http";
import https from "node:https";
import { connectGuard, DestinationRefusedError } from "./ssrf-guard";

/** Redirects followed at most; each one's target is checked like the first URL. */
export const MAX_REDIRECTS = 5;

export interface GuardedGet {
  url: URL;
  headers: Record<string, string>;
  /** `host:port`s the address guard lets through (EXPORT_ALLOWED_HOSTS). */
  allowedHosts: string[];
  /** Connecting may take this long. */
  connectTimeoutMs: number;
  /** No byte may arrive for this long, once connected. */
  idleTimeoutMs: number;
  signal?: AbortSignal;
}

export interface GuardedAnswer {
  /** The answer's body is still to be read (or destroyed). */
  response: http.IncomingMessage;
  /** Where the answer came from, after redirects. */
  url: URL;
}

/**
 * GET through the SSRF guard (lib/outbound/ssrf-guard.ts): http(s) only, the address checked when
 * the connection is made (so DNS rebinding cannot bypass it), redirects followed by hand, each
 * target checked again, at most MAX_REDIRECTS. Resolves with any final status; refusals reject
 * with DestinationRefusedError.
 */
export async function guardedGet(request: GuardedGet): Promise<GuardedAnswer> {
  let url = request.url;
  for (let hop = 0; ; hop++) {
    const response = await getOnce({ ...request, url });
    const location = response.headers.location;
    const status = response.statusCode ?? 0;
    if (![301, 302, 303, 307, 308].includes(status) || !location) return { response, url };
    response.destroy();
    if (hop >= MAX_REDIRECTS) throw new DestinationRefusedError(`more than ${MAX_REDIRECTS} redirects`);
    url = redirectTarget(url, location);
  }
}

function redirectTarget(from: URL, location: string): URL {
  let to: URL;
  try {
    to = new URL(location, from);
  } catch {
    throw new DestinationRefusedError("the source redirected to an invalid URL");
  }
  if (to.protocol !== "http:" && to.protocol !== "https:") throw new DestinationRefusedError(`the source redirected to a ${to.protocol} URL; only http(s) is fetched`);
  return to;
}

function getOnce(request: GuardedGet): Promise<http.IncomingMessage> {
  const transport = request.url.protocol === "https:" ? https : http;
  const { lookup } = connectGuard(request.url, request.allowedHosts);
  return new Promise((resolve, reject) => {
    // An agent of its own, so no pooled socket skips the connect-time guard.
    const agent = new transport.Agent({ keepAlive: false, maxSockets: 1 });
    const get = transport.get(request.url, { headers: request.headers, lookup, agent, signal: request.signal });
    const timedOut = (what: string) => Object.assign(new Error(what), { code: "ETIMEDOUT" });
    const connecting = setTimeout(() => get.destroy(timedOut(`could not connect within ${request.connectTimeoutMs / 1000} s`)), request.connectTimeoutMs);
    get.on("socket", (socket) => {
      socket.once(request.url.protocol === "https:" ? "secureConnect" : "connect", () => clearTimeout(connecting));
      socket.setTimeout(request.idleTimeoutMs, () => get.destroy(timedOut(`no data for ${request.idleTimeoutMs / 1000} s`)));
    });
    get.once("response", (response) => {
      clearTimeout(connecting);
      response.once("close", () => agent.destroy());
      resolve(response);
    });
    get.once("error", (error) => {
      clearTimeout(connecting);
      agent.destroy();
      reject(error);
    });
  });
}
