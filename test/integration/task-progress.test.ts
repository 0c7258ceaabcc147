import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findTask, insertTask, raiseTaskProgress } from "@/lib/db/tasks";
import { createProgressWriter } from "@/lib/tasks/progress";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { testDatabaseKinds } from "../helpers/test-databases";

describe.each(testDatabaseKinds)("task progress on %s", (kind) => {
  let t: TestApp;
  let taskId: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    const { userId } = await t.createUser();
    const now = t.app.now();
    taskId = (await insertTask(t.app.db, { userId, type: "export", params: {}, phase: "running", statusUpdatedAt: now, createdAt: now, updatedAt: now })).id;
  });
  afterAll(() => t.close());

  it("never goes backwards, so a retried step that starts over does not lower it", async () => {
    await raiseTaskProgress(t.app.db, taskId, 0.6, t.app.now(), {});
    await raiseTaskProgress(t.app.db, taskId, 0.2, t.app.now(), {});
    expect((await findTask(t.app.db, taskId))?.progress).toBeCloseTo(0.6);

    const retried = createProgressWriter(t.app, taskId, 0, 0.9);
    await retried.flush(0.1);
    expect((await findTask(t.app.db, taskId))?.progress).toBeCloseTo(0.6);
    await retried.flush(1);
    expect((await findTask(t.app.db, taskId))?.progress).toBeCloseTo(0.9);
  });
});
