import type { Task } from "@/lib/tasks/schemas";

export type { ExportOutput } from "@/lib/tasks/schemas";

/** The parts of an export task's public params and output the dashboard shows. */
export interface ExportParamsView {
  ipfs?: { pinning?: Record<string, string>; cidVersion?: 0 | 1; unpinOnDelete?: boolean };
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

export const taskKind = (task: Task) => (task.type === "export" ? "Export" : "File check");

/** `Export 1a2b3c4d`: names a task in labels, where the asset's name may not be known yet. */
export const taskLabel = (task: Task) => `${taskKind(task)} ${task.id.slice(0, 8)}`;

/**
 * Whether running the task again can end differently. A file check fails on the file's bytes
 * (wrong codec, not an MP4, truncated, too large, deleted): the same bytes fail the same way.
 * An export fails on its destination (refused, unreachable, bad credentials), which can change.
 */
export const canRetry = (task: Task) => task.type === "export" && task.status.phase === "failed";

export const isActive = (task: Task) => ["pending", "waiting", "running"].includes(task.status.phase);
