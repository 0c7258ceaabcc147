import fs from "node:fs";

/** Resident memory of a process and all its descendants, in bytes. */
export function rssOfTree(rootPid: number): number {
  let total = 0;
  const visit = (pid: number) => {
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
      total += Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) * 1024;
      const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
      if (children) children.split(/\s+/).map(Number).forEach(visit);
    } catch {
      // the process ended between listing and reading
    }
  };
  visit(rootPid);
  return total;
}

/** Samples a process tree's RSS every 50 ms; `stop` returns the baseline and the peak. */
export function sampleMemory(pid: number) {
  const before = rssOfTree(pid);
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rssOfTree(pid))), 50);
  return {
    stop() {
      clearInterval(timer);
      return { before, peak, growth: peak - before };
    },
  };
}

export const mib = (bytes: number) => bytes / 1024 / 1024;
