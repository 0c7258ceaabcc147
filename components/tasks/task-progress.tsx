"use client";

import { ProgressBar } from "@/components/ui/progress-bar";
import { formatBytes, formatSecondsLeft } from "@/lib/client/format";
import { useTransferRate } from "@/lib/client/transfer-rate";
import type { Task } from "@/lib/tasks/schemas";

/**
 * A task's progress for its phase: a bar while it runs or after it completed; a failed task shows
 * why it failed instead (its bar would stop short, at 99%), a cancelled one says so.
 */
export function TaskProgress({ task, label, totalBytes }: { task: Task; label: string; totalBytes?: number }) {
  const { phase, progress, errorMessage } = task.status;
  const running = phase === "running" && task.type === "export";
  const rate = useTransferRate(task.id, progress, totalBytes, running);
  if (phase === "failed") {
    return <p className="break-words text-sm text-red-700">{errorMessage ?? "Failed."}</p>;
  }
  if (phase === "cancelled") return <p className="text-sm text-slate-600">Cancelled at {Math.round(progress * 100)}%.</p>;
  const percent = Math.round(progress * 100);
  return (
    <div className="min-w-32">
      <ProgressBar value={progress} label={`${label} progress`} tone={phase === "completed" ? "green" : "indigo"} />
      <p className="mt-1 text-xs text-slate-600" data-testid="task-progress-text">
        {phase === "pending" || phase === "waiting" ? `Queued · ${percent}%` : `${percent}%`}
        {rate && totalBytes !== undefined && (
          <>
            {` · ${formatBytes(rate.bytesDone)} of ${formatBytes(totalBytes)}`}
            {rate.bytesPerSecond !== undefined && ` · ${formatBytes(rate.bytesPerSecond)}/s`}
            {rate.secondsLeft !== undefined && ` · ${formatSecondsLeft(rate.secondsLeft)} left`}
          </>
        )}
      </p>
    </div>
  );
}
