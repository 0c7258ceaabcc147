import type { Task } from "@/lib/tasks/schemas";

export type { ExportOutput } from "@/lib/tasks/schemas";

/** The parts of an export task's public params and output the dashboard shows. */
export interface ExportParamsView {
  ipfs?: { pinning?: Record<string, string> };
  custom?: { url: string; method: string; headers: Record<string, string> };
}

export function exportParams(task: Task): ExportParamsView | undefined {
  return task.type === "export" ? (task.params.export as ExportParamsView | undefined) : undefined;
}

/** The secrets a retry must send again: they are discarded when an export fails. */
export function secretsToResend(task: Task): { pinning?: "jwt" | "keys"; headerNames: string[] } {
  const params = exportParams(task);
  const pinning = params?.ipfs?.pinning;
  return {
    pinning: pinning ? ("jwt" in pinning ? "jwt" : "keys") : undefined,
    headerNames: Object.keys(params?.custom?.headers ?? {}),
  };
}
