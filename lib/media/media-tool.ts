import { spawn } from "node:child_process";
import type { Readable } from "node:stream";

/** Bounds every ffmpeg/ffprobe run: a stuck or hostile input never hangs a task nor takes the node's memory. */
export interface MediaToolLimits {
  timeoutMs: number;
  /** Address-space cap of the process (ulimit -v), in MiB. */
  memoryMb: number;
  /** 0 = normal priority; background work runs niced so viewers' requests come first. */
  niceness?: number;
  signal?: AbortSignal;
}

export interface MediaToolRun {
  /** The command's standard output, to be consumed by the caller. */
  stdout: Readable;
  /** Resolves when the process has ended: its exit code, or the reason it was stopped. */
  done: Promise<MediaToolExit>;
}

export interface MediaToolExit {
  code: number | null;
  /** Set when we stopped it: over time, aborted. */
  stoppedBecause?: string;
  /** The tail of what it said on stderr, with its input (maybe a pre-signed URL) hidden. */
  stderr: string;
}

const STDERR_KEPT = 2000;

/**
 * Runs a media tool under /bin/sh with `ulimit -v` (memory) and `nice`, kills it (SIGKILL) after
 * the time limit or on abort. `hidden` strings (a signed input URL) never reach the returned text.
 */
export function runMediaTool(command: string, args: string[], limits: MediaToolLimits, hidden: string[] = []): MediaToolRun {
  const script = `ulimit -v ${Math.max(64, Math.round(limits.memoryMb)) * 1024}; exec nice -n ${limits.niceness ?? 0} "$@"`;
  const child = spawn("/bin/sh", ["-c", script, "media-tool", command, ...args], { stdio: ["ignore", "pipe", "pipe"] });
  let stoppedBecause: string | undefined;
  const stop = (why: string) => {
    stoppedBecause ??= why;
    child.kill("SIGKILL");
  };
  const timer = setTimeout(() => stop(`it ran longer than ${Math.round(limits.timeoutMs / 1000)} s`), limits.timeoutMs);
  const onAbort = () => stop("it was stopped on request");
  limits.signal?.addEventListener("abort", onAbort, { once: true });
  if (limits.signal?.aborted) onAbort();
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString("utf8")).slice(-STDERR_KEPT);
  });
  const done = new Promise<MediaToolExit>((resolve) => {
    const finish = (code: number | null) => {
      clearTimeout(timer);
      limits.signal?.removeEventListener("abort", onAbort);
      let said = stderr;
      for (const secret of hidden) said = said.split(secret).join("<input>");
      resolve({ code, stoppedBecause, stderr: said.trim() });
    };
    child.once("error", (error) => {
      stderr += String(error.message);
      finish(null);
    });
    child.once("close", (code) => finish(code));
  });
  return { stdout: child.stdout, done };
}

/** Runs to the end and returns its standard output whole: for small outputs (ffprobe's JSON). */
export async function runMediaToolForOutput(command: string, args: string[], limits: MediaToolLimits, maxBytes: number, hidden: string[] = []) {
  const run = runMediaTool(command, args, limits, hidden);
  const chunks: Buffer[] = [];
  let size = 0;
  run.stdout.on("data", (chunk: Buffer) => {
    size += chunk.length;
    if (size <= maxBytes) chunks.push(chunk);
  });
  const exit = await run.done;
  return { exit, output: Buffer.concat(chunks), truncated: size > maxBytes };
}

/** The last meaningful line ffmpeg wrote: its reason, short enough for a task's error message. */
export function toolReason(exit: MediaToolExit): string {
  if (exit.stoppedBecause) return exit.stoppedBecause;
  const lines = exit.stderr.split("\n").map((line) => line.trim()).filter(Boolean);
  const last = lines.filter((line) => !/^(Conversion failed|Exiting normally)/.test(line)).at(-1) ?? "no output";
  return `exited with ${exit.code ?? "an error"}: ${last.slice(0, 300)}`;
}
