import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../helpers/server-process";

/**
 * The README's quick start, run as written in a fresh checkout: it must serve the production
 * build, answer the first page within 2 s of the server being up, and show no development badge.
 *
 * - The command is the line of the README's first ```bash block whose comment says it installs and
 *   serves, run by `sh -c` with `-- --hostname 127.0.0.1 --port <free port>` appended, as the
 *   README's walkthrough appends them.
 * - The checkout is a temporary directory holding the working-copy contents of `git ls-files`
 *   (uncommitted edits included): no build, no data/, nothing ignored but the compile cache below. The command builds into the
 *   checkout's own .next, never the project's, which the other test files use.
 * - node_modules: `npm install` runs as written. Over a hard-linked copy of the project's
 *   node_modules (`cp -al`, about 2 s) it finds the tree up to date and takes 3-5 s, reading the
 *   registry's metadata from npm's cache (`npm_config_prefer_offline`). A symbolic link to the
 *   project's node_modules would be quicker, but Turbopack refuses it ("Could not find the Next.js
 *   package": it compiles nothing outside the checkout, its root), and `turbopack.root` pointing
 *   above the project would be wrong for normal use; so when the temporary directory is on
 *   another file system than node_modules, the copy is a real one (slower, same result). npm
 *   rewrites its record of the tree (node_modules/.package-lock.json) in place, so that one file
 *   is copied, never linked: the project's stays as it is.
 * - Zero configuration: the command runs with the environment of a person's shell, without the
 *   service's variables (every name in .env.example), the test runner's (NODE_ENV, VITEST…) and
 *   those of an enclosing npm script (PATH entries into node_modules, npm_lifecycle_…), so the
 *   data lands in the checkout's ./data.
 * - The first page a person opens is `/`: it redirects to the overview, whose page sends a
 *   signed-out visitor on to the sign-in page. Both answers must arrive within 2 s of the first
 *   200 from /api/health.
 * - "No dev badge": `next dev` 16 (Turbopack) puts the badge's and overlay's bundle (next-devtools),
 *   the hot-reload client (hmr-client) and React's development builds into every page's HTML;
 *   markers often cited for it (data-nextjs-dev-overlay, __nextjs_original-stack-frame,
 *   webpack-hmr, turbopack-hmr) appear only once its scripts run, not in the HTML, so they would
 *   prove nothing here. That the scripts come from this build's .next/static, and that the server
 *   is the standalone one (its working directory is .next/standalone), is checked too.
 *
 * - With that server left serving, as a newcomer leaves it, the README's "Try it with curl" runs as
 *   printed (on the server's port instead of 3000) but for the import from a public URL, which a
 *   zero-configuration server refuses from loopback (docs-examples.test.ts runs it); then a second
 *   `npm run serve` on the same port must refuse before building, and `npm run build` must leave
 *   the server serving, pages and routes it had not loaded yet included, during the build and after.
 *
 * - Next's compile cache: the checkout gets a copy of the project's `.next/cache/turbopack`, which
 *   the suite's own build (test/setup/build.ts, cold on CI) has just written, when there is one. Its
 *   entries are keyed by the content they were compiled from, so the checkout's build still
 *   compiles every file that differs and writes the whole build itself; only the compiling of
 *   unchanged modules is reused. A cold first build took 74 s and 132 CPU-seconds on 2 cores, this
 *   one 28 s and 46; a newcomer's first build is as cold as the suite's own, which runs every time.
 *
 * It adds two `next build`s. It needs Linux (/proc) and a git work tree, and is skipped without them.
 */

const BUILD_DEADLINE_MS = 8 * 60_000;
const FIRST_PAGE_MS = 2000;
/** In the HTML of every page `next dev` serves, never in a production build's. */
const DEV_MARKERS = [/next-devtools/, /hmr-client/, /react-dom[\w-]*development/];

