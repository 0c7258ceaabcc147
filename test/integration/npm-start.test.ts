import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../helpers/server-process";

/**
 * `npm start` runs the standalone server, which moves into .next/standalone: what a person's
 * relative settings and the pages' static files mean must not move with it.
 */
describe("npm start", () => {
  const dataDir = `.test-npm-start-${randomBytes(4).toString("hex")}`;
  let url: string;
  let child: ReturnType<typeof spawn>;
  let output = "";

  beforeAll(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    child = spawn("npm", ["start", "--silent", "--", "-p", String(port), "-H", "127.0.0.1"], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    child.stdout!.on("data", (chunk) => (output += chunk));
    child.stderr!.on("data", (chunk) => (output += chunk));
    for (let attempt = 0; !(await fetch(`${url}/api/health`).then((r) => r.ok, () => false)); attempt++) {
      if (child.exitCode !== null || attempt > 600) throw new Error(`npm start did not serve:\n${output.slice(-3000)}`);
      await delay(100);
    }
  });

  afterAll(async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      process.kill(-child.pid!, "SIGTERM");
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps a relative DATA_DIR in the project, not in the build output", () => {
    expect(fs.existsSync(path.join(dataDir, "pglite"))).toBe(true);
    expect(fs.existsSync(path.join(".next", "standalone", dataDir))).toBe(false);
  });

  it("serves the pages with their scripts and styles", async () => {
    const page = await fetch(`${url}/sign-in`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const assets = [...html.matchAll(/(?:src|href)="(\/_next\/static\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of new Set(assets)) expect((await fetch(url + asset)).status, asset).toBe(200);
  });
});
