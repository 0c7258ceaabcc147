import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { badId, encodePathText, malformedBody, malformedQuery, randomText, seededRandom, type Random } from "../helpers/fuzz-values";
import { SERVER_TOKEN, startServer, type ServerProcess } from "../helpers/server-process";
import { createThrowawayDatabase, testDatabaseKinds, type ThrowawayDatabase } from "../helpers/test-databases";

const JSON_LIMIT = 16 * 1024;
const REQUESTS = 320;
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
/** Endpoint-specific query parameters, beyond the `limit` and `cursor` every list has. */
const OWN_QUERY: Record<string, Array<[string, string]>> = {
  "/api/asset": [["search", "a%00b"]],
  "/api/task": [["phase", "sleeping"], ["assetId", "12"], ["type", "%00"]],
};

/** GET endpoints that read no query, so a malformed one is not wrong. */
const UNQUERIED = ["/api/health", "/api/health/live", "/api/metrics", "/api/openapi.json"];

/** Every route file under app/api and pages/api, as a path template like /api/asset/[id]/export. */
function discoverRoutes(): string[] {
  const templates: string[] = [];
  for (const [root, isRoute] of [
    ["app/api", (name: string) => name === "route.ts"],
    ["pages/api", (name: string) => name.endsWith(".ts")],
  ] as const) {
    for (const file of fs.readdirSync(root, { recursive: true }) as string[]) {
      if (!isRoute(path.basename(file))) continue;
      const dir = path.basename(file) === "route.ts" ? path.dirname(file) : file.replace(/\.ts$/, "");
      templates.push(`/api/${dir}`.replace(/\/\.$/, "").replace(/\\/g, "/"));
    }
  }
  return templates;
}

const fill = (template: string, value: () => string) => template.replace(/\[(\.\.\.)?[^\]]+\]/g, value);

interface Case {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: BodyInit;
  why: string;
}

describe.each(testDatabaseKinds)("fuzzing every endpoint on %s", (kind) => {
  let server: ServerProcess;
  let database: ThrowawayDatabase | undefined;
  let dataDir: string;
  const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vas-fuzz-"));
    if (kind === "postgres") database = await createThrowawayDatabase();
    server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: database?.url ?? "", MAX_JSON_BODY_BYTES: String(JSON_LIMIT) });
  });
  afterAll(async () => {
    await server.kill("SIGKILL");
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Which methods each route allows, as its OPTIONS answer says. */
  async function allowedMethods(template: string): Promise<string[]> {
    const response = await fetch(`${server.url}${fill(template, () => crypto.randomUUID())}`, { method: "OPTIONS" });
    return (response.headers.get("allow") ?? "").split(",").map((m) => m.trim()).filter(Boolean);
  }

  /** A request that is wrong in at least one way for this route. */
  function malformedCase(r: Random, template: string, allowed: string[]): Case {
    const auth = { authorization: `Bearer ${SERVER_TOKEN}` };
    const wrongMethods = METHODS.filter((m) => !allowed.includes(m));
    const hasParam = template.includes("[");
    const usable = allowed.filter((m) => m !== "OPTIONS" && m !== "HEAD");
    const choices: Array<() => Case> = [];
    if (wrongMethods.length) {
      choices.push(() => ({ method: r.pick(wrongMethods), path: fill(template, () => crypto.randomUUID()), headers: auth, why: "wrong method" }));
    }
    if (hasParam && usable.length) {
      choices.push(() => ({ method: r.pick(usable), path: fill(template, () => badId(r)), headers: auth, why: "bad id" }));
    }
    if (!hasParam && usable.includes("POST")) {
      choices.push(() => {
        const { body, contentType } = malformedBody(r, JSON_LIMIT);
        return { method: "POST", path: template, headers: { ...auth, ...(contentType && { "content-type": contentType }) }, body, why: "malformed body" };
      });
      choices.push(() => ({
        method: "POST",
        path: template,
        headers: { authorization: r.pick(["Bearer vas_nope", "Basic eDp5", `Bearer ${randomText(r).replace(/[^\x21-\x7e]/g, "")}x`]) },
        body: "{}",
        why: "bad token",
      }));
    }
    if (!hasParam && usable.includes("GET") && !UNQUERIED.includes(template)) {
      choices.push(() => ({ method: "GET", path: `${template}?${malformedQuery(r, OWN_QUERY[template])}`, headers: auth, why: "malformed query" }));
    }
    return r.pick(choices)();
  }

  it(`answers ${REQUESTS} malformed requests with 4xx and {"errors": [...]}, never 5xx`, async () => {
    const r = seededRandom(seed);
    const templates = discoverRoutes().filter((t) => !t.startsWith("/api/auth/") && t !== "/api/[...path]");
    expect(templates).toEqual(expect.arrayContaining(["/api/asset/request-upload", "/api/task/[id]/retry", "/api/storage/download/[assetId]"]));
    const allowed = new Map(await Promise.all(templates.map(async (t) => [t, await allowedMethods(t)] as const)));
    const failures: string[] = [];
    const check = async (c: Case, acceptRedirect = false) => {
      const response = await fetch(`${server.url}${c.path}`, { method: c.method, headers: c.headers, body: c.body, redirect: "manual" });
      const text = await response.text();
      const label = `${c.method} ${c.path.slice(0, 120)} (${c.why}, seed ${seed}) → ${response.status} ${text.slice(0, 120)}`;
      if (acceptRedirect && response.status >= 300 && response.status < 400) return;
      if (response.status < 400 || response.status >= 500) return void failures.push(label);
      if (c.method === "HEAD") return;
      try {
        const body = JSON.parse(text);
        const shaped = Object.keys(body).join() === "errors" && body.errors.length > 0 && body.errors.every((e: unknown) => typeof e === "string");
        if (!shaped || !response.headers.get("content-type")?.includes("application/json")) failures.push(label);
        if (response.status === 405 && !response.headers.get("allow")) failures.push(`${label} without Allow`);
      } catch {
        failures.push(label);
      }
    };
    for (let i = 0; i < REQUESTS; i++) {
      const template = r.pick(templates);
      await check(malformedCase(r, template, allowed.get(template) ?? []));
    }
    // Unknown paths, and Auth.js's endpoints, which may also send a browser back to the sign-in page.
    for (let i = 0; i < 20; i++) {
      await check({ method: r.pick(METHODS), path: `/api/${encodePathText(randomText(r))}/${badId(r)}`, headers: {}, why: "unknown path" });
      const { body, contentType } = malformedBody(r, 1024);
      const authPath = `/api/auth/${r.pick(["callback/credentials", "signin/nope", "session", "nothing", "csrf", "signout"])}`;
      await check({ method: "POST", path: authPath, headers: contentType ? { "content-type": contentType } : {}, body, why: "auth" }, true);
    }
    expect(failures).toEqual([]);
    expect(server.output()).not.toMatch(/\[api\] unexpected error/);
  }, 60_000);
});
