import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, startServer, type ServerProcess } from "../helpers/server-process";
import { createThrowawayDatabase, testDatabaseKinds, type ThrowawayDatabase } from "../helpers/test-databases";

describe.skipIf(!testDatabaseKinds.includes("postgres"))("an API key revoked on one node", () => {
  let database: ThrowawayDatabase;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    database = await createThrowawayDatabase();
    const env = { DATABASE_URL: database.url, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "vas-revoke-")) };
    [a, b] = await Promise.all([startServer(env), startServer(env)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.kill(), b?.kill()]);
    await database?.drop();
  });

  it("is refused by every other node within a second, though they had just verified it", async () => {
    const created = await api(a, "/api/keys", { method: "POST", json: { name: "to revoke" } });
    expect(created.status).toBe(201);
    const { key, token } = await created.json();
    // B verifies the key and keeps it in its cache of verified tokens.
    for (let i = 0; i < 3; i++) expect((await api(b, "/api/asset", { token })).status).toBe(200);

    expect((await api(a, `/api/keys/${key.id}`, { method: "DELETE" })).status).toBe(204);
    const revoked = performance.now();
    let status = 200;
    while (status === 200 && performance.now() - revoked < 5000) status = (await api(b, "/api/asset", { token })).status;
    expect(status).toBe(401);
    expect((performance.now() - revoked) / 1000).toBeLessThan(1);
  }, 120_000);
});
