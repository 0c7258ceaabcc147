import fs from "node:fs";
import { expect, it } from "vitest";
import { API_TYPES_PATH, apiTypesSource } from "@/scripts/api-types";

it("the dashboard's committed API types are the OpenAPI document's (else: npm run api:types)", async () => {
  const committed = fs.readFileSync(API_TYPES_PATH, "utf8");
  const generated = await apiTypesSource();
  expect(committed === generated, `${API_TYPES_PATH} is stale: run npm run api:types`).toBe(true);
});
