import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { startsServer } from "@/test/setup/starts-server";

const testFiles = ["test/unit", "test/integration"]
  .flatMap((dir) => fs.readdirSync(dir).filter((name) => name.endsWith(".test.ts")).map((name) => path.posix.join(dir, name)))
  .filter((file) => file !== "test/unit/starts-server.test.ts");

describe("the test files vitest's globalSetup builds the production server for", () => {
  it("are those that start it, whatever else they import", () => {
    expect(startsServer("test/integration/two-nodes.test.ts")).toBe(true);
    expect(startsServer("test/integration/webhook-delivery.test.ts")).toBe(false);
    expect(startsServer("test/unit/changed-specs.test.ts")).toBe(false);
  });

  it("include every file calling startServer, so none runs on a stale build", () => {
    const calling = testFiles.filter((file) => fs.readFileSync(file, "utf8").includes("startServer("));
    expect(calling.length).toBeGreaterThan(10);
    expect(calling.filter((file) => !startsServer(file))).toEqual([]);
  });
});
