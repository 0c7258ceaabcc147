"use client";

import Link from "next/link";
import { Poster } from "@/components/assets/poster";
import { RelativeTime } from "@/components/ui/relative-time";
import { StatusBadge } from "@/components/ui/status-badge";
import { useAssetSummaries, type AssetSummary } from "@/lib/client/asset-summaries";
import type { Task } from "@/lib/tasks/schemas";
import { CancelTask } from "./cancel-task";
import { RetryTask } from "./retry-task";
import { RetryTrace } from "./retry-trace";
import { TaskProgress } from "./task-progress";
import { canRetry, exportParams, isActive, taskKind, taskLabel } from "./task-shapes";

const cell = "flex items-start justify-between gap-3 py-1 lg:table-cell lg:px-3 lg:py-2 lg:align-top";
const head = "px-3 py-2 text-left text-xs font-medium uppercase tracking-wide text-slate-600";

/** The table's columns, in the order of each row's cells. */
const COLUMNS: Array<{ name: string; className?: string; hidden?: boolean }> = [
  { name: "Asset" },
  { name: "Kind" },
  { name: "Phase" },
  { name: "Progress", className: "w-1/4" },
  { name: "Created" },
  { name: "Updated" },
  { name: "Retries" },
  { name: "Actions", hidden: true },
];

/** Tasks as a table, one row each; at phone width the rows stack, each cell with its label. */
export function TaskTable({ tasks, onChanged }: { tasks: Task[]; onChanged(): void }) {
  const assets = useAssetSummaries(tasks.map((task) => task.inputAssetId));
  return (
    <table aria-label="Tasks" className="block w-full rounded-lg border border-slate-200 bg-white text-sm shadow-sm lg:table">
      <thead className="hidden border-b border-slate-200 bg-slate-50 lg:table-header-group">
        <tr>
          {COLUMNS.map(({ name, className, hidden }) => (
            <th key={name} scope="col" className={`${head} ${className ?? ""}`}>
              {hidden ? <span className="sr-only">{name}</span> : name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="block divide-y divide-slate-200 lg:table-row-group">
        {tasks.map((task) => (
          <TaskRow
            key={task.id}
            task={task}
            asset={task.inputAssetId ? assets.get(task.inputAssetId) : null}
            onChanged={onChanged}
          />
        ))}
      </tbody>
    </table>
  );
}

function TaskRow({ task, asset, onChanged }: { task: Task; asset: AssetSummary | null | undefined; onChanged(): void }) {
  const phase = task.status.phase;
  const label = taskLabel(task);
  const params = exportParams(task);
  const destination = params && [params.ipfs && "IPFS", params.custom && params.custom.url].filter(Boolean).join(" and ");
  return (
    <tr className="block p-3 lg:table-row lg:p-0" data-task-id={task.id} data-phase={phase}>
      <th scope="row" className={`${cell} text-left font-normal`}>
        <AssetCell task={task} asset={asset} />
      </th>
      <td className={cell}>
        <Label>Kind</Label>
        <span className="text-right lg:text-left">
          {taskKind(task)}
          {destination && <span className="block break-all text-xs text-slate-500">to {destination}</span>}
        </span>
      </td>
      <td className={cell}>
        <Label>Phase</Label>
        <StatusBadge status={phase} />
      </td>
      <td className={cell}>
        <Label>Progress</Label>
        <div className="min-w-0 max-w-[70%] flex-1 lg:max-w-none">
          <TaskProgress task={task} label={label} totalBytes={asset?.size} />
        </div>
      </td>
      <td className={cell}>
        <Label>Created</Label>
        <RelativeTime millis={task.createdAt} className="whitespace-nowrap text-slate-700" />
      </td>
      <td className={cell}>
        <Label>Updated</Label>
        <RelativeTime millis={task.status.updatedAt} className="whitespace-nowrap text-slate-700" />
      </td>
      <td className={cell}>
        <Label>Retries</Label>
        {task.status.retries > 0 ? (
          <RetryTrace task={task} className="text-right text-slate-700 lg:text-left" />
        ) : (
          <span className="text-slate-500">none</span>
        )}
      </td>
      <td className={`${cell} justify-end`}>
        {isActive(task) && <CancelTask task={task} name={asset?.name} onCancelled={onChanged} />}
        {canRetry(task) && <RetryTask task={task} onRetried={onChanged} />}
      </td>
    </tr>
  );
}

function AssetCell({ task, asset }: { task: Task; asset: AssetSummary | null | undefined }) {
  if (!task.inputAssetId) return <span className="text-slate-600">No asset</span>;
  return (
    <span className="flex min-w-0 items-center gap-2">
      <Poster url={asset?.posterUrl} />
      {asset === null ? (
        <span className="text-slate-600">Deleted asset</span>
      ) : (
        <Link href={`/assets/${task.inputAssetId}`} className="min-w-0 break-words font-medium text-indigo-700 hover:underline">
          {asset?.name ?? <span className="text-slate-500">Asset {task.inputAssetId.slice(0, 8)}</span>}
        </Link>
      )}
    </span>
  );
}

/** A cell's column name, shown in the stacked rows of narrow screens only. */
function Label({ children }: { children: string }) {
  return (
    <span className="shrink-0 text-xs font-medium text-slate-500 lg:hidden">
      {children}
    </span>
  );
}
