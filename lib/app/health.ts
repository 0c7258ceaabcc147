import { listOtherLiveNodes } from "@/lib/db/nodes";
import { pingDatabase } from "@/lib/db/ping";
import { log } from "@/lib/log/log";
import type { App } from "./app";
import type { Health } from "./schemas";

type ComponentHealth = Health["database"];

export async function checkHealth(app: App): Promise<Health> {
  const [database, storage, redis] = await Promise.all([
    probe(app.database.kind, () => pingDatabase(app.db)),
    probe(app.storage.kind, () => app.storage.checkHealth()),
    app.redis ? probe("redis", async () => void (await app.redis!.ping())) : undefined,
  ]);
  const since = app.now() - app.config.taskLeaseSeconds * 1000;
  const others = database.ok ? await listOtherLiveNodes(app.db, app.node.id, since) : [];
  const warnings: string[] = [];
  if (app.storage.kind === "local" && others.length > 0) {
    warnings.push(
      `local disk storage while ${others.length} other node(s) share this database: files stored on one node are missing on the others; use S3 storage (docs/deploy.md)`,
    );
  }
  return {
    ok: database.ok && storage.ok && (redis?.ok ?? true),
    node: { id: app.node.id, name: app.node.name },
    database,
    storage,
    runner: { kind: app.runner.kind, ok: true },
    ...(redis && { redis }),
    otherNodes: others.map((other) => ({ id: other.id, name: other.name, storage: other.storage })),
    warnings,
  };
}

async function probe(kind: string, check: () => Promise<void>): Promise<ComponentHealth> {
  try {
    await check();
    return { kind, ok: true };
  } catch (error) {
    log.error("health", `${kind} check failed`, error);
    return { kind, ok: false, error: "unreachable" };
  }
}
