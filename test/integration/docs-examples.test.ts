import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { carBytes, gatewayBlocks } from "../helpers/gateway-car";
import { startPinningDouble, type PinningDouble } from "../helpers/pinning-double";
import { startReceiverDouble, type ReceiverDouble } from "../helpers/receiver-double";
import { createTestBucket, type TestBucket } from "../helpers/s3-server";
import { api, SERVER_TOKEN, startServer, type ServerProcess } from "../helpers/server-process";
import { startSourceServer, type SourceServer } from "../helpers/source-server";

/**
 * Every shell, JavaScript and TypeScript example of the README and of docs/*.md (a fenced `bash`,
 * `sh` or `shell` block; `js`, `mjs`, `javascript`, `ts`, `tsx` or `typescript`), read from the
 * markdown when the test runs and run as it stands against a production server: whoever edits an
 * example edits what runs here. The rules:
 *
 * - A block runs unless the line before it is `<!-- not run: reason -->` (commands that install,
 *   build, benchmark, or configure other software; settings rather than commands; code for a
 *   browser). Those are listed as skipped tests, with their reasons.
 * - A shell block runs with `bash -euo pipefail`. A script runs as a module with tsx, in the
 *   directory its file's shell blocks run in, with the variables the blocks before it left exported
 *   (as the text asks the reader to export them). A script whose first line is `// node <name>`
 *   is a file the text names: it is saved as <name> where the shell blocks run, which then run it.
 * - Each block runs with the variables and shell functions left by the blocks before it: the
 *   README's in order, then each file of docs/ on top of the README's (they say they build on the
 *   walkthrough's API, TOKEN, ASSET, PLAYBACK), its own blocks in order.
 * - Every curl must answer success (curl runs with --fail-with-body, unless the example asks for
 *   --fail itself), except a command whose comment names the status it answers
 *   (`curl … # 401: …`): it must answer that status exactly.
 * - The README's commands run in the repository (they name test/fixtures/media/h264-aac.mp4 and run
 *   npm scripts); docs' in a scratch directory that stands for the reader's project: the fixture as
 *   film.mp4 and video.mp4, the file names they use, and node_modules for the packages they
 *   `npm install`.
 * - What a reader sets for themselves is set here, once, in `prerequisites`: the server's address
 *   (the README's block that builds and serves is not run), and the outside services the examples
 *   talk to, which are the repository's doubles on loopback, let through the address guard by
 *   EXPORT_ALLOWED_HOSTS as a deployment would.
 * - docs/s3.md is about a service on S3 storage: its examples talk to a second server, on a bucket
 *   of s3rver, with that server's API and TOKEN.
 */

const SHELLS = new Set(["bash", "sh", "shell"]);
const SCRIPTS = new Map([["js", ".mjs"], ["mjs", ".mjs"], ["javascript", ".mjs"], ["ts", ".mts"], ["tsx", ".mts"], ["typescript", ".mts"]]);
/** `// node cid-of.mjs <file>`: a script saved under the name the text gives it. */
const SAVED_AS = /^\/\/ node ([\w.-]+\.m?[jt]s)\b/;
const NOT_RUN = /^\s*<!--\s*not run:(.*?)-->\s*$/;
const BLOCK_TIMEOUT_MS = 60_000;
const FIXTURE = path.resolve("test/fixtures/media/h264-aac.mp4");

interface Example {
  file: string;
  /** Line of the opening fence, from 1. */
  line: number;
  code: string;
  /** A script's file extension (.mjs, .mts); none for a shell block. */
  script?: string;
  /** The reason of a `<!-- not run: … -->` right before it. */
  notRun?: string;
}

interface Markdown {
  file: string;
  examples: Example[];
  /** Lines of `not run` markers that stand before no shell block, or give no reason. */
  strayMarkers: number[];
}

