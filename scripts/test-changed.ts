import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ensureProductionBuild } from "../test/setup/build";
import { isTestableSource, specsForChanges, testsForChanges, type SourceFile } from "./lib/changed-specs";

/** Files changed since this branch left main, committed or not, that still exist. */
function changedFiles(): string[] {
  const git = (...args: string[]) => execFileSync("git", args, { encoding: "utf8" }).split("\n").filter(Boolean);
  const base = git("merge-base", "main", "HEAD")[0];
  const files = [...git("diff", "--name-only", base), ...git("ls-files", "--others", "--exclude-standard")];
  return [...new Set(files)].filter((file) => fs.existsSync(file));
}

function sourcesUnder(...dirs: string[]): SourceFile[] {
  return dirs.flatMap((dir) =>
    fs
      .readdirSync(dir, { recursive: true, encoding: "utf8" })
      .map((name) => path.posix.join(dir, name.split(path.sep).join("/")))
      .filter((file) => isTestableSource(file) && fs.statSync(file).isFile())
      .map((file) => ({ path: file, text: fs.readFileSync(file, "utf8") })),
  );
}

function run(command: string, args: string[]): number {
  console.info(`\n$ ${command} ${args.join(" ")}`);
  return spawnSync(command, args, { stdio: "inherit" }).status ?? 1;
}

const changed = changedFiles();
if (changed.length === 0) {
  console.info("test:changed: nothing changed against main");
  process.exit(0);
}
const sources = changed.filter(isTestableSource);
const specs = specsForChanges(
  changed,
  sourcesUnder("e2e").filter((file) => file.path.endsWith(".spec.ts")),
  sourcesUnder("app", "components", "lib/client"),
);
const tests = testsForChanges(
  sources,
  sourcesUnder("test").filter((file) => file.path.endsWith(".test.ts")),
  sourcesUnder("app", "components", "lib", "inngest", "pages", "scripts", "test"),
);
if (tests.length === 0) console.info("test:changed: no vitest file touches these changes");
const vitest = tests.length > 0 ? run("npx", ["vitest", "run", ...tests]) : 0;
if (specs.length === 0) console.info("test:changed: no Playwright spec touches these changes");
// Playwright serves the production build, which vitest's globalSetup made current only if a related test starts the server.
if (specs.length > 0) ensureProductionBuild();
const playwright = specs.length > 0 ? run("npx", ["playwright", "test", ...specs]) : 0;
process.exit(vitest || playwright);
