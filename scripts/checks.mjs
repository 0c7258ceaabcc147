/**
 * `npm run checks`: lint and typecheck side by side. Each runs on one core (eslint and tsc are
 * single-threaded), so on two cores they take the time of the longer one. Each one's output is
 * printed whole when it ends, never interleaved; the exit code is the first failure's.
 */
import { spawn } from "node:child_process";

const npm = process.platform === "win32" ? "npm.cmd" : "npm";

function run(script) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(npm, ["run", "--silent", script], { stdio: ["ignore", "pipe", "pipe"] });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("close", (code, signal) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      process.stdout.write(Buffer.concat(output));
      console.log(`npm run ${script}: ${code === 0 ? "passed" : `failed (${signal ?? `exit ${code}`})`} in ${seconds} s`);
      resolve(code ?? 1);
    });
  });
}

const codes = await Promise.all(["lint", "typecheck"].map(run));
process.exit(codes.find((code) => code !== 0) ?? 0);
