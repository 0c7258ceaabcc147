import { RelativeTime } from "@/components/ui/relative-time";
import type { Task } from "@/lib/tasks/schemas";

/** "retried 2× · 5 min ago" (the time absolute on hover), or nothing for a task never retried. */
export function RetryTrace({ task, className }: { task: Task; className?: string }) {
  const { retries, retriedAt } = task.status;
  if (retries === 0) return null;
  return (
    <span className={className} data-retries={retries}>
      retried {retries}×
      {retriedAt !== undefined && (
        <>
          {" · "}
          <RelativeTime millis={retriedAt} />
        </>
      )}
    </span>
  );
}
