import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { askRunningServer } from "@/lib/admin/admin-client";

const command = { command: "user:reset-password", email: "someone@example.com", password: "a new password" } as const;

describe("the scripts' side of the server's command socket", () => {
  let dataDir: string;
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("is no server when DATA_DIR has no socket directory", async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vas-admin-unit-"));
    expect(await askRunningServer(dataDir, command)).toBeUndefined();
  });

  it("sends no password through a directory other users could have put a socket in", async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vas-admin-unit-"));
    fs.mkdirSync(path.join(dataDir, "admin"));
    fs.chmodSync(path.join(dataDir, "admin"), 0o777);
    await expect(askRunningServer(dataDir, command)).rejects.toThrow(/is open to other users \(it must have mode 700\)/);
  });
});