/** The fenced shell and script blocks of a markdown file, with their `not run` markers. */
function readMarkdown(file: string): Markdown {
  const lines = fs.readFileSync(file, "utf8").split("\n");
  const examples: Example[] = [];
  const strayMarkers: number[] = [];
  let marker: { line: number; reason: string } | undefined;
  for (let i = 0; i < lines.length; i++) {
    const notRun = NOT_RUN.exec(lines[i]);
    if (notRun) {
      if (marker) strayMarkers.push(marker.line);
      marker = { line: i + 1, reason: notRun[1].trim() };
      continue;
    }
    const fence = /^(\s*)(`{3,}|~{3,})\s*([\w+-]*)/.exec(lines[i]);
    if (!fence) {
      if (marker && lines[i].trim() !== "") {
        strayMarkers.push(marker.line);
        marker = undefined;
      }
      continue;
    }
    const [, indent, ticks, language] = fence;
    const closing = new RegExp(`^\\s*${ticks[0]}{${ticks.length},}\\s*$`);
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !closing.test(lines[j]); j++) body.push(lines[j].startsWith(indent) ? lines[j].slice(indent.length) : lines[j].trimStart());
    if (SHELLS.has(language) || SCRIPTS.has(language)) {
      if (marker && !marker.reason) strayMarkers.push(marker.line);
      examples.push({ file, line: i + 1, code: body.join("\n"), script: SCRIPTS.get(language), notRun: marker?.reason });
    } else if (marker) strayMarkers.push(marker.line);
    marker = undefined;
    i = j;
  }
  if (marker) strayMarkers.push(marker.line);
  return { file, examples, strayMarkers };
}

const documents = ["README.md", ...fs.readdirSync("docs").filter((name) => name.endsWith(".md")).sort().map((name) => `docs/${name}`)].map(readMarkdown);

/** `curl … # 401: …` runs as `EXPECT_STATUS=401 curl …`: the answer must be that status. */
function withExpectedStatuses(example: Example): string {
  return example.code
    .split("\n")
    .map((line, i) => {
      const expected = /^(\s*)(curl\s.*\s#\s*([1-5]\d\d)\b.*)$/.exec(line);
      if (expected) return `${expected[1]}EXPECT_STATUS=${expected[3]} ${expected[2]}`;
      if (/\bcurl\s.*\s#\s*[1-5]\d\d\b/.test(line)) {
        throw new Error(`${example.file}:${example.line + 1 + i}: a status in a comment is checked only on a line that starts with curl`);
      }
      return line;
    })
    .join("\n");
}

/** The examples' curl: fails on an HTTP error, or checks the status an example's comment names. */
const CURL = path.resolve("test/helpers/example-curl.sh");

const quote = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;
const declarations = (variables: Record<string, string>) =>
  Object.entries(variables)
    .map(([name, value]) => `declare -- ${name}=${quote(value)}\n`)
    .join("");

/**
 * Runs one example in `bash -euo pipefail`, in `workdir`, after sourcing `stateIn` (the variables
 * and functions the examples before it left); writes what it leaves to `stateOut`.
 */
async function runExample(example: Example, stateIn: string, stateOut: string, workdir: string, env: Record<string, string>): Promise<{ ok: boolean; output: string }> {
  const prelude = [`__names=$(compgen -v)`, `source ${quote(stateIn)}`, `source ${quote(CURL)}`, `cd ${quote(workdir)}`];
  // The example's first line, the markdown's `example.line + 1`, is the script's `prelude.length + 2`.
  const where = `${example.file}:$((LINENO + ${example.line - prelude.length - 1}))`;
  const before = [...prelude, `trap 'echo "[docs example] failed (exit $?) near ${where}" >&2' ERR`];
  // What it leaves: the variables that bash did not start with, and every shell function.
  const after = [
    `trap - ERR`,
    `__new=$(LC_ALL=C comm -13 <(printf '%s\\n' "$__names" | LC_ALL=C sort) <(compgen -v | LC_ALL=C sort) | grep -Ev '^(__.*|_|BASH_REMATCH|PIPESTATUS)$' || true)`,
    `{ if [ -n "$__new" ]; then declare -p $__new; fi; declare -f; } > ${quote(stateOut)}`,
  ];
  const script = [...before, withExpectedStatuses(example), ...after].join("\n");
  const file = `${stateOut}.sh`;
  fs.writeFileSync(file, script);
  // Next.js's types make NODE_ENV required; the examples' shell has none, as a reader's has none.
  const child = spawn("bash", ["-euo", "pipefail", file], { env: env as NodeJS.ProcessEnv, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const timer = setTimeout(() => {
    output += `\n[docs example] still running after ${BLOCK_TIMEOUT_MS / 1000} s: stopped\n`;
    process.kill(-child.pid!, "SIGKILL");
  }, BLOCK_TIMEOUT_MS);
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  clearTimeout(timer);
  return { ok: code === 0, output };
}

const TSX = path.resolve("node_modules/.bin/tsx");

/**
 * Runs a script example with tsx, in `workdir`, with the variables of `state` exported; or saves it
 * as the file its first line names, in `scratch`.
 */
async function runScript(example: Example, state: string, workdir: string, scratch: string, env: Record<string, string>): Promise<{ ok: boolean; output: string }> {
  const savedAs = SAVED_AS.exec(example.code)?.[1];
  if (savedAs) {
    fs.writeFileSync(path.join(scratch, savedAs), example.code);
    return { ok: true, output: "" };
  }
  const file = path.join(scratch, `.example-${example.file.replaceAll("/", "_")}-${example.line}${example.script}`);
  fs.writeFileSync(file, example.code);
  const script = `set -a; source ${quote(state)}; set +a; cd ${quote(workdir)}; exec ${quote(TSX)} ${quote(file)}`;
  const child = spawn("bash", ["-c", script], { env: env as NodeJS.ProcessEnv, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const timer = setTimeout(() => {
    output += `\n[docs example] still running after ${BLOCK_TIMEOUT_MS / 1000} s: stopped\n`;
    process.kill(-child.pid!, "SIGKILL");
  }, BLOCK_TIMEOUT_MS);
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  clearTimeout(timer);
  return { ok: code === 0, output };
}

/** A variable an example left, read from its state file. */
async function variable(state: string, name: string): Promise<string> {
  const child = spawn("bash", ["-uc", `source ${quote(state)}; printf %s "$${name}"`], { stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout.on("data", (chunk) => (out += chunk));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  if (code !== 0) throw new Error(`${name} is not set`);
  return out;
}

describe("the docs' shell and script examples, run against a production server", () => {
  let scratch: string;
  let dataDir: string;
  let s3DataDir: string;
  let server: ServerProcess;
  let s3Server: ServerProcess;
  let bucket: TestBucket;
  let pinning: PinningDouble;
  let receiver: ReceiverDouble;
  let source: SourceServer;
  let gateway: SourceServer;
  let env: Record<string, string>;
  /** The state each file's chain has reached (its last state file), or why it stopped. */
  const reached = new Map<string, { state: string } | { failed: string }>();

  beforeAll(async () => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), "vas-docs-examples-"));
    for (const name of ["film.mp4", "video.mp4"]) fs.copyFileSync(FIXTURE, path.join(scratch, name));
    fs.symlinkSync(path.resolve("node_modules"), path.join(scratch, "node_modules"));
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vas-docs-data-"));
    s3DataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vas-docs-s3-data-"));

    const fixture = fs.readFileSync(FIXTURE);
    const ipfs = await gatewayBlocks(fixture);
    [pinning, receiver, source, gateway, bucket] = await Promise.all([
      startPinningDouble(),
      startReceiverDouble({ keepBytes: false }),
      startSourceServer({ "/video.mp4": { body: fixture } }),
      startSourceServer({ [`/ipfs/${ipfs.root}`]: { body: await carBytes(ipfs.root, ipfs.blocks), contentType: "application/vnd.ipld.car" } }),
      createTestBucket(),
    ]);
    // docs/export.md retries a failed export: the destination refuses the first upload (403, not
    // retried), so the export it shows first ends failed, and its retry completes.
    receiver.failNext(1, 403, "refused once, so that the example's retry has a failed export to retry");
    const allowed = [receiver.url, source.url, gateway.url].map((url) => new URL(url).host).join(",");
    [server, s3Server] = await Promise.all([
      startServer({ DATA_DIR: dataDir, PINNING_API_URL: pinning.url, IPFS_GATEWAY_URL: `${gateway.url}/ipfs`, EXPORT_ALLOWED_HOSTS: allowed }),
      startServer({ DATA_DIR: s3DataDir, ...bucket.env }),
    ]);

    // What the reader sets: the server's /api (the README's block that serves is not run), and
    // the outside services' addresses and credentials, here the doubles'.
    const prerequisites = {
      API: `${server.url}/api`,
      VIDEO_URL: `${source.url}/video.mp4`,
      PINATA_JWT: pinning.credentials.jwt,
      DESTINATION_URL: `${receiver.url}/bucket/film.mp4`,
      DESTINATION_TOKEN: "a-destination-token",
      CID: ipfs.root.toString(),
      WEBHOOK_URL: `${receiver.url}/hooks/video`,
      WEBHOOK_SECRET: "whsec_ZG9jcyBleGFtcGxlOiBub3QgYSByZWFsIHNlY3JldCEh",
    };
    const start = path.join(scratch, ".state-start");
    fs.writeFileSync(start, declarations(prerequisites));
    reached.set("README.md", { state: start });
    // The examples' shell sees no variable of the test's own environment: only what a shell needs,
    // and the server's DATA_DIR, where `npm run token:create` finds the running server.
    env = { PATH: process.env.PATH!, HOME: process.env.HOME ?? os.homedir(), TMPDIR: os.tmpdir(), DATA_DIR: dataDir };
  }, 180_000);

  afterAll(async () => {
    await Promise.all([server?.kill(), s3Server?.kill()]);
    await Promise.all([pinning?.close(), receiver?.close(), source?.close(), gateway?.close(), bucket?.release()]);
    for (const dir of [scratch, dataDir, s3DataDir]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("finds the examples, and every `not run` marker stands right before a shell or script block with its reason", () => {
    expect(documents.find((doc) => doc.file === "README.md")!.examples.filter((e) => !e.notRun).length).toBeGreaterThan(0);
    expect(documents.flatMap((doc) => doc.examples.filter((e) => e.script && !e.notRun)).length, "scripts run").toBeGreaterThan(0);
    expect(documents.flatMap((doc) => doc.strayMarkers.map((line) => `${doc.file}:${line}`))).toEqual([]);
  });

  /** Where a file's first example starts from: the README's start, or the state the README ended in (plus overrides). */
  function startOf(file: string): string {
    if (file === "README.md") return (reached.get(file) as { state: string }).state;
    const readme = reached.get("README.md")!;
    if ("failed" in readme) throw new Error(`not run: the README's walkthrough, which it builds on, failed at ${readme.failed}`);
    const start = path.join(scratch, `.state-${file.replaceAll("/", "_")}-start`);
    let state = fs.readFileSync(readme.state, "utf8");
    // docs/s3.md is about a service with S3 storage: its examples talk to one (s3rver behind it).
    if (file === "docs/s3.md") state += declarations({ API: `${s3Server.url}/api`, TOKEN: SERVER_TOKEN });
    fs.writeFileSync(start, state);
    return start;
  }

  for (const { file, examples } of documents.filter((doc) => doc.examples.length > 0)) {
    describe(file, () => {
      for (const example of examples) {
        if (example.notRun) {
          it.skip(`line ${example.line}: not run: ${example.notRun}`, () => {});
          continue;
        }
        it(`line ${example.line}: ${example.code.split("\n")[0].slice(0, 80)}`, async () => {
          const previous = reached.get(file);
          if (previous && "failed" in previous) throw new Error(`not run: the example at ${previous.failed}, which this one builds on, failed`);
          const stateIn = previous?.state ?? startOf(file);
          const stateOut = path.join(scratch, `.state-${file.replaceAll("/", "_")}-${example.line}`);
          reached.set(file, { failed: `${file}:${example.line}` });
          const workdir = file === "README.md" ? process.cwd() : scratch;
          // A script leaves no shell variables: the next block starts from the state this one had.
          const { ok, output } = example.script ? await runScript(example, stateIn, workdir, scratch, env) : await runExample(example, stateIn, stateOut, workdir, env);
          expect(ok, `${file}:${example.line} failed:\n${output.split("\n").slice(-40).join("\n")}`).toBe(true);
          reached.set(file, { state: example.script ? stateIn : stateOut });
        }, BLOCK_TIMEOUT_MS + 10_000);
      }
    });
  }

  it("ends as the docs say: every asset the examples made is ready, every task they started completed", async () => {
    const readme = reached.get("README.md")!;
    expect("state" in readme, "the README's walkthrough failed").toBe(true);
    const token = await variable((readme as { state: string }).state, "TOKEN");
    for (const [node, asToken] of [[server, token], [s3Server, SERVER_TOKEN]] as const) {
      let assets: Array<{ name: string; status: string }> = [];
      let tasks: Array<{ type: string; status: { phase: string } }> = [];
      for (let i = 0; i < 100; i++) {
        assets = await (await api(node, "/api/asset?limit=100", { token: asToken })).json();
        tasks = await (await api(node, "/api/task?limit=100", { token: asToken })).json();
        const settled = assets.every((a) => a.status === "ready" || a.status === "failed") && tasks.every((t) => ["completed", "failed", "cancelled"].includes(t.status.phase));
        if (settled) break;
        await delay(200);
      }
      expect(assets.length).toBeGreaterThan(0);
      expect(assets.filter((a) => a.status !== "ready")).toEqual([]);
      expect(tasks.filter((t) => t.status.phase !== "completed")).toEqual([]);
    }
    // The export the docs retried went to both destinations: its first try was refused, the retry received.
    expect(receiver.received.filter((r) => r.path === "/bucket/film.mp4").length).toBe(2);
    expect(pinning.pins.length).toBeGreaterThan(0);
  }, 30_000);
});
