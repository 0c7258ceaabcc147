/**
 * `npm start`: runs the standalone server of the last `next build` (what the Docker image runs),
 * which holds about 30 MiB less than `next start` (that one loads next.config.ts and the build
 * tooling). The standalone server changes its working directory to its own, so what is relative to
 * the project is settled here first: the .env files, DATA_DIR (its data would otherwise live inside
 * the build output, removed by the next build), the static files and public/, and `next start`'s
 * -p/-H options.
 *
 * The server runs from its own copy of the build, made of hard links (no bytes copied), in
 * .next/cache/serving/<pid>, which `next build` keeps (it empties .next but for its cache). A build
 * made while the server runs (`npm run build`, another `npm run serve`) deletes .next and writes
 * every file anew, and the server loads each route's code on first use: run from .next/standalone
 * it then found the new build's files, or none ("Cannot find module
 * '.next/standalone/.next/server/pages/_document.js'", a 500 for every page and API call). Its copy
 * is removed when it exits, or by the next start after a kill -9.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import nextEnv from "@next/env";

const project = process.cwd();
const build = path.join(project, ".next");
if (!fs.existsSync(path.join(build, "standalone", "server.js"))) {
  console.error("No production build here: run `npm run build` first (or `npm run serve`, which does both).");
  process.exit(1);
}

const { values } = parseArgs({ options: { port: { type: "string", short: "p" }, hostname: { type: "string", short: "H" } } });
if (values.port) process.env.PORT = values.port;
if (values.hostname) process.env.HOSTNAME = values.hostname;

nextEnv.loadEnvConfig(project, false, { info: () => {}, error: console.error });
process.env.DATA_DIR = path.resolve(project, process.env.DATA_DIR || "data");

/** Recreates `from` at `to` with hard links to its files (a copy where links are refused, e.g. across file systems). */
function linkTree(from, to) {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target);
    else if (entry.isSymbolicLink()) fs.symlinkSync(fs.readlinkSync(source), target);
    else {
      try {
        fs.linkSync(source, target);
      } catch {
        fs.copyFileSync(source, target);
      }
    }
  }
}

/** Whether process `pid` is alive. */
function running(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

const copies = path.join(build, "cache", "serving");
fs.mkdirSync(copies, { recursive: true });
for (const name of fs.readdirSync(copies)) {
  if (!/^\d+$/.test(name) || !running(Number(name))) fs.rmSync(path.join(copies, name), { recursive: true, force: true });
}
const copy = path.join(copies, String(process.pid));
process.on("exit", () => fs.rmSync(copy, { recursive: true, force: true }));
linkTree(path.join(build, "standalone"), copy);
fs.rmSync(path.join(copy, ".next", "static"), { recursive: true, force: true });
if (fs.existsSync(path.join(build, "static"))) linkTree(path.join(build, "static"), path.join(copy, ".next", "static"));
// public/ is the project's own (not build output): linked, never copied stale.
if (fs.existsSync(path.join(project, "public"))) {
  fs.rmSync(path.join(copy, "public"), { recursive: true, force: true });
  fs.symlinkSync(path.join(project, "public"), path.join(copy, "public"), "dir");
}

await import(path.join(copy, "server.js"));
