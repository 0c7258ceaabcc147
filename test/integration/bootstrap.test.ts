import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { createApp } from "@/lib/app/app";
import { verifyApiToken } from "@/lib/auth/api-tokens";
import { verifyPassword } from "@/lib/auth/passwords";
import { ConfigError, loadConfig } from "@/lib/config/config";
import { openDatabase } from "@/lib/db/client";
import { DataDirLockedError } from "@/lib/db/data-dir-lock";
import { findUserByEmail } from "@/lib/db/users";

const run = promisify(execFile);
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vas-boot-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe("start-up", () => {
  it("INIT_USER_* and INIT_API_TOKEN create the user and token once, on the embedded database", async () => {
    const dataDir = tempDir();
    const token = "vas_" + "a".repeat(43);
    const env = { DATA_DIR: dataDir, INIT_USER_EMAIL: "ops@example.com", INIT_USER_PASSWORD: "s3cret-pass", INIT_API_TOKEN: token };
    for (let start = 0; start < 2; start++) {
      const app = await createApp(loadConfig(env));
      const user = await findUserByEmail(app.db, "ops@example.com");
      expect(user).toBeDefined();
      expect(await verifyPassword(user!.passwordHash!, "s3cret-pass")).toBe(true);
      expect((await verifyApiToken(app, token, Date.now()))?.userId).toBe(user!.id);
      await app.close();
    }
    expect(fs.statSync(path.join(dataDir, "secrets.json")).mode & 0o777).toBe(0o600);
  });

  it("refuses a second opener of the same embedded database with a clear message", async () => {
    const dataDir = tempDir();
    const first = await openDatabase({ dataDir });
    await expect(openDatabase({ dataDir })).rejects.toThrow(DataDirLockedError);
    await expect(openDatabase({ dataDir })).rejects.toThrow(/in use by process \d+/);
    await first.close();
    const again = await openDatabase({ dataDir });
    await again.close();
  });

  it("creates a new embedded database beside its directory, clearing what a killed first start left", async () => {
    const dataDir = tempDir();
    const leftover = path.join(dataDir, "pglite.new-1");
    fs.mkdirSync(leftover);
    fs.writeFileSync(path.join(leftover, "PG_VERSION"), "18");
    const database = await openDatabase({ dataDir });
    await database.close();
    expect(fs.readdirSync(dataDir)).toEqual(["pglite"]);
    expect(fs.existsSync(path.join(dataDir, "pglite", "PG_VERSION"))).toBe(true);
  });

  it("refuses a database locked by another live process and takes over a dead one's lock", async () => {
    const dataDir = tempDir();
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
    fs.writeFileSync(path.join(dataDir, "db.lock"), String(other.pid));
    await expect(openDatabase({ dataDir })).rejects.toThrow(new RegExp(`in use by process ${other.pid}`));
    other.kill();
    await new Promise((resolve) => other.once("exit", resolve));
    const database = await openDatabase({ dataDir });
    await database.close();
  });

  it("rejects invalid configuration with the variable's name", () => {
    expect(() => loadConfig({ MAX_UPLOAD_BYTES: "lots" })).toThrow(ConfigError);
    expect(() => loadConfig({ MAX_UPLOAD_BYTES: "lots" })).toThrow(/MAX_UPLOAD_BYTES/);
    expect(() => loadConfig({ UPLOAD_URL_TTL: String(8 * 24 * 3600) })).toThrow(/UPLOAD_URL_TTL/);
    expect(() => loadConfig({ INIT_API_TOKEN: "x".repeat(40) })).toThrow(/INIT_USER_EMAIL/);
  });
});

describe("token CLI", () => {
  it("prints a working token for a new user", async () => {
    const dataDir = tempDir();
    const { stdout } = await run("npx", ["tsx", "scripts/create-token.ts", "--email", "cli@example.com"], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    });
    const token = stdout.trim();
    expect(token).toMatch(/^vas_[A-Za-z0-9_-]{43}$/);
    const app = await createApp(loadConfig({ DATA_DIR: dataDir }));
    const row = await verifyApiToken(app, token, Date.now());
    const user = await findUserByEmail(app.db, "cli@example.com");
    expect(row?.userId).toBe(user?.id);
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(token);
    await app.close();
  });
});
