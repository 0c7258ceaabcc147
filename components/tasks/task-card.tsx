"use client";

import Link from "next/link";
import { CopyButton } from "@/components/ui/copy-button";
import { ProgressBar } from "@/components/ui/progress-bar";
import { StatusBadge } from "@/components/ui/status-badge";
import { formatBytes, formatTime } from "@/lib/client/format";
import type { Task } from "@/lib/tasks/schemas";
import { RetryTask } from "./retry-task";
import { exportParams, type ExportOutput } from "./task-shapes";

export function TaskCard({ task, showAsset, onChanged }: { task: Task; showAsset?: boolean; onChanged(): void }) {
  const phase = task.status.phase;
  const label = `${task.type === "export" ? "Export" : "Upload check"} ${task.id.slice(0, 8)}`;
  return (
    <li className="space-y-3 p-4" data-task-id={task.id} data-phase={phase}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium">{label}</p>
          <p className="text-xs text-slate-500">
            {formatTime(task.createdAt)}
            {showAsset && task.inputAssetId && (
              <>
                {" · "}
                <Link href={`/assets/${task.inputAssetId}`} className="text-indigo-700 underline">
                  View asset<span className="sr-only"> of {label}</span>
                </Link>
              </>
            )}
          </p>
        </div>
        <StatusBadge status={phase} />
      </div>
      <Destinations task={task} />
      <div>
        <ProgressBar
          value={task.status.progress}
          label={`${label} progress`}
          tone={phase === "completed" ? "green" : phase === "failed" ? "red" : "indigo"}
        />
        <p className="mt-1 text-xs text-slate-600">
          {Math.round(task.status.progress * 100)}%{task.status.retries > 0 && ` · retried ${task.status.retries}×`}
        </p>
      </div>
      {task.status.errorMessage && (
        <div className="space-y-2">
          <p className="text-sm text-red-700">{task.status.errorMessage}</p>
          {phase === "failed" && <RetryTask task={task} onRetried={onChanged} />}
        </div>
      )}
      <Outputs task={task} />
    </li>
  );
}

function Destinations({ task }: { task: Task }) {
  const params = exportParams(task);
  if (!params) return null;
  return (
    <p className="text-sm text-slate-700">
      {[params.ipfs && "IPFS", params.custom && `${params.custom.method} ${params.custom.url}`].filter(Boolean).join(" and ")}
    </p>
  );
}

function Outputs({ task }: { task: Task }) {
  const output = task.output as { export?: ExportOutput; upload?: { size?: number } } | undefined;
  const ipfs = output?.export?.ipfs;
  const custom = output?.export?.custom;
  if (!ipfs && !custom && output?.upload?.size === undefined) return null;
  return (
    <dl className="space-y-2 rounded-md bg-slate-50 p-3 text-sm">
      {ipfs && (
        <>
          <OutputLink term="Video on IPFS" url={ipfs.videoFileUrl} gatewayUrl={ipfs.videoFileGatewayUrl} />
          <OutputLink term="NFT metadata on IPFS" url={ipfs.nftMetadataUrl} gatewayUrl={ipfs.nftMetadataGatewayUrl} />
        </>
      )}
      {custom && (
        <div>
          <dt className="font-medium text-slate-700">Custom URL</dt>
          <dd className="break-all text-slate-600">
            {custom.method} {custom.url} answered {custom.status}
          </dd>
        </div>
      )}
      {output?.upload?.size !== undefined && (
        <div>
          <dt className="font-medium text-slate-700">Checked file</dt>
          <dd className="text-slate-600">{formatBytes(output.upload.size)}</dd>
        </div>
      )}
    </dl>
  );
}

function OutputLink({ term, url, gatewayUrl }: { term: string; url: string; gatewayUrl: string }) {
  return (
    <div>
      <dt className="font-medium text-slate-700">{term}</dt>
      <dd className="flex flex-wrap items-center gap-2">
        <code className="break-all text-xs">{url}</code>
        <CopyButton text={url} label={`Copy ${term} address`} />
        <a href={gatewayUrl} target="_blank" rel="noreferrer" className="text-xs font-medium text-indigo-700 underline">
          Open in gateway<span className="sr-only"> ({term})</span>
        </a>
      </dd>
    </div>
  );
}
