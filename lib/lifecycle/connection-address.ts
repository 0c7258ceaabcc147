import type { IncomingMessage } from "node:http";
import { httpServers } from "./http-servers";

/**
 * Appends the address each connection came from to its requests' X-Forwarded-For, as a proxy
 * does, before Next.js sees them: the route handlers see headers only, and Next.js itself fills
 * the header only when the client sent none, so a client could otherwise name any address.
 * lib/api/client-address.ts reads the chain. Runs at start-up, once the server listens.
 */
export function recordConnectionAddresses(): void {
  for (const server of httpServers()) server.prependListener("request", appendConnectionAddress);
}

function appendConnectionAddress(request: IncomingMessage): void {
  const address = request.socket.remoteAddress;
  if (!address) return;
  const sent = request.headers["x-forwarded-for"];
  request.headers["x-forwarded-for"] = sent ? `${sent}, ${address}` : address;
}
