/**
 * `npm start`: runs the standalone server of the last `next build` (what the Docker image runs),
 * which holds about 30 MiB less than `next start` (that one loads next.config.ts and the build
 * tooling). The standalone server changes its working directory to .next/standalone, so what is
 * relative to the project is settled here first: the .env files, DATA_DIR (its data would
 * otherwise live inside the build output, removed by the next build), the static files and
 * public/ (linked into the output, never copied stale), and `next start`'s -p/-H options.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import nextEnv from "@next/env";

const project = process.cwd();
const output = path.join(project, ".next", "standalone");
const server = path.join(output, "server.js");
if (!fs.existsSync(server)) {
  console.error("No production build here: run `npm run build` first (or `npm run serve`, which does both).");
  process.exit(1);
}

const { values } = parseArgs({ options: { port: { type: "string", short: "p" }, hostname: { type: "string", short: "H" } } });
if (values.port) process.env.PORT = values.port;
if (values.hostname) process.env.HOSTNAME = values.hostname;

nextEnv.loadEnvConfig(project, false, { info: () => {}, error: console.error });
process.env.DATA_DIR = path.resolve(project, process.env.DATA_DIR || "data");

/** A symbolic link at `link` to `target`, replacing whatever was there. */
function linkInto(target, link) {
  if (!fs.existsSync(target)) return;
  fs.rmSync(link, { recursive: true, force: true });
  fs.symlinkSync(target, link, "dir");
}
linkInto(path.join(project, ".next", "static"), path.join(output, ".next", "static"));
linkInto(path.join(project, "public"), path.join(output, "public"));

await import(server);
