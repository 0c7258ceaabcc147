/**
 * Runs the benchmarks against the production build and writes bench/RESULTS.md.
 *   npm run bench                          (builds first; every benchmark)
 *   BENCH_ONLY=bodies,load npm run bench   (only those; their sections of RESULTS.md are replaced)
 * BENCH_SIZE_MIB (default 1024) sets the large file size; BENCH_DATABASE_URL (default the local
 * PostgreSQL test database) is where the load test runs and the footprint bench makes its
 * throwaway database.
 */
import fs from "node:fs";
import path from "node:path";
import { benchClip } from "./clip";
import { benchConcurrency } from "./concurrency";
import { benchExport } from "./export";
import { benchFootprint } from "./footprint";
import { benchHls } from "./hls";
import { describeMachine } from "./lib/machine";
import { makeFile, makeHevcMov, makeLarge1080pMp4, makeLargeMp4 } from "./lib/make-media";
import { printResult, type BenchResult } from "./lib/results";
import { benchLocalUpload } from "./local-upload";
import { benchProcessing } from "./processing";
import { benchRequestBodies } from "./request-bodies";
import { benchRequestUploadLoad } from "./request-upload-load";
import { benchScale } from "./scale";
import { benchStoryboard } from "./storyboard";
import { benchTranscode } from "./transcode";
import { benchTusUpload } from "./tus-upload";
import { benchViewerMetrics } from "./viewer-metrics";
import { benchWebhooks } from "./webhooks";

const sizeBytes = Number(process.env.BENCH_SIZE_MIB ?? 1024) * 1024 * 1024;
const databaseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const workDir = path.resolve("bench/out");
const resultsFile = path.resolve("bench/RESULTS.md");

/** Each benchmark by name, in the order of RESULTS.md. */
const BENCHES: Record<string, () => Promise<BenchResult>> = {
  load: () => benchRequestUploadLoad(databaseUrl),
  upload: async () => benchLocalUpload(await makeFile(workDir, sizeBytes)),
  tus: async () => benchTusUpload(await makeFile(workDir, sizeBytes)),
  processing: async () => benchProcessing(await makeLargeMp4(workDir, sizeBytes)),
  export: async () => benchExport(await makeLargeMp4(workDir, sizeBytes)),
  hls: async () => benchHls(await makeLargeMp4(workDir, sizeBytes)),
  transcode: async () => benchTranscode(await makeHevcMov(workDir, 600), await makeHevcMov(workDir, 60)),
  storyboard: () => benchStoryboard(workDir),
  clip: async () => benchClip(await makeLarge1080pMp4(workDir, sizeBytes), workDir),
  concurrency: () => benchConcurrency(),
  bodies: () => benchRequestBodies(),
  footprint: () => benchFootprint(databaseUrl),
  webhooks: () => benchWebhooks(databaseUrl),
  scale: () => benchScale(databaseUrl),
  viewers: () => benchViewerMetrics(databaseUrl),
};

async function main() {
  fs.mkdirSync(workDir, { recursive: true });
  const only = process.env.BENCH_ONLY?.split(",").map((name) => name.trim());
  const unknown = only?.filter((name) => !(name in BENCHES));
  if (unknown?.length) throw new Error(`unknown benchmark ${unknown.join(", ")}; choose from ${Object.keys(BENCHES).join(", ")}`);
  const sections = readSections();
  let missed = false;
  for (const [name, run] of Object.entries(BENCHES)) {
    if (only && !only.includes(name)) continue;
    const result = await run();
    printResult(result);
    missed ||= result.checks.some((c) => !c.ok);
    sections.set(name, renderSection(name, result));
  }
  fs.writeFileSync(resultsFile, renderResults(sections));
  console.log("\nwritten to bench/RESULTS.md");
  if (missed) process.exitCode = 1;
}

const MARKER = /^<!-- bench:([\w-]+) -->$/;

/** The sections of the current RESULTS.md by benchmark name, so a partial run keeps the others. */
function readSections(): Map<string, string> {
  const sections = new Map<string, string>();
  if (!fs.existsSync(resultsFile)) return sections;
  let current: string | undefined;
  for (const line of fs.readFileSync(resultsFile, "utf8").split("\n")) {
    const name = line.match(MARKER)?.[1];
    if (name) sections.set((current = name), "");
    if (current) sections.set(current, `${sections.get(current)}${line}\n`);
  }
  return sections;
}

function renderSection(name: string, result: BenchResult): string {
  const lines = [`<!-- bench:${name} -->`, `## ${result.title}`, "", `Run on ${new Date().toISOString().slice(0, 10)}.`, "", "| figure | value |", "|---|---|"];
  for (const [figure, value] of Object.entries(result.figures)) lines.push(`| ${figure} | ${value} |`);
  lines.push("", "| check | measured | target | |", "|---|---|---|---|");
  for (const c of result.checks) lines.push(`| ${c.name} | ${c.value} | ${c.target} | ${c.ok ? "meets" : "misses"} |`);
  if (result.notes) lines.push("", result.notes.trimEnd());
  return `${lines.join("\n")}\n\n`;
}

function renderResults(sections: Map<string, string>): string {
  const head = [
    "# Benchmark results",
    "",
    `Written by \`npm run bench\` on ${describeMachine()}; each section says when it last ran.`,
    "Each figure is compared with a baseline measured in the same run on the same machine.",
    "",
    "",
  ].join("\n");
  const ordered = Object.keys(BENCHES).flatMap((name) => (sections.has(name) ? [sections.get(name)!] : []));
  // Sections of the benches run on their own (car-memory, import-memory) are kept after these.
  const standalone = [...sections].flatMap(([name, text]) => (name in BENCHES ? [] : [text]));
  return head + [...ordered, ...standalone].join("").trimEnd() + "\n";
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
