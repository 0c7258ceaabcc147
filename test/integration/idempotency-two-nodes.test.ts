import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerApiToken } from "@/lib/auth/api-tokens";
import { openDatabase, type Database } from "@/lib/db/client";
import { findIdempotencyKey } from "@/lib/db/idempotency-keys";
import { insertUser } from "@/lib/db/users";
import { expectError } from "../helpers/expect-error";
import { api, startServer, type ServerProcess } from "../helpers/server-process";
import { createThrowawayDatabase, testDatabaseKinds, type ThrowawayDatabase } from "../helpers/test-databases";

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Two real app processes on one PostgreSQL database: a retried POST may reach either of them. */
describe.skipIf(!testDatabaseKinds.includes("postgres"))("Idempotency-Key across two nodes", () => {
  let database: ThrowawayDatabase;
  let shared: Database;
  let raw: postgres.Sql;
  let a: ServerProcess;
  let b: ServerProcess;
  const dataDirs: string[] = [];
  let users = 0;

  beforeAll(async () => {
    database = await createThrowawayDatabase();
    // A backend whose client died stops its statement, even one waiting for a lock (the kill -9 case).
    await database.admin.unsafe(`alter database ${database.name} set client_connection_check_interval = '100ms'`);
    const startNode = (name: string) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `vas-idem-${name}-`));
      dataDirs.push(dataDir);
      return startServer({ DATABASE_URL: database.url, DATA_DIR: dataDir, NODE_NAME: name });
    };
    a = await startNode("node-a");
    b = await startNode("node-b");
    shared = await openDatabase({ url: database.url, poolSize: 2 });
    raw = postgres(database.url, { max: 2, onnotice: () => {} });
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.kill("SIGKILL"), b?.kill("SIGKILL")]);
    await raw?.end();
    await shared?.close();
    await database.drop();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function newUser() {
    const user = await insertUser(shared.db, { email: `idempotent-${++users}@example.com`, createdAt: Date.now() });
    const { token } = await registerApiToken(shared.db, { userId: user.id, name: "two nodes", now: Date.now() });
    return { userId: user.id, token };
  }

  const requestUpload = (node: ServerProcess, token: string, key: string, name: string) =>
    api(node, "/api/asset/request-upload", { method: "POST", token, json: { name }, headers: { "idempotency-key": key } });
  const assetNames = async (node: ServerProcess, token: string): Promise<string[]> =>
    (await (await api(node, "/api/asset?limit=100", { token })).json()).map((asset: { name: string }) => asset.name);

  it("replays on one node what the other answered, and refuses the key with another body there", async () => {
    const { token } = await newUser();
    const first = await requestUpload(a, token, "retry-on-b", "first");
    expect(first.status).toBe(200);
    const firstBody = await first.text();
    const replayed = await requestUpload(b, token, "retry-on-b", "first");
    expect(replayed.status).toBe(200);
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
    expect(await replayed.text()).toBe(firstBody);
    await expectError(await requestUpload(b, token, "retry-on-b", "second"), 422, /Idempotency-Key/);
    expect(await assetNames(b, token)).toEqual(["first"]);

    const created = await api(a, "/api/keys", { method: "POST", token, json: { name: "ci" }, headers: { "idempotency-key": "new-key" } });
    const again = await api(b, "/api/keys", { method: "POST", token, json: { name: "ci" }, headers: { "idempotency-key": "new-key" } });
    expect(again.status).toBe(201);
    expect((await again.json()).token).toBe((await created.json()).token);
  });

  it("runs ten concurrent duplicates spread over both nodes once: one asset, the others replay it or get 409", async () => {
    const { token } = await newUser();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => requestUpload(i % 2 ? a : b, token, "burst", "burst")));
    const bodies = await Promise.all(answers.map((answer) => answer.text()));
    const ran = answers.filter((answer) => answer.status === 200 && answer.headers.get("idempotent-replayed") === null);
    expect(ran).toHaveLength(1);
    answers.forEach((answer, i) => {
      expect([200, 409]).toContain(answer.status);
      if (answer.status === 200) expect(bodies[i]).toBe(bodies[answers.indexOf(ran[0])]);
      else expect(answer.headers.get("retry-after")).toBe("1");
    });
    expect(await assetNames(a, token)).toEqual(["burst"]);
  });

  it("keeps another user's request with the same key apart", async () => {
    const one = await newUser();
    const two = await newUser();
    expect((await requestUpload(a, one.token, "shared-key", "one's")).status).toBe(200);
    const theirs = await requestUpload(b, two.token, "shared-key", "two's");
    expect(theirs.status).toBe(200);
    expect(theirs.headers.get("idempotent-replayed")).toBeNull();
    expect(await assetNames(b, two.token)).toEqual(["two's"]);
    expect(await assetNames(a, one.token)).toEqual(["one's"]);
  });

  it("lets the other node take over a key whose node was killed (kill -9) mid-request, once the claim's lease has run out", async () => {
    const { userId, token } = await newUser();
    await raw.begin(async (tx) => {
      // Holds node A's request between claiming the key and creating the asset.
      await tx`lock table assets in share mode`;
      const dying = requestUpload(a, token, "killed", "survivor").catch(() => undefined);
      const claimed = await until(() => findIdempotencyKey(shared.db, userId, "killed"), (row) => row !== undefined, 10_000);
      expect(claimed).toMatchObject({ statusCode: null });
      await a.kill("SIGKILL");
      await dying;
      const waiting = () => tx`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`;
      expect((await until(waiting, ([row]) => row.n === 0, 10_000))[0].n).toBe(0);
    });

    const held = await requestUpload(b, token, "killed", "survivor");
    await expectError(held, 409, /in progress/);
    // As if the lease's minute had passed.
    await raw`update idempotency_keys set locked_until = locked_until - 60000 where user_id = ${userId}`;
    const taken = await requestUpload(b, token, "killed", "survivor");
    expect(taken.status).toBe(200);
    expect(taken.headers.get("idempotent-replayed")).toBeNull();
    expect((await requestUpload(b, token, "killed", "survivor")).headers.get("idempotent-replayed")).toBe("true");
    expect(await assetNames(b, token)).toEqual(["survivor"]);
  }, 60_000);
});
