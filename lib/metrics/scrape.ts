import { timingSafeEqual } from "node:crypto";
import { unauthorized } from "@/lib/api/errors";
import type { Db } from "@/lib/db/client";
import { countUnfinishedTasks } from "@/lib/db/task-counts";
import { log } from "@/lib/log/log";
import { metrics } from "./metrics";

/** With METRICS_TOKEN set, a scrape must send it as a bearer token (Prometheus's `authorization` setting). */
export function checkMetricsToken(request: Request, token: string | undefined): void {
  if (!token) return;
  const sent = request.headers.get("authorization")?.match(/^Bearer\s+(\S+)\s*$/i)?.[1] ?? "";
  const [a, b] = [Buffer.from(sent), Buffer.from(token)];
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw unauthorized("the metrics need METRICS_TOKEN: send Authorization: Bearer <METRICS_TOKEN>");
}

/** The Prometheus text of every metric, the queue's depth read from the database now. */
export async function scrapeMetrics(app: { db: Db }): Promise<{ text: string; contentType: string }> {
  const { registry, queueDepth } = metrics();
  try {
    const counts = await countUnfinishedTasks(app.db);
    queueDepth.reset();
    for (const { type, phase, count } of counts) queueDepth.set({ type, phase }, count);
  } catch (error) {
    // The rest still says what this process sees; the database's own state is in /api/health.
    log.warn("metrics", "could not count the unfinished tasks", error);
  }
  return { text: await registry.metrics(), contentType: registry.contentType };
}
