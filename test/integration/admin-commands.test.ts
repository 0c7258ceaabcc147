import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { api, startServer, type ServerProcess } from "../helpers/server-process";

const run = promisify(execFile);

/** What the script itself said last (npx may print warnings of its own first). */
const lastLine = (output: string) => output.trim().split("\n").at(-1);
const PASSWORD = "a first password";

/** `npm run <script> -- …` as someone at the server's console runs it, on the server's DATA_DIR. */
function script(file: "create-token" | "reset-password", dataDir: string, ...args: string[]) {
  return run("npx", ["tsx", `scripts/${file}.ts`, ...args], { env: { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir } });
}

/** Signs in through the server's Auth.js endpoints as the browser's form would; the session cookie, if any. */
async function signIn(server: ServerProcess, email: string, password: string): Promise<string | undefined> {
  const csrf = await fetch(`${server.url}/api/auth/csrf`);
  const { csrfToken } = await csrf.json();
  const cookie = csrf.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
  const response = await fetch(`${server.url}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams({ csrfToken, email, password, callbackUrl: `${server.url}/assets` }),
  });
  return response.headers.getSetCookie().find((line) => line.startsWith("authjs.session-token="));
}

describe("command-line scripts on the embedded database", () => {
  let dataDir: string;
  let server: ServerProcess | undefined;

  afterEach(async () => {
    await server?.kill();
    server = undefined;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("while the server runs, ask it: token:create makes a working token, user:reset-password a new password", async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vas-admin-"));
    server = await startServer({ DATA_DIR: dataDir });

    const created = await script("create-token", dataDir, "--email", "Console@Example.com", "--password", PASSWORD);
    expect(created.stderr).toMatch(/Created user console@example\.com; it can sign in to the dashboard with that password \(done by the running server\)/);
    const token = created.stdout.trim();
    expect(token).toMatch(/^vas_[A-Za-z0-9_-]{43}$/);
    expect((await api(server, "/api/asset", { token })).status).toBe(200);
    // The socket's directory is closed to other users of the machine.
    expect(fs.statSync(path.join(dataDir, "admin")).mode & 0o777).toBe(0o700);

    const session = await signIn(server, "console@example.com", PASSWORD);
    expect(session).toBeDefined();
    const reset = await script("reset-password", dataDir, "--email", "console@example.com");
    expect(reset.stderr).toMatch(/The password of console@example\.com was reset and all its sessions ended \(done by the running server\)\. New password \(shown once\)/);
    const generated = reset.stdout.trim();
    expect(generated).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(await signIn(server, "console@example.com", PASSWORD)).toBeUndefined();
    expect(await signIn(server, "console@example.com", generated)).toBeDefined();
    const cookie = session!.split(";")[0];
    expect((await fetch(`${server.url}/api/asset`, { headers: { cookie } })).status).toBe(401);

    const unknown = await script("reset-password", dataDir, "--email", "nobody@example.com").catch((error) => error);
    expect(unknown.code).toBe(1);
    expect(lastLine(unknown.stderr)).toBe("No user has the email nobody@example.com.");
  }, 180_000);

  it("without a server, open the database themselves; the server started afterwards honours what they did", async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vas-admin-"));
    const created = await script("create-token", dataDir, "--email", "offline@example.com", "--password", PASSWORD);
    expect(created.stderr).toMatch(/Created user offline@example\.com.*\(written to the database\)/);
    const reset = await script("reset-password", dataDir, "--email", "offline@example.com", "--password", "chosen at the console");
    expect(lastLine(reset.stderr)).toBe("The password of offline@example.com was reset and all its sessions ended (written to the database).");
    expect(reset.stdout).toBe("");

    server = await startServer({ DATA_DIR: dataDir });
    expect((await api(server, "/api/asset", { token: created.stdout.trim() })).status).toBe(200);
    expect(await signIn(server, "offline@example.com", "chosen at the console")).toBeDefined();
  }, 180_000);
});
