import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startsServer } from "./starts-server";

const SOURCES = ["app", "pages", "components", "lib", "inngest", "drizzle", "next.config.ts", "instrumentation.ts", "package-lock.json"];

function newestChange(entry: string): number {
  const stats = fs.statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...fs.readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

/**
 * Tests that run the real server (test/helpers/server-process.ts) need a production build of the
 * current sources: builds unless .next holds one newer than every source file.
 */
export function ensureProductionBuild() {
  const buildId = path.resolve(".next/BUILD_ID");
  const sources = Math.max(...SOURCES.filter((entry) => fs.existsSync(entry)).map(newestChange));
  if (fs.existsSync(buildId) && fs.statSync(buildId).mtimeMs > sources) return;
  console.info("[test setup] building the production server (next build) for the tests that run it");
  // Without Next's own type pass: `npm test` runs `npm run typecheck` over the same files first.
  execFileSync(process.execPath, [path.resolve("node_modules/next/dist/bin/next"), "build"], {
    stdio: "inherit",
    env: { ...process.env, BUILD_WITHOUT_TYPECHECK: "1" },
  });
}

/**
 * vitest's globalSetup: builds (when the build is older than the sources) only if a test file of
 * this run starts the server, so `vitest related` on a change whose tests run in-process never waits
 * for `next build`. The files are the ones vitest itself picks: its filters (`vitest run <files>`,
 * kept on the instance, not in its types) and `related`.
 */
export default async function buildForServerTests(project: TestProject) {
  const filters: string[] | undefined = Reflect.get(project.vitest, "filenamePattern");
  const files = (await project.vitest.getRelevantTestSpecifications(filters)).map((spec) => spec.moduleId);
  if (files.some(startsServer)) ensureProductionBuild();
}
