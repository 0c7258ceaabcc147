import { describe, expect, it } from "vitest";
import { checkContract } from "../helpers/contract";

const json = (body: unknown, status: number) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** The check every answer of the suite goes through: it must refuse what the OpenAPI document does not allow. */
describe("the contract check", () => {
  it("accepts a documented answer", async () => {
    await expect(checkContract("GET", "http://127.0.0.1/api/asset", json([], 200))).resolves.toBeUndefined();
  });

  it("refuses a status the document does not list, and a body its schema does not allow", async () => {
    await expect(checkContract("GET", "http://127.0.0.1/api/asset", json({}, 418))).rejects.toThrow(/a status the OpenAPI document does not list/);
    await expect(checkContract("GET", "http://127.0.0.1/api/asset", json({ not: "a list" }, 200))).rejects.toThrow(/a body the OpenAPI document does not allow/);
  });

  it("refuses an unknown path answered other than 404 or 405, and a 404 without the errors body", async () => {
    await expect(checkContract("GET", "http://127.0.0.1/api/no-such-thing", json({}, 200))).rejects.toThrow(/no such operation/);
    await expect(checkContract("GET", "http://127.0.0.1/api/no-such-thing", json({ message: "gone" }, 404))).rejects.toThrow(/without the \{"errors"/);
  });
});
