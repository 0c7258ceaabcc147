/**
 * Runs every benchmark against the production build and writes bench/RESULTS.md.
 *   npm run bench            (builds first)
 * BENCH_SIZE_MIB (default 1024) sets the large file size; BENCH_DATABASE_URL (default the local
 * PostgreSQL test database) is where the load test runs.
 */
import fs from "node:fs";
import path from "node:path";
import { benchConcurrency } from "./concurrency";
import { benchExport } from "./export";
import { describeMachine } from "./lib/machine";
import { makeFile, makeLargeMp4 } from "./lib/make-media";
import { printResult, type BenchResult } from "./lib/results";
import { benchLocalUpload } from "./local-upload";
import { benchProcessing } from "./processing";
import { benchRequestUploadLoad } from "./request-upload-load";

const sizeBytes = Number(process.env.BENCH_SIZE_MIB ?? 1024) * 1024 * 1024;
const databaseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const workDir = path.resolve("bench/out");

async function main() {
  fs.mkdirSync(workDir, { recursive: true });
  const results: BenchResult[] = [];
  const record = (result: BenchResult) => {
    printResult(result);
    results.push(result);
  };
  record(await benchRequestUploadLoad(databaseUrl));
  record(await benchLocalUpload(await makeFile(workDir, sizeBytes)));
  const largeMp4 = await makeLargeMp4(workDir, sizeBytes);
  record(await benchProcessing(largeMp4));
  record(await benchExport(largeMp4));
  record(await benchConcurrency());
  fs.writeFileSync(path.resolve("bench/RESULTS.md"), renderResults(results));
  console.log("\nwritten to bench/RESULTS.md");
  if (results.some((r) => r.checks.some((c) => !c.ok))) process.exitCode = 1;
}

function renderResults(results: BenchResult[]): string {
  const lines = [
    "# Benchmark results",
    "",
    `Run on ${new Date().toISOString().slice(0, 10)} by \`npm run bench\`, on ${describeMachine()}.`,
    "Each figure is compared with a baseline measured in the same run on the same machine.",
    "",
  ];
  for (const result of results) {
    lines.push(`## ${result.title}`, "", "| figure | value |", "|---|---|");
    for (const [name, value] of Object.entries(result.figures)) lines.push(`| ${name} | ${value} |`);
    lines.push("", "| check | measured | target | |", "|---|---|---|---|");
    for (const c of result.checks) lines.push(`| ${c.name} | ${c.value} | ${c.target} | ${c.ok ? "meets" : "misses"} |`);
    lines.push("");
  }
  return lines.join("\n");
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
