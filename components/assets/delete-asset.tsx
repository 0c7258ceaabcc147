"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { ErrorAlert } from "@/components/ui/error-alert";
import { buttonStyles } from "@/components/ui/styles";
import type { Asset } from "@/lib/assets/schemas";
import { api, dataOf } from "@/lib/client/api";
import { formatBytes } from "@/lib/client/format";
import { usePendingRequest } from "@/lib/client/use-pending-request";
import type { Task } from "@/lib/tasks/schemas";

/** A danger action before it is confirmed: red, but not yet the solid button that deletes. */
export const dangerOutline =
  "inline-flex items-center justify-center gap-2 rounded-md border border-red-300 bg-white px-3 py-2 text-sm font-medium text-red-700 " +
  "transition-colors hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-50 " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600";

/** Whether a completed export asked for its pins to go with the asset (`ipfs.unpinOnDelete`). */
function unpinsOnDelete(task: Task): boolean {
  const exported = task.params.export;
  if (typeof exported !== "object" || exported === null || !("ipfs" in exported)) return false;
  const ipfs = exported.ipfs;
  return typeof ipfs === "object" && ipfs !== null && "unpinOnDelete" in ipfs && ipfs.unpinOnDelete === true;
}

const exportsOf = (count: number) => (count === 1 ? "1 export" : `${count} exports`);

/** The asset's completed exports, split by whether deleting it unpins what they pinned; null until known. */
function useFinishedExports(assetId: string, asked: boolean) {
  const [exports, setExports] = useState<{ unpinned: number; kept: number } | "unknown" | null>(null);
  useEffect(() => {
    if (!asked) return;
    const controller = new AbortController();
    dataOf(
      api.GET("/api/task", {
        params: { query: { assetId, type: "export", phase: "completed", limit: 100 } },
        signal: controller.signal,
      }),
    ).then(
      (tasks) => {
        const unpinned = tasks.filter(unpinsOnDelete).length;
        setExports({ unpinned, kept: tasks.length - unpinned });
      },
      () => !controller.signal.aborted && setExports("unknown"),
    );
    return () => controller.abort();
  }, [assetId, asked]);
  return exports;
}

/** What happens to copies made by exports: the service only undoes IPFS pins that asked for it. */
function ExportsNote({ exports }: { exports: ReturnType<typeof useFinishedExports> }) {
  if (exports === null) return null;
  if (exports === "unknown") {
    return <p>Exports already made stay where they were sent, except IPFS pins made with “Unpin when the asset is deleted”, which are removed.</p>;
  }
  return (
    <>
      {exports.unpinned > 0 && (
        <p>
          The IPFS pins of {exportsOf(exports.unpinned)} made with “Unpin when the asset is deleted” are removed (a CID another of your assets
          uses is kept).
        </p>
      )}
      {exports.kept > 0 && (
        <p>
          What {exportsOf(exports.kept)} already sent stays there: IPFS pins stay pinned, files sent to a URL stay at that URL.
        </p>
      )}
    </>
  );
}

/** Delete with an inline confirmation that says what goes: the file, playback, the tasks, and which exports are undone. */
export function DeleteAsset({ asset }: { asset: Asset }) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const exports = useFinishedExports(asset.id, confirming);
  const { busy, errors, run } = usePendingRequest();
  // Deleted, and on its way to the list: nothing left to click.
  const [deleted, setDeleted] = useState(false);

  const remove = () =>
    run(async () => {
      await dataOf(api.DELETE("/api/asset/{id}", { params: { path: { id: asset.id } } }));
      setDeleted(true);
      router.push("/assets");
    });

  if (!confirming) {
    return (
      <button type="button" className={dangerOutline} onClick={() => setConfirming(true)}>
        Delete asset
      </button>
    );
  }
  return (
    <div role="group" aria-label="Confirm deletion" className="space-y-2 rounded-md border border-red-200 bg-red-50 p-3">
      <div className="space-y-2 text-sm text-red-900">
        <p className="font-medium">Delete “{asset.name}” for good? This removes:</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            its file{asset.size !== undefined && ` (${formatBytes(asset.size)})`} and its poster, from this service;
          </li>
          {asset.status === "ready" && <li>its playback: the MP4, HLS, player page and embed URLs stop working at once;</li>}
          <li>its tasks and their history.</li>
        </ul>
        <ExportsNote exports={exports} />
      </div>
      <div className="flex gap-2">
        <button type="button" className={buttonStyles.danger} onClick={remove} disabled={busy || deleted}>
          {busy || deleted ? "Deleting…" : "Delete"}
        </button>
        <button type="button" className={buttonStyles.secondary} onClick={() => setConfirming(false)} disabled={busy || deleted} autoFocus>
          Keep it
        </button>
      </div>
      <ErrorAlert messages={errors} />
    </div>
  );
}
