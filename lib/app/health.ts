import { pingDatabase } from "@/lib/db/ping";
import type { App } from "./app";

interface ComponentHealth {
  kind: string;
  ok: boolean;
  error?: string;
}

export interface Health {
  ok: boolean;
  database: ComponentHealth;
  storage: ComponentHealth;
  runner: ComponentHealth;
}

export async function checkHealth(app: App): Promise<Health> {
  const [database, storage] = await Promise.all([
    probe(app.database.kind, () => pingDatabase(app.db)),
    probe(app.storage.kind, () => app.storage.checkHealth()),
  ]);
  const runner = { kind: app.runner.kind, ok: true };
  return { ok: database.ok && storage.ok, database, storage, runner };
}

async function probe(kind: string, check: () => Promise<void>): Promise<ComponentHealth> {
  try {
    await check();
    return { kind, ok: true };
  } catch (error) {
    console.error(`[health] ${kind} check failed`, error);
    return { kind, ok: false, error: "unreachable" };
  }
}
