import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { retrying } from "../helpers/eventually";

const MB = 1000 * 1000;
const hasEngine = spawnSync("docker", ["info"], { stdio: "ignore" }).status === 0;
if (!hasEngine) console.warn("[docker-image] skipped: no Docker engine on this machine (the docker client alone cannot build or run); the Dockerfile and compose.yaml are exercised where one runs");

/** What compose.yaml requires of its operator (it refuses to start without them). */
const composeEnv = {
  ...process.env,
  INNGEST_EVENT_KEY: randomBytes(16).toString("hex"),
  INNGEST_SIGNING_KEY: randomBytes(32).toString("hex"),
  SECRETS_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
  AUTH_SECRET: randomBytes(32).toString("base64"),
  POSTGRES_PASSWORD: randomBytes(24).toString("hex"),
  MINIO_ROOT_PASSWORD: randomBytes(24).toString("hex"),
  METRICS_TOKEN: randomBytes(24).toString("hex"),
};
const docker = (...args: string[]) => execFileSync("docker", args, { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], env: composeEnv }).trim();

describe.skipIf(!hasEngine)("the production image and compose.yaml", () => {
  const image = `video-asset-service-test:${Date.now()}`;
  const containers: string[] = [];

  afterAll(() => {
    for (const id of containers) spawnSync("docker", ["rm", "-f", id], { stdio: "ignore" });
    spawnSync("docker", ["compose", "down", "-v"], { stdio: "ignore", env: composeEnv });
    spawnSync("docker", ["image", "rm", "-f", image], { stdio: "ignore" });
  });

  it("builds an image under 450 MB (ffmpeg included) that runs as a non-root user and serves", async () => {
    docker("build", "-t", image, ".");
    expect(docker("image", "inspect", "--format", "{{.Config.User}}", image)).toBe("node");
    expect(Number(docker("image", "inspect", "--format", "{{.Size}}", image))).toBeLessThan(450 * MB);
    expect(docker("run", "--rm", "--entrypoint", "sh", image, "-c", "ffmpeg -hide_banner -encoders | grep -c libx264 && ffprobe -version > /dev/null && echo ok").trim().split("\n").at(-1)).toBe("ok");
    const id = docker("run", "-d", "-p", "127.0.0.1::3000", image);
    containers.push(id);
    expect(docker("exec", id, "id", "-u")).not.toBe("0");
    const port = docker("port", id, "3000").split(":").at(-1);
    await retrying(async () => expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200), 60_000);
  }, 900_000);

  it("starts the production set-up with docker compose up", async () => {
    docker("compose", "up", "-d", "--build", "--wait");
    await retrying(async () => {
      const health = await (await fetch("http://127.0.0.1:3000/api/health")).json();
      expect(health).toMatchObject({ ok: true, database: { kind: "postgres" }, storage: { kind: "s3" }, runner: { kind: "inngest" } });
    }, 120_000);
  }, 900_000);
});