/** The README's command that installs, builds and serves. */
function quickStartCommand(): string {
  const block = fs.readFileSync("README.md", "utf8").match(/```bash\n([\s\S]*?)```/)?.[1] ?? "";
  const line = block.split("\n").find((candidate) => /#.*\binstall.*\bserve/i.test(candidate));
  if (!line) throw new Error("the README's first bash block has no line commented as installing and serving");
  return line.replace(/\s+#.*$/, "").trim();
}

/** The bash blocks of the README's "Try it with curl", as printed but for the port, and those left out with why. */
function curlWalkthrough(port: number): { script: string; leftOut: string[] } {
  const section = fs.readFileSync("README.md", "utf8").split(/^## Try it with curl$/m)[1]?.split(/^## /m)[0] ?? "";
  const blocks = [...section.matchAll(/```bash\n([\s\S]*?)```/g)].map((match) => match[1]);
  if (blocks.length === 0) throw new Error("the README has no bash block under \"Try it with curl\"");
  // VIDEO_URL is a public address the reader picks; this server, on zero configuration, fetches from public addresses only.
  const needsPublicUrl = (block: string) => block.includes("$VIDEO_URL");
  return {
    script: blocks.filter((block) => !needsPublicUrl(block)).join("\n").replaceAll(/(127\.0\.0\.1|localhost):3000\b/g, `127.0.0.1:${port}`),
    leftOut: blocks.filter(needsPublicUrl),
  };
}

/** Runs `command` in `cwd` as a person's shell would, to its end or `timeoutMs` (then kills its group). */
async function run(command: string[], cwd: string, timeoutMs: number): Promise<{ code: number | null; output: string }> {
  const child = spawn(command[0], command.slice(1), { cwd, env: shellEnvironment(), stdio: ["ignore", "pipe", "pipe"], detached: true });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const timer = setTimeout(() => {
    output += `\n[quick-start] still running after ${timeoutMs / 1000} s: stopped\n`;
    process.kill(-child.pid!, "SIGKILL");
  }, timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  clearTimeout(timer);
  return { code, output };
}

/** Fills `checkout` with the working-copy contents of the files git tracks, and node_modules. */
function copyProject(checkout: string) {
  const files = execFileSync("git", ["ls-files", "-z"], { encoding: "utf8" }).split("\0").filter(Boolean);
  for (const file of files) {
    if (!fs.lstatSync(file, { throwIfNoEntry: false })) continue; // deleted, not yet committed
    fs.mkdirSync(path.join(checkout, path.dirname(file)), { recursive: true });
    fs.cpSync(file, path.join(checkout, file), { verbatimSymlinks: true });
  }
  const linkable = fs.statSync(checkout).dev === fs.statSync("node_modules").dev;
  execFileSync("cp", [linkable ? "-al" : "-a", "node_modules", path.join(checkout, "node_modules")]);
  // Unlinked first: copying onto the hard link would write into the project's file.
  const record = path.join("node_modules", ".package-lock.json");
  if (fs.existsSync(record)) {
    fs.rmSync(path.join(checkout, record));
    fs.copyFileSync(record, path.join(checkout, record));
  }
  // A real copy, never links: Turbopack writes into its cache's files.
  const compileCache = path.join(".next", "cache", "turbopack");
  if (fs.existsSync(compileCache)) {
    fs.mkdirSync(path.join(checkout, ".next", "cache"), { recursive: true });
    execFileSync("cp", ["-a", compileCache, path.join(checkout, compileCache)]);
  }
}

/** This process's environment as a person's shell would have it: none of the service's, the test runner's or npm's own variables. */
function shellEnvironment(): NodeJS.ProcessEnv {
  const serviceVariables = new Set([...fs.readFileSync(".env.example", "utf8").matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]));
  const others = new Set(["NODE_ENV", "NODE_OPTIONS", "TEST", "TEST_DATABASE_URL", "PORT", "HOSTNAME", "INIT_CWD"]);
  const env = { ...process.env };
  for (const name of Object.keys(env)) {
    if (serviceVariables.has(name) || others.has(name) || /^(VITEST|NEXT_|__NEXT|TURBOPACK)/.test(name) || /^npm_(?!config_)/i.test(name)) delete env[name];
  }
  env.PATH = (env.PATH ?? "")
    .split(path.delimiter)
    .filter((entry) => !entry.split(path.sep).includes("node_modules"))
    .join(path.delimiter);
  return { ...env, npm_config_prefer_offline: "true", npm_config_audit: "false", npm_config_fund: "false" };
}

interface Process {
  pid: number;
  state: string;
  cmdline: string;
  cwd: string;
  /** What npm ran, from the environment the process started with (node's process.title overwrites its command line). */
  npmScript: string;
}

/** The processes of a process group (Linux /proc). */
function processGroup(pgid: number): Process[] {
  const read = (file: string, how: (file: string) => string) => {
    try {
      return how(file);
    } catch {
      return ""; // ended while being read
    }
  };
  const members: Process[] = [];
  for (const pid of fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    const stat = read(`/proc/${pid}/stat`, (file) => fs.readFileSync(file, "utf8"));
    const [state, , group] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(group) !== pgid) continue;
    const environ = read(`/proc/${pid}/environ`, (file) => fs.readFileSync(file, "utf8")).split("\0");
    members.push({
      pid: Number(pid),
      state,
      cmdline: read(`/proc/${pid}/cmdline`, (file) => fs.readFileSync(file, "utf8")).replaceAll("\0", " ").trim(),
      cwd: read(`/proc/${pid}/cwd`, fs.readlinkSync),
      npmScript: environ.find((variable) => variable.startsWith("npm_lifecycle_script="))?.slice("npm_lifecycle_script=".length) ?? "",
    });
  }
  return members;
}

/** Ends every process of the group: SIGTERM, then SIGKILL to what is left after 20 s. */
async function stopGroup(child: ChildProcess) {
  const pgid = child.pid!;
  const living = () => processGroup(pgid).filter((member) => member.state !== "Z").length > 0;
  for (const [signal, waitMs] of [["SIGTERM", 20_000], ["SIGKILL", 5000]] as const) {
    if (!living()) return;
    try {
      process.kill(-pgid, signal);
    } catch {
      return;
    }
    for (const deadline = Date.now() + waitMs; living() && Date.now() < deadline; ) await delay(100);
  }
}

const isHtml = (response: Response) => (response.headers.get("content-type") ?? "").startsWith("text/html");

const runnable = process.platform === "linux" && spawnSync("git", ["rev-parse", "--is-inside-work-tree"], { encoding: "utf8" }).stdout?.trim() === "true";
if (!runnable) console.warn("[quick-start] skipped: it needs Linux (/proc) and a git work tree (the checkout is what `git ls-files` lists)");

describe.skipIf(!runnable)("the README's quick start on a fresh checkout", () => {
  const command = quickStartCommand();
  let checkout = "";
  let child: ChildProcess | undefined;
  let output = "";
  let url = "";
  /** The first page, fetched as soon as /api/health answered. */
  let firstPage: { elapsedMs: number; home?: Response; signIn?: Response; signInHtml?: string; error?: unknown };

  beforeAll(async () => {
    checkout = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "vas-quick-start-")));
    copyProject(checkout);
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const serving = spawn("sh", ["-c", `${command} -- --hostname 127.0.0.1 --port ${port}`], {
      cwd: checkout,
      env: shellEnvironment(),
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    child = serving;
    const collect = (chunk: Buffer) => (output = (output + chunk).slice(-20_000));
    serving.stdout!.on("data", collect);
    serving.stderr!.on("data", collect);

    const launched = Date.now();
    const deadline = launched + BUILD_DEADLINE_MS;
    while (!(await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5000) }).then((r) => r.ok, () => false))) {
      if (serving.exitCode !== null || Date.now() > deadline) throw new Error(`\`${command}\` did not serve:\n${output.slice(-4000)}`);
      await delay(200);
    }

    const started = performance.now();
    const signal = AbortSignal.timeout(FIRST_PAGE_MS);
    firstPage = { elapsedMs: 0 };
    try {
      firstPage.home = await fetch(`${url}/`, { signal });
      // The dashboard's page tells a signed-out visitor where to sign in; its script goes there at once.
      const signInPath = (await firstPage.home.text()).match(/href="(\/sign-in[^"]*)"/)?.[1];
      if (signInPath) {
        firstPage.signIn = await fetch(url + signInPath, { signal });
        firstPage.signInHtml = await firstPage.signIn.text();
      }
    } catch (error) {
      firstPage.error = error;
    }
    firstPage.elapsedMs = Math.round(performance.now() - started);
    console.info(`[quick-start] served ${Math.round((Date.now() - launched) / 1000)} s after \`${command}\`; the first page took ${firstPage.elapsedMs} ms`);
  }, BUILD_DEADLINE_MS + 60_000);

  afterAll(async () => {
    if (child) await stopGroup(child);
    if (checkout) fs.rmSync(checkout, { recursive: true, force: true, maxRetries: 5 });
  }, 60_000);

  it("is a command the walkthrough's --hostname and --port can be appended to", () => {
    expect(command).toMatch(/(^|&&\s*)npm run serve$/);
  });

  it("answers the first page a person opens, the sign-in page, within 2 s of the server being up", () => {
    expect(firstPage.error, `the first page took longer than ${FIRST_PAGE_MS} ms`).toBeUndefined();
    expect(firstPage.home!.status).toBe(200);
    expect(isHtml(firstPage.home!)).toBe(true);
    expect(firstPage.signIn, "the first page links to no sign-in page").toBeDefined();
    expect(firstPage.signIn!.status).toBe(200);
    expect(isHtml(firstPage.signIn!)).toBe(true);
    expect(firstPage.signInHtml).toMatch(/type="password"/);
    expect(firstPage.elapsedMs).toBeLessThan(FIRST_PAGE_MS);
  });

  it("serves the production build of the checkout: no dev badge, overlay or hot reload on any page", async () => {
    for (const [pathname, status] of [["/", 200], ["/sign-in", 200], ["/docs", 200], ["/play/quickstartcheck0", 404]] as const) {
      const response = await fetch(url + pathname);
      expect(response.status, pathname).toBe(status);
      expect(isHtml(response), pathname).toBe(true);
      const html = await response.text();
      expect(DEV_MARKERS.filter((marker) => marker.test(html)).map(String), `development markers in ${pathname}`).toEqual([]);
      const scripts = [...html.matchAll(/<script[^>]* src="\/_next\/static\/([^"?]+)/g)].map((match) => decodeURIComponent(match[1]));
      expect(scripts.length, `${pathname} loads no scripts`).toBeGreaterThan(0);
      const notBuilt = scripts.filter((script) => !fs.existsSync(path.join(checkout, ".next", "static", script)));
      expect(notBuilt, `scripts of ${pathname} not in the build's .next/static`).toEqual([]);
    }
  });

  it("runs the standalone server (scripts/start.mjs), not next dev", () => {
    const group = processGroup(child!.pid!);
    const described = group.map((member) => `${member.pid} ${member.cmdline} (in ${member.cwd})`).join("\n");
    // The server's own copy of the standalone output (scripts/start.mjs).
    const server = group.find((member) => member.cwd === path.join(checkout, ".next", "cache", "serving", String(member.pid)));
    expect(server, `no process runs in its copy of .next/standalone:\n${described}`).toBeDefined();
    expect(server!.npmScript).toMatch(/\bscripts\/serve\.mjs\b/);
    expect(group.filter((member) => /(^|[\s/])next\s+dev(\s|$)/.test(member.cmdline)), described).toEqual([]);
  });

  it("runs on the embedded defaults with no configuration, its data in the checkout's ./data", async () => {
    const health = await (await fetch(`${url}/api/health`)).json();
    expect(health).toMatchObject({ ok: true, database: { kind: "pglite" }, storage: { kind: "local" }, runner: { kind: "inline" } });
    expect(fs.existsSync(path.join(checkout, "data", "pglite"))).toBe(true);
  });

  it("runs the README's curl walkthrough as printed while the first command still serves: an upload to ready and its playback", async () => {
    const { script, leftOut } = curlWalkthrough(Number(new URL(url).port));
    expect(leftOut.map((block) => block.split("\n")[0]), "the blocks left out: the import from a public URL").toEqual([expect.stringMatching(/^# 7\. /)]);
    const { code, output: walked } = await run(["bash", "-euo", "pipefail", "-c", script], checkout, 180_000);
    expect(code, walked.slice(-4000)).toBe(0);
    expect(walked).not.toMatch(/Internal Server Error|EADDRINUSE|already in use|next build|optimized production build/);
    expect(walked, "the asset the walkthrough uploaded").toMatch(/"status":"ready"/);
    expect(walked, "its HLS playlist").toMatch(/#EXTM3U/);
    expect((await fetch(`${url}/api/health`)).ok).toBe(true);
  }, 240_000);

  it("refuses `npm run serve` on the port the first command serves on at once, before building, and the first server goes on", async () => {
    const { code, output: refused } = await run(["sh", "-c", `npm run serve -- --hostname 127.0.0.1 --port ${new URL(url).port}`], checkout, 60_000);
    expect(code, refused).not.toBe(0);
    expect(refused).toContain(`Port ${new URL(url).port} is already in use`);
    expect(refused).not.toMatch(/optimized production build/);
    expect((await fetch(`${url}/api/health`)).ok).toBe(true);
  }, 90_000);

  it("keeps serving while `npm run build` rebuilds the checkout, and after it: pages and routes it had not loaded yet, with their scripts", async () => {
    const building = run(["sh", "-c", "npm run build"], checkout, BUILD_DEADLINE_MS);
    // next build first empties .next (all but its cache): the moment the old server lost its files.
    const builtId = path.join(checkout, ".next", "BUILD_ID");
    let ended = false;
    void building.then(() => (ended = true));
    while (!ended && (fs.existsSync(builtId) || fs.existsSync(path.join(checkout, ".next", "standalone")))) await delay(50);
    expect(ended, "the build ended before emptying .next").toBe(false);
    const during = await fetch(`${url}/sign-up`);
    expect(during.status, "/sign-up while .next is rebuilt").toBe(200);
    // The walkthrough made the first account (the owner): a later visitor is asked for an invitation (SIGN_UP=invite).
    expect(await during.text()).toMatch(/Sign-up is by invitation/);
    expect((await fetch(`${url}/api/openapi.json`)).status, "/api/openapi.json while .next is rebuilt").toBe(200);

    const { code, output: built } = await building;
    expect(code, built.slice(-4000)).toBe(0);
    expect((await fetch(`${url}/api/task`)).status, "/api/task without a token, after the build").toBe(401);
    expect((await fetch(`${url}/no-such-page`)).status, "an unknown page, after the build").toBe(404);
    const page = await fetch(`${url}/forgot-password`);
    expect(page.status, "/forgot-password after the build").toBe(200);
    const scripts = [...(await page.text()).matchAll(/<script[^>]* src="(\/_next\/static\/[^"]+)"/g)].map((match) => match[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect((await fetch(url + script)).status, script).toBe(200);
  }, BUILD_DEADLINE_MS + 60_000);
});
