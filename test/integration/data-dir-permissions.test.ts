import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createApp, setApp, type App } from "@/lib/app/app";
import { registerApiToken } from "@/lib/auth/api-tokens";
import { loadConfig } from "@/lib/config/config";
import { insertUser } from "@/lib/db/users";
import { fixture, putUpload, requestUpload } from "../helpers/api";
import { ORIGIN } from "../helpers/test-app";

/** Every directory and file under `dir`, with its permission bits. */
function modes(dir: string): Array<{ entry: string; mode: string }> {
  const found: Array<{ entry: string; mode: string }> = [];
  const walk = (entry: string) => {
    const stats = fs.lstatSync(entry);
    if (stats.isDirectory() || stats.isFile()) found.push({ entry: path.relative(dir, entry) || ".", mode: (stats.mode & 0o777).toString(8) });
    if (stats.isDirectory()) for (const name of fs.readdirSync(entry)) walk(path.join(entry, name));
  };
  walk(dir);
  return found;
}

/**
 * The embedded database's files (password hashes in its WAL), stored videos and secrets are for
 * the service's account alone: another local user must not read them.
 */
describe("DATA_DIR on embedded defaults", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vas-perms-"));
  let app: App | undefined;
  afterAll(async () => {
    setApp(undefined);
    await app?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("is 700, and from each start every directory under it 700 and every file 600, those an earlier version left open included", async () => {
    // What an earlier version left: world-readable directories and files.
    fs.chmodSync(dataDir, 0o755);
    fs.mkdirSync(path.join(dataDir, "objects", "assets", "old"), { recursive: true, mode: 0o755 });
    fs.writeFileSync(path.join(dataDir, "objects", "assets", "old", "source"), "an old video");
    fs.chmodSync(path.join(dataDir, "objects", "assets", "old", "source"), 0o644);

    app = await createApp(loadConfig({ DATA_DIR: dataDir, APP_URL: ORIGIN, TRANSCODE_PRESET: "ultrafast" }));
    setApp(app);
    const user = await insertUser(app.db, { email: "perms@example.com", createdAt: app.now() });
    const { token } = await registerApiToken(app.db, { userId: user.id, name: "test", now: app.now() });
    const { url } = await requestUpload(token, "Private on disk");
    expect((await putUpload(url, fixture("h264-aac.mp4"))).status).toBe(200);
    // Also the background ladder's (its files are checked with the rest): 10 s alone, more beside other files.
    await app.runner.idle();
    // Closed to everyone else from the first start on.
    expect((fs.statSync(dataDir).mode & 0o777).toString(8)).toBe("700");
    // And each start leaves every file 600 (PGlite makes new ones 666, inside the closed directory).
    await app.close();
    app = await createApp(loadConfig({ DATA_DIR: dataDir, APP_URL: ORIGIN, TRANSCODE_PRESET: "ultrafast" }));

    const found = modes(dataDir);
    expect(found.some((f) => f.entry.startsWith("pglite"))).toBe(true);
    expect(found.filter((f) => f.entry.startsWith("objects")).length).toBeGreaterThan(3);
    expect(found.filter((f) => f.mode !== (fs.statSync(path.join(dataDir, f.entry)).isDirectory() ? "700" : "600"))).toEqual([]);
  }, 120_000);
});
