import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as keyList from "@/app/api/keys/route";
import { requestUpload, routes } from "../helpers/api";
import { callRoute } from "../helpers/call-route";
import { captureLog } from "../helpers/capture-log";
import { expectError } from "../helpers/expect-error";
import { readyAsset, requestExport } from "../helpers/export-api";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { testDatabaseKinds } from "../helpers/test-databases";

const JSON_LIMIT = 4096;

describe.each(testDatabaseKinds)("hostile input on %s", (kind) => {
  let t: TestApp;
  let user: { userId: string; token: string };

  beforeAll(async () => {
    t = await startTestApp(kind, { MAX_JSON_BODY_BYTES: String(JSON_LIMIT), RATE_LIMIT_PER_MINUTE: "10000" });
    user = await t.createUser();
  });
  afterAll(() => t.close());

  const requestUploadWith = (json: unknown, headers: Record<string, string> = {}) =>
    callRoute(routes.requestUploadRoute.POST, "/api/asset/request-upload", { token: user.token, json, headers });

  describe("NUL characters", () => {
    it("are refused with 422 or 400 naming the field, in bodies and queries", async () => {
      await expectError(await requestUploadWith({ name: "a\u0000b" }), 422, /^name: must not contain the NUL character/);
      await expectError(await requestUploadWith({ name: "ok", "bad\u0000key": 1 }), 422, /key must not contain the NUL/);
      const key = await callRoute(keyList.POST, "/api/keys", { token: user.token, json: { name: "\u0000" } });
      await expectError(key, 422, /^name: must not contain the NUL character/);
      const search = await callRoute(routes.assetList.GET, "/api/asset?search=%00x", { token: user.token });
      await expectError(search, 400, /^search: must not contain the NUL character/);
    });

    it("are refused inside export metadata before anything is stored", async () => {
      const asset = await readyAsset(t, user.token);
      const body = { custom: { url: "https://example.com/x" }, ipfs: { erc1155Metadata: { properties: { note: "a\u0000" } } } };
      await expectError(await requestExport(user.token, asset.id, body), 422, /ipfs\.erc1155Metadata\.properties\.note: must not contain/);
    });
  });

  describe("lone surrogates", () => {
    it("are refused with 422 naming the field, in strings, keys and stored JSON", async () => {
      await expectError(await requestUploadWith({ name: "a\ud800b" }), 422, /^name: must be well-formed Unicode/);
      await expectError(await requestUploadWith({ name: "ok", creatorId: { type: "unverified", value: "\udc00" } }), 422, /^creatorId\.value: must be well-formed/);
      await expectError(await requestUploadWith({ name: "ok", "\ud83d": 1 }), 422, /^body: a key must be well-formed Unicode/);
      const paired = await requestUploadWith({ name: "a pair is fine 🎬" });
      expect(paired.status).toBe(200);
      expect((await paired.json()).asset.name).toBe("a pair is fine 🎬");
    });
  });

  describe("deep JSON", () => {
    it("is refused before validation walks it", async () => {
      const asset = await readyAsset(t, user.token);
      const depth = 2000;
      const body = `{"ipfs":{"erc1155Metadata":{"a":${"[".repeat(depth)}${"]".repeat(depth)}}}}`;
      const exported = await requestExport(user.token, asset.id, body);
      await expectError(exported, 422, /ipfs\.erc1155Metadata\.a…: nested deeper than 64 levels/);
    });
  });

  describe("body size", () => {
    it("answers 413 to a declared or streamed JSON body over MAX_JSON_BODY_BYTES", async () => {
      const declared = await requestUploadWith("{}", { "content-length": String(JSON_LIMIT + 1) });
      await expectError(declared, 413, new RegExp(`larger than the limit of ${JSON_LIMIT} bytes`));
      const chunks = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < 10; i++) controller.enqueue(new TextEncoder().encode(" ".repeat(1000)));
          controller.close();
        },
      });
      const streamed = await callRoute(routes.requestUploadRoute.POST, "/api/asset/request-upload", { token: user.token, body: chunks });
      await expectError(streamed, 413);
      expect((await requestUploadWith({ name: "x".repeat(JSON_LIMIT - 20) })).status).toBe(422);
    });

    it("reads no body for a caller without a token", async () => {
      const chunks = new ReadableStream<Uint8Array>({
        pull() {
          throw new Error("the body was read");
        },
      });
      const response = await callRoute(routes.requestUploadRoute.POST, "/api/asset/request-upload", { body: chunks });
      await expectError(response, 401);
    });
  });

  describe("methods", () => {
    it("answer 405 with Allow and the error shape on an existing route", async () => {
      const { asset } = await requestUpload(user.token);
      const put = await callRoute(routes.assetById.PUT, `/api/asset/${asset.id}`, { method: "PUT", token: user.token, params: { id: asset.id } });
      await expectError(put, 405, /method PUT is not allowed here/);
      expect(put.headers.get("allow")).toBe("GET, HEAD, PATCH, DELETE, OPTIONS");
      const get = await callRoute(routes.requestUploadRoute.GET, "/api/asset/request-upload", { token: user.token });
      await expectError(get, 405);
      expect(get.headers.get("allow")).toBe("POST, OPTIONS");
    });
  });

  describe("logging of unexpected errors", () => {
    afterEach(() => t.app.db.execute(sql`alter table tasks drop constraint if exists refuse_everything`));

    it("names the error and the request, never the query's parameters", async () => {
      await t.app.db.execute(sql`alter table tasks add constraint refuse_everything check (false) not valid`);
      const secretName = "name-that-must-not-be-logged";
      let response!: Response;
      const logged = await captureLog(async () => {
        response = await requestUploadWith({ name: secretName });
      });
      await expectError(response, 500, /^internal server error \(request [0-9a-f]{16}\)$/);
      const requestId = response.headers.get("x-request-id");
      expect(logged).toContain(`"requestId":"${requestId}"`);
      expect(logged).toMatch(/database query failed/);
      expect(logged).toMatch(/\[23514\]/);
      expect(logged).not.toContain(secretName);
    });

    it("never logs an export's credentials", async () => {
      const asset = await readyAsset(t, user.token);
      await t.app.db.execute(sql`alter table tasks add constraint refuse_everything check (false) not valid`);
      const jwt = "jwt-that-must-never-be-logged-0123456789";
      let response!: Response;
      const logged = await captureLog(async () => {
        response = await requestExport(user.token, asset.id, { ipfs: { pinning: { jwt } } });
      });
      expect(response.status).toBe(500);
      expect(logged).toMatch(/database query failed/);
      expect(logged).not.toContain(jwt);
      expect(await response.text()).not.toContain(jwt);
    });
  });
});
