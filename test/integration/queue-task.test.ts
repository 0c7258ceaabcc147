import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findTask, insertTask } from "@/lib/db/tasks";
import { queueTask } from "@/lib/tasks/queue-task";
import type { TaskRunner } from "@/lib/tasks/types";
import { startTestApp, type TestApp } from "../helpers/test-app";

describe("queueing a task on a runner that cannot take it", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp("pglite");
  });
  afterAll(() => t.close());

  it("fails the task instead of leaving it waiting forever, and answers 503", async () => {
    const { userId } = await t.createUser();
    const now = t.app.now();
    const task = await insertTask(t.app.db, {
      userId,
      type: "export",
      params: {},
      sealedSecrets: t.app.sealedBox.seal({ pinning: { jwt: "x" } }, "unused"),
      phase: "waiting",
      statusUpdatedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    const unreachable: TaskRunner = {
      kind: "inngest",
      enqueue: async () => {
        throw new Error("connect ECONNREFUSED 127.0.0.1:8288");
      },
      idle: async () => {},
      close: async () => {},
    };
    await expect(queueTask(t.app, unreachable, task)).rejects.toMatchObject({ status: 503, headers: { "Retry-After": "30" } });
    expect(await findTask(t.app.db, task.id)).toMatchObject({ phase: "failed", errorMessage: "the task could not be queued; retry it", sealedSecrets: null });
  });
});
