import path from "node:path";

export interface SourceFile {
  path: string;
  text: string;
}

const SOURCE_EXTENSIONS = /\.(tsx?|mjs|cjs|js)$/;
/** A change here can change what any spec sees. */
const EVERY_SPEC = [/^e2e\/support\//, /^playwright\.config\.ts$/, /^app\/(\([^/]+\)\/)?layout\.tsx$/, /^app\/globals\.css$/];

/**
 * The Playwright specs a change touches (docs/testing.md, "Only what changed"): a changed spec;
 * every spec when its support or a root file changes; else the specs that name the route of a
 * changed file under app/ (`"/assets`), or of a page that imports, directly or through other
 * components, a changed file under components/ or lib/client/.
 */
export function specsForChanges(changed: string[], specs: SourceFile[], uiSources: SourceFile[]): string[] {
  if (changed.some((file) => EVERY_SPEC.some((pattern) => pattern.test(file)))) return specs.map((spec) => spec.path);
  const routes = new Set<string>();
  for (const file of withImporters(changed, uiSources)) {
    const route = routeOf(file);
    if (route !== undefined) routes.add(route);
  }
  return specs
    .filter((spec) => changed.includes(spec.path) || [...routes].some((route) => namesRoute(spec.text, route)))
    .map((spec) => spec.path);
}

/**
 * The composition root: it imports every domain to build the app, so every test that starts an
 * app reaches every file through it. test:changed does not follow a change through it (a change
 * to it is followed to its own importers); the whole suite before the last commit does.
 */
const COMPOSITION_ROOTS = ["lib/app/app"];

/**
 * The vitest files a change touches (docs/testing.md, "Only what changed"): a changed test file,
 * and every test file that imports a changed file, directly or through other files, other than
 * through the composition root.
 */
export function testsForChanges(changed: string[], tests: SourceFile[], sources: SourceFile[]): string[] {
  const reached = withImporters(changed, [...sources, ...tests], COMPOSITION_ROOTS);
  return tests.map((test) => test.path).filter((file) => reached.has(file));
}

/** The changed files and every file of `sources` that imports one of them, transitively, never through `barriers`. */
function withImporters(changed: string[], sources: SourceFile[], barriers: string[] = []): Set<string> {
  const reached = new Set(changed.map(withoutExtension));
  let grew = true;
  while (grew) {
    grew = false;
    for (const source of sources) {
      const self = withoutExtension(source.path);
      if (reached.has(self) || barriers.includes(self)) continue;
      if (importsOf(source).some((target) => reached.has(target))) {
        reached.add(self);
        grew = true;
      }
    }
  }
  return new Set([...changed, ...sources.map((source) => source.path).filter((file) => reached.has(withoutExtension(file)))]);
}

function importsOf(source: SourceFile): string[] {
  const specifiers = [...source.text.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)].map((match) => match[1]);
  return specifiers.flatMap((specifier) => {
    if (specifier.startsWith("@/")) return [withoutExtension(specifier.slice(2))];
    if (specifier.startsWith(".")) return [withoutExtension(path.posix.join(path.posix.dirname(source.path), specifier))];
    return [];
  });
}

function withoutExtension(file: string): string {
  return file.replace(SOURCE_EXTENSIONS, "").replace(/\/index$/, "");
}

/** `app/(dashboard)/assets/[id]/page.tsx` -> `/assets`: the static part of the URL, route groups left out. */
function routeOf(file: string): string | undefined {
  if (!file.startsWith("app/")) return undefined;
  const segments: string[] = [];
  for (const segment of path.posix.dirname(file).split("/").slice(1)) {
    if (segment.startsWith("[")) break;
    if (!segment.startsWith("(")) segments.push(segment);
  }
  return "/" + segments.join("/");
}

/** The spec writes the route as the start of a quoted path: `"/assets"`, `` `/assets/${id}` ``, `"/?tab"`. */
function namesRoute(text: string, route: string): boolean {
  const escaped = route === "/" ? "/" : route.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const after = route === "/" ? "[\"'`?#]" : "[\"'`/?#]";
  return new RegExp(`["'\`]${escaped}${after}`).test(text);
}

export function isTestableSource(file: string): boolean {
  return SOURCE_EXTENSIONS.test(file);
}
