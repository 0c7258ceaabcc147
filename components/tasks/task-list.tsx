"use client";

import { useEffect, useId } from "react";
import { ErrorAlert } from "@/components/ui/error-alert";
import { Pager } from "@/components/ui/pager";
import { inputStyles, labelStyles } from "@/components/ui/styles";
import { usePagedList } from "@/lib/client/use-paged-list";
import { useUrlQuery } from "@/lib/client/use-url-query";
import type { Task } from "@/lib/tasks/schemas";
import { TaskCard } from "./task-card";
import { TaskTable } from "./task-table";

const TYPES = ["upload", "export"] as const;
const PHASES = ["pending", "waiting", "running", "completed", "failed", "cancelled"] as const;

const isActive = (task: Task) => ["pending", "waiting", "running"].includes(task.status.phase);
const pollTasks = (tasks: Task[]) => (tasks.some(isActive) ? 1000 : 5000);

/**
 * Tasks, newest first, with live progress. With `assetId`, those of one asset; with `filters`,
 * selects for type and phase, filtered by the API and kept in the page's URL. `refreshKey` changes when the caller knows of a new task. As a
 * table (the tasks page), or as cards with each task's outputs (an asset's page, `assetSize`
 * giving running exports their bytes, speed and time left).
 */
export function TaskList({
  assetId,
  assetSize,
  filters,
  table,
  refreshKey = 0,
  onTaskCompleted,
}: {
  assetId?: string;
  assetSize?: number;
  filters?: boolean;
  table?: boolean;
  refreshKey?: number;
  onTaskCompleted?(): void;
}) {
  const url = useUrlQuery();
  const type = (filters && TYPES.find((value) => value === url.get("type"))) || "";
  const phase = (filters && PHASES.find((value) => value === url.get("phase"))) || "";
  const id = useId();
  const list = usePagedList<Task>("/api/task", { limit: "20", assetId, type, phase }, pollTasks);
  const { refresh, items } = list;

  useEffect(() => {
    if (refreshKey > 0) refresh();
  }, [refreshKey, refresh]);

  const completed = items?.filter((task) => task.status.phase === "completed").length ?? 0;
  useEffect(() => {
    if (completed > 0) onTaskCompleted?.();
  }, [completed, onTaskCompleted]);

  return (
    <div className="space-y-3">
      {filters && (
        <div className="grid gap-3 sm:grid-cols-2 md:w-1/2">
          <div>
            <label htmlFor={`${id}-type`} className={labelStyles}>
              Kind
            </label>
            <select id={`${id}-type`} value={type} onChange={(e) => url.change({ type: e.target.value })} className={`${inputStyles} mt-1`}>
              <option value="">All kinds</option>
              {TYPES.map((t) => (
                <option key={t} value={t}>
                  {t === "upload" ? "file check" : t}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-phase`} className={labelStyles}>
              Phase
            </label>
            <select id={`${id}-phase`} value={phase} onChange={(e) => url.change({ phase: e.target.value })} className={`${inputStyles} mt-1`}>
              <option value="">All phases</option>
              {PHASES.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
          </div>
        </div>
      )}
      <ErrorAlert messages={list.errors} title="The tasks could not be loaded" />
      <div aria-busy={list.loading}>
        {items === null ? (
          list.errors.length === 0 && <p className="py-6 text-center text-sm text-slate-500">Loading tasks…</p>
        ) : items.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white py-8 text-center text-sm text-slate-600">
            {type || phase ? "No tasks match these filters." : "No tasks yet."}
          </p>
        ) : table ? (
          <TaskTable tasks={items} onChanged={refresh} />
        ) : (
          <ul aria-label="Tasks" className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white shadow-sm">
            {items.map((task) => (
              <TaskCard key={task.id} task={task} showAsset={!assetId} assetSize={assetSize} onChanged={refresh} />
            ))}
          </ul>
        )}
      </div>
      <Pager label="Task pages" page={list.page} hasNext={list.hasNext} onPrevious={list.previous} onNext={list.next} />
    </div>
  );
}
