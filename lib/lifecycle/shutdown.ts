import type { Server } from "node:http";
import { setTimeout as delay } from "node:timers/promises";
import type { App } from "@/lib/app/app";
import { log } from "@/lib/log/log";
import { httpServers } from "./http-servers";

/** Requests in flight get this long to finish after SIGTERM; what is still open then is cut. */
export const DRAIN_TIMEOUT_MS = 30_000;
/** Then closing the app may take this long. */
const GIVE_UP_AFTER_DRAIN_MS = 10_000;

/**
 * Graceful shutdown of a node started by `next start` (or the standalone server), on SIGTERM or
 * SIGINT: it stops accepting connections, hands its running tasks back at once (another node
 * takes them now, not when their leases run out), lets requests in flight finish for up to
 * DRAIN_TIMEOUT_MS, then closes the app (database last) and exits.
 *
 * Next.js installs its own handler, which closes the server and exits as soon as no request is
 * left, before the app could give its tasks back or close its database; this one replaces it.
 */
export function installGracefulShutdown(getApp: () => Promise<App>, flush: () => Promise<void> | undefined): void {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.removeAllListeners(signal);
    process.once(signal, () => void shutdown(signal, getApp, flush));
  }
}

async function shutdown(signal: NodeJS.Signals, getApp: () => Promise<App>, flush: () => Promise<void> | undefined) {
  log.info("shutdown", `${signal}: no new connections; finishing the requests in flight`);
  // Whatever hangs (a task that will not stop, a database that does not answer), the node goes.
  setTimeout(() => {
    log.error("shutdown", "stopping took too long; exiting");
    process.exit(1);
  }, DRAIN_TIMEOUT_MS + GIVE_UP_AFTER_DRAIN_MS).unref();
  const servers = httpServers();
  const drained = Promise.all(servers.map(closeWhenIdle));
  const app = await getApp().catch(() => undefined);
  try {
    await app?.handOffTasks();
    const finished = await Promise.race([drained.then(() => true), delay(DRAIN_TIMEOUT_MS, false)]);
    if (!finished) {
      log.warn("shutdown", `requests still in flight after ${DRAIN_TIMEOUT_MS / 1000} s are cut off`);
      for (const server of servers) server.closeAllConnections();
    }
    await app?.close();
    await flush();
    log.info("shutdown", "stopped");
  } catch (error) {
    log.error("shutdown", "stopping cleanly failed", error);
  } finally {
    process.exit(0);
  }
}

/** Stops accepting, and resolves once every connection has closed; idle keep-alive connections are closed as they turn idle. */
function closeWhenIdle(server: Server): Promise<void> {
  return new Promise((resolve) => {
    const sweeper = setInterval(() => server.closeIdleConnections(), 100);
    server.close(() => {
      clearInterval(sweeper);
      resolve();
    });
    server.closeIdleConnections();
  });
}
