import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

/** Runs a command and returns its wall time in seconds. */
export async function timeCommand(file: string, args: string[]): Promise<number> {
  const started = performance.now();
  await run(file, args, { maxBuffer: 1 << 20 });
  return (performance.now() - started) / 1000;
}

export async function curlUpload(file: string, url: string, method = "PUT"): Promise<number> {
  return timeCommand("curl", ["-sS", "--fail", "-X", method, "-T", file, "-o", "/dev/null", url]);
}
