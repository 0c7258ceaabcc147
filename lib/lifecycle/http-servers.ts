import type { Server } from "node:http";

/** The process's listening HTTP servers: Next.js gives no handle on its own, so it is found among the open handles. */
export function httpServers(): Server[] {
  const handles = (process as unknown as { _getActiveHandles(): unknown[] })._getActiveHandles();
  return handles.filter((handle): handle is Server => isListeningHttpServer(handle));
}

function isListeningHttpServer(handle: unknown): boolean {
  const server = handle as Partial<Server> | null;
  return typeof server?.closeIdleConnections === "function" && typeof server.close === "function" && server.listening === true;
}
