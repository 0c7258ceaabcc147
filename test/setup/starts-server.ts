import fs from "node:fs";
import path from "node:path";

/** The helper that runs `next start` on the production build. */
const SERVER_HELPER = path.resolve("test/helpers/server-process.ts");
const TESTS = path.resolve("test") + path.sep;

/** A test file's imports of other files under test/ (relative or `@/test/`), as files (`./x` -> `./x.ts`). */
function localImports(file: string): string[] {
  const text = fs.readFileSync(file, "utf8");
  return [...text.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+|@\/[^"']+)["']/g)].flatMap(([, specifier]) => {
    const target = specifier.startsWith("@/") ? path.resolve(specifier.slice(2)) : path.resolve(path.dirname(file), specifier);
    if (!target.startsWith(TESTS)) return [];
    return [target, `${target}.ts`, path.join(target, "index.ts")].filter((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile()).slice(0, 1);
  });
}

/** Whether the test file imports the server helper, directly or through other test helpers (lib/ never imports tests). */
export function startsServer(testFile: string): boolean {
  const seen = new Set<string>();
  const pending = [path.resolve(testFile)];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (file === SERVER_HELPER) return true;
    if (seen.has(file)) continue;
    seen.add(file);
    pending.push(...localImports(file));
  }
  return false;
}
