import { execFile } from "node:child_process";
import fs from "node:fs";
import { promisify } from "node:util";
import { afterEach, expect, it } from "vitest";

const run = promisify(execFile);
/** The check reads the whole tree with TypeScript's parser: seconds, more on a busy machine. */
const CHECK_TIMEOUT_MS = 120_000;

const written: string[] = [];

afterEach(() => {
  for (const file of written.splice(0)) fs.rmSync(file, { force: true });
});

/** A source file that exists only for this test. */
function writeProbe(file: string, source: string) {
  written.push(file);
  fs.writeFileSync(file, source);
}

/** Runs a command of the dependency check: whether it passed, and what it said. */
async function check(command: string, args: string[]): Promise<{ passed: boolean; report: string }> {
  try {
    const { stdout } = await run(command, args);
    return { passed: true, report: stdout };
  } catch (error) {
    return { passed: false, report: (error as { stdout?: string }).stdout ?? String(error) };
  }
}

/** The check of `npm run lint`, on these files alone (and whatever they import). */
const checkFiles = (files: string[]) => check(process.execPath, ["node_modules/.bin/depcruise", "--config", ".dependency-cruiser.cjs", ...files]);

it(
  "the tree's imports point down the layers, in no loop",
  async () => {
    const { passed, report } = await check("npm", ["run", "--silent", "lint:deps"]);
    expect(report).toContain("no dependency violations found");
    expect(passed).toBe(true);
  },
  CHECK_TIMEOUT_MS,
);

it(
  "an import from lib/db up to a domain fails the check, by alias or by relative path",
  async () => {
    const probe = `lib/db/upward-probe-${process.pid}.ts`;
    writeProbe(
      probe,
      'import { assetSchema } from "@/lib/assets/schemas";\nimport { exportTask } from "../export/export-task";\n\nexport const probe = [assetSchema, exportTask];\n',
    );
    const { passed, report } = await checkFiles([probe]);
    expect(passed).toBe(false);
    expect(report).toContain(`error ground-imports-upward: ${probe} → lib/assets/schemas.ts`);
    expect(report).toContain(`error ground-imports-upward: ${probe} → lib/export/export-task.ts`);
  },
  CHECK_TIMEOUT_MS,
);

it(
  "two files that import each other fail the check",
  async () => {
    const [a, b] = ["a", "b"].map((name) => `lib/log/loop-probe-${name}-${process.pid}.ts`);
    writeProbe(a, `import { b } from "./loop-probe-b-${process.pid}";\n\nexport const a = () => b;\n`);
    writeProbe(b, `import { a } from "./loop-probe-a-${process.pid}";\n\nexport const b = () => a;\n`);
    const { passed, report } = await checkFiles([a]);
    expect(passed).toBe(false);
    expect(report).toContain(`error no-circular: ${a} →`);
  },
  CHECK_TIMEOUT_MS,
);
