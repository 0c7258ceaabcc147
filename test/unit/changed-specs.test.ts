import { describe, expect, it } from "vitest";
import { specsForChanges, testsForChanges } from "@/scripts/lib/changed-specs";

const specs = [
  { path: "e2e/asset-list.spec.ts", text: 'await page.goto("/assets");' },
  { path: "e2e/asset-page.spec.ts", text: "await page.goto(`/assets/${id}`);" },
  { path: "e2e/webhooks.spec.ts", text: 'await page.goto("/webhooks"); await request.post("/api/webhook", {});' },
  { path: "e2e/api-upload.spec.ts", text: 'await request.post("/api/asset/request-upload", {});' },
  { path: "e2e/dashboard.spec.ts", text: 'await page.goto("/"); await page.goto("/overview?range=7d");' },
];
const uiSources = [
  { path: "app/(dashboard)/assets/page.tsx", text: 'import { AssetTable } from "@/components/assets/asset-table";' },
  { path: "components/assets/asset-table.tsx", text: 'import { BulkDelete } from "./bulk-delete";' },
  { path: "components/assets/bulk-delete.tsx", text: 'import { usePendingRequest } from "@/lib/client/use-pending-request";' },
  { path: "lib/client/use-pending-request.ts", text: "" },
  { path: "app/(dashboard)/webhooks/[id]/page.tsx", text: "" },
];

const pick = (...changed: string[]) => specsForChanges(changed, specs, uiSources);

describe("the Playwright specs npm run test:changed runs", () => {
  it("are those naming the route of a changed page, its dynamic segments left out", () => {
    expect(pick("app/(dashboard)/webhooks/[id]/page.tsx")).toEqual(["e2e/webhooks.spec.ts"]);
    expect(pick("app/page.tsx")).toEqual(["e2e/dashboard.spec.ts"]);
  });

  it("follow a changed component or client helper up to the pages that import it", () => {
    expect(pick("components/assets/bulk-delete.tsx")).toEqual(["e2e/asset-list.spec.ts", "e2e/asset-page.spec.ts"]);
    expect(pick("lib/client/use-pending-request.ts")).toEqual(["e2e/asset-list.spec.ts", "e2e/asset-page.spec.ts"]);
  });

  it("include the specs calling a changed API route", () => {
    expect(pick("app/api/asset/request-upload/route.ts")).toEqual(["e2e/api-upload.spec.ts"]);
  });

  it("include a changed spec itself, and none for a change no page reaches", () => {
    expect(pick("e2e/webhooks.spec.ts", "lib/webhooks/sign.ts")).toEqual(["e2e/webhooks.spec.ts"]);
    expect(pick("lib/assets/hash.ts")).toEqual([]);
  });

  it("are all of them when the specs' support, a root layout or Playwright's config changes", () => {
    for (const changed of ["e2e/support/serve.ts", "app/(dashboard)/layout.tsx", "playwright.config.ts"]) {
      expect(pick(changed)).toHaveLength(specs.length);
    }
  });
});

describe("the vitest files npm run test:changed runs", () => {
  const tests = [
    { path: "test/unit/deep-merge.test.ts", text: 'import { deepMerge } from "@/lib/export/deep-merge";' },
    { path: "test/integration/export-api.test.ts", text: 'import * as route from "@/app/api/asset/[id]/export/route";\nimport { startTestApp } from "../helpers/test-app";' },
    { path: "test/integration/usage.test.ts", text: 'import { startTestApp } from "../helpers/test-app";' },
  ];
  const sources = [
    { path: "app/api/asset/[id]/export/route.ts", text: 'import { startExport } from "@/lib/export/start-export";' },
    { path: "lib/export/start-export.ts", text: 'import { deepMerge } from "./deep-merge";' },
    { path: "lib/export/deep-merge.ts", text: "" },
    { path: "lib/app/app.ts", text: 'import { startExport } from "@/lib/export/start-export";\nimport { usage } from "@/lib/usage/usage";' },
    { path: "lib/usage/usage.ts", text: "" },
    { path: "test/helpers/test-app.ts", text: 'import { createApp } from "@/lib/app/app";' },
  ];
  const pickTests = (...changed: string[]) => testsForChanges(changed, tests, sources);

  it("are those importing a changed file, directly or through other files", () => {
    expect(pickTests("lib/export/deep-merge.ts")).toEqual(["test/unit/deep-merge.test.ts", "test/integration/export-api.test.ts"]);
  });

  it("leave out those reaching it only through the app's composition root, which reaches everything", () => {
    expect(pickTests("lib/usage/usage.ts")).toEqual([]);
    expect(pickTests("lib/app/app.ts")).toEqual(["test/integration/export-api.test.ts", "test/integration/usage.test.ts"]);
  });

  it("include a changed test file itself, and follow a changed test helper to its tests", () => {
    expect(pickTests("test/integration/usage.test.ts")).toEqual(["test/integration/usage.test.ts"]);
    expect(pickTests("test/helpers/test-app.ts")).toEqual(["test/integration/export-api.test.ts", "test/integration/usage.test.ts"]);
  });
});
