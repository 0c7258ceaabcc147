"use client";

import Link from "next/link";
import { CopyButton } from "@/components/ui/copy-button";
import { StatusBadge } from "@/components/ui/status-badge";
import { formatBytes, formatTime } from "@/lib/client/format";
import type { Task } from "@/lib/tasks/schemas";
import { CancelTask } from "./cancel-task";
import { RetryTask } from "./retry-task";
import { RetryTrace } from "./retry-trace";
import { TaskProgress } from "./task-progress";
import { canRetry, exportParams, isActive, taskLabel, type ExportOutput } from "./task-shapes";

/** One task of an asset, on its page: progress, what it sent where, and what it made. */
export function TaskCard({
  task,
  showAsset,
  assetSize,
  onChanged,
}: {
  task: Task;
  showAsset?: boolean;
  assetSize?: number;
  onChanged(): void;
}) {
  const phase = task.status.phase;
  const label = taskLabel(task);
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
      <TaskProgress task={task} label={label} totalBytes={assetSize} />
      <RetryTrace task={task} className="block text-xs text-slate-600" />
      {isActive(task) && <CancelTask task={task} onCancelled={onChanged} />}
      {canRetry(task) && <RetryTask task={task} onRetried={onChanged} />}
      <Outputs task={task} />
    </li>
  );
}

function Destinations({ task }: { task: Task }) {
  const params = exportParams(task);
  if (!params) return null;
  return (
    <p className="text-sm text-slate-700">
      {[params.ipfs && ipfsChoices(params.ipfs), params.custom && `${params.custom.method} ${params.custom.url}`].filter(Boolean).join(" and ")}
    </p>
  );
}

function ipfsChoices(ipfs: NonNullable<ReturnType<typeof exportParams>>["ipfs"]): string {
  const choices = [`CID v${ipfs?.cidVersion ?? 1}`, ...(ipfs?.unpinOnDelete ? ["unpinned on delete"] : [])];
  return `IPFS (${choices.join(", ")})`;
}

function Outputs({ task }: { task: Task }) {
  const output = task.output as { export?: ExportOutput; upload?: { size?: number } } | undefined;
  const ipfs = output?.export?.ipfs;
  const custom = output?.export?.custom;
  if (!ipfs && !custom && output?.upload?.size === undefined) return null;
  return (
    // The verified note sits before the list: a <dl> holds only its terms and their descriptions.
    <div className="space-y-2 rounded-md bg-slate-50 p-3 text-sm">
      {ipfs?.verified && (
        <p className="text-xs font-medium text-green-700" title="The pinning service's CIDs are the ones computed here from the file and the metadata">
          ✓ Verified: the pinned CIDs match the file
        </p>
      )}
      <dl className="space-y-2">
        {ipfs && (
          <>
            <OutputLink term="Video on IPFS" url={ipfs.videoFileUrl} gatewayUrl={ipfs.videoFileGatewayUrl} />
            <OutputLink term="NFT metadata on IPFS" url={ipfs.nftMetadataUrl} gatewayUrl={ipfs.nftMetadataGatewayUrl} />
          </>
        )}
        {custom && (
          <div>
            <dt className="font-medium text-slate-700">Custom URL</dt>
            {/* Only the URL may break anywhere: a word of the sentence never. */}
            <dd className="text-slate-600">
              {custom.method} <span className="break-all">{custom.url}</span> answered {custom.status}
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
    </div>
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
