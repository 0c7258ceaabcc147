import fs from "node:fs";

/** Resident memory of one process, in bytes (0 once it has ended). */
export function rssOfProcess(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/**
 * Resident memory of a process and all its descendants, in bytes. A child still running its
 * parent's program (same command line) is a fork on its way to exec a media tool: until then its
 * pages are its parent's, shared copy-on-write, so its VmRSS would count them a second time (up to
 * 124 MiB of next-server's under load). It is counted once it has become ffprobe or ffmpeg.
 */
export function rssOfTree(rootPid: number): number {
  let total = 0;
  const visit = (pid: number, parentCommand?: string) => {
    const command = readCommand(pid);
    if (command !== parentCommand) total += rssOfProcess(pid);
    try {
      const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
      if (children) for (const child of children.split(/\s+/).map(Number)) visit(child, command);
    } catch {
      // the process ended between listing and reading
    }
  };
  visit(rootPid);
  return total;
}

/** The process's command line as /proc has it (NUL-separated), undefined once it has ended. */
export function readCommand(pid: number): string | undefined {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "latin1");
  } catch {
    return undefined;
  }
}

/** What `npm start` started (a shell and next-server), without npm itself. */
export const rssOfDescendants = (pid: number) => rssOfTree(pid) - rssOfProcess(pid);

/** Samples a process tree's RSS every 50 ms; `stop` returns the baseline and the peak. */
export function sampleMemory(pid: number, measure: (pid: number) => number = rssOfTree) {
  const before = measure(pid);
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, measure(pid))), 50);
  return {
    peakSoFar: () => peak,
    stop() {
      clearInterval(timer);
      return { before, peak, growth: peak - before };
    },
  };
}

export const mib = (bytes: number) => bytes / 1024 / 1024;
