import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TaskPhase, TaskType } from "@/lib/db/schema";
import { findTask, insertTask } from "@/lib/db/tasks";
import { eventually } from "../helpers/eventually";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { testDatabaseKinds } from "../helpers/test-databases";

const DAY_MS = 24 * 3600_000;

describe.each(testDatabaseKinds)("task retention on %s", (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    // A lease of 3 s: the maintenance loop ticks every second.
    t = await startTestApp(kind, { TASK_RETENTION_DAYS: "2", TASK_LEASE_SECONDS: "3" });
  });
  afterAll(() => t.close());

  it("deletes webhook deliveries and unpins that finished more than TASK_RETENTION_DAYS ago; keeps uploads, exports and the rest", async () => {
    const { userId } = await t.createUser();
    const now = t.app.now();
    const add = (type: TaskType, phase: TaskPhase, endedDaysAgo: number) => {
      const at = now - endedDaysAgo * DAY_MS;
      // Unfinished ones are dormant far ahead, so no runner picks them up during the test.
      const runAfter = ["completed", "failed", "cancelled"].includes(phase) ? null : now + DAY_MS;
      return insertTask(t.app.db, { userId, type, phase, runAfter, params: {}, statusUpdatedAt: at, createdAt: at - 1000, updatedAt: at });
    };
    const expired = [
      await add("webhook", "completed", 3),
      await add("webhook", "failed", 5),
      await add("webhook", "cancelled", 30),
      await add("unpin", "completed", 3),
      await add("unpin", "failed", 30),
    ];
    const kept = [
      await add("webhook", "completed", 1),
      await add("unpin", "completed", 1),
      await add("webhook", "waiting", 3),
      await add("upload", "completed", 30),
      await add("export", "failed", 30),
      await add("export", "waiting", 30),
    ];

    await eventually(async () => ((await Promise.all(expired.map((task) => findTask(t.app.db, task.id)))).every((found) => !found) ? true : undefined));
    for (const task of kept) expect(await findTask(t.app.db, task.id), `${task.type} ${task.phase}`).toMatchObject({ id: task.id });
  });
});
