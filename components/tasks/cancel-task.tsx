"use client";

import { ErrorAlert } from "@/components/ui/error-alert";
import { buttonStyles } from "@/components/ui/styles";
import { api, ApiRequestError, dataOf, messagesOf } from "@/lib/client/api";
import { usePendingRequest } from "@/lib/client/use-pending-request";
import type { Task } from "@/lib/tasks/schemas";
import { taskLabel } from "./task-shapes";

/** Ends a pending or running task as `cancelled` (POST /api/task/{id}/cancel). */
export function CancelTask({ task, name, onCancelled }: { task: Task; name?: string; onCancelled(): void }) {
  const { busy, errors, run } = usePendingRequest();

  const cancel = () =>
    run(async () => {
      await dataOf(api.POST("/api/task/{id}/cancel", { params: { path: { id: task.id } } }));
      onCancelled();
    }, cancelFailure);

  return (
    <div className="space-y-2">
      <button type="button" className={`${buttonStyles.secondary} px-2 py-1 text-xs`} disabled={busy} onClick={cancel}>
        {busy ? "Cancelling…" : "Cancel"}
        <span className="sr-only"> {name ? `${taskLabel(task)} of ${name}` : taskLabel(task)}</span>
      </button>
      <ErrorAlert messages={errors} />
    </div>
  );
}

function cancelFailure(error: unknown): string[] {
  if (error instanceof ApiRequestError && (error.status === 404 || error.status === 405)) {
    const said = error.messages.join("; ");
    return [`This server cannot cancel tasks, or no longer knows this one (HTTP ${error.status}: ${said}).`];
  }
  if (error instanceof ApiRequestError && error.status === 409) return [`The task could not be cancelled: ${error.messages.join("; ")}.`];
  return messagesOf(error);
}
