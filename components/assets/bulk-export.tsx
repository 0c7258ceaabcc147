"use client";

import Link from "next/link";
import { useId, useState, type FormEvent } from "react";
import { ErrorAlert } from "@/components/ui/error-alert";
import { buttonStyles } from "@/components/ui/styles";
import type { Asset } from "@/lib/assets/schemas";
import { api, dataOf, messagesOf } from "@/lib/client/api";
import { useHydrated } from "@/lib/client/use-hydrated";
import { usePendingRequest } from "@/lib/client/use-pending-request";
import { countOf, describeBulkFailure, forEachAsset, SomeAssetsFailed } from "./each-asset";
import { ExportDestinations, forgetCredentials, plainError, useExportChoices } from "./export-options";

const exportsOf = (count: number) => (count === 1 ? "1 export" : `${count} exports`);

/**
 * Starts an export for each selected asset that is ready, all with the same options as the asset
 * page's export form: one task each, every asset tried whatever the others answer.
 */
export function BulkExportForm({ selected, serverPinning }: { selected: Asset[]; serverPinning: boolean }) {
  const id = useId();
  const choices = useExportChoices(serverPinning);
  const { busy, errors, run, clear } = usePendingRequest();
  const [outcome, setOutcome] = useState<{ started: number; failed: number } | null>(null);
  const hydrated = useHydrated();
  const ready = selected.filter((asset) => asset.status === "ready");
  const notReady = selected.length - ready.length;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setOutcome(null);
    void run(async () => {
      const body = choices.bodyOf(form);
      const { done, messages } = await forEachAsset(
        ready,
        (asset) => dataOf(api.POST("/api/asset/{id}/export", { params: { path: { id: asset.id } }, body })),
        (error) => messagesOf(error).map(plainError),
      );
      setOutcome({ started: done.length, failed: messages.length });
      if (done.length > 0) forgetCredentials(form);
      if (messages.length > 0) throw new SomeAssetsFailed(messages);
    }, describeBulkFailure);
  }

  // What was reported is about what was sent: once the form changes it no longer applies.
  const clearOutcome = () => {
    clear();
    if (outcome) setOutcome(null);
  };

  return (
    <form onSubmit={submit} onChange={clearOutcome} aria-labelledby={`${id}-title`} className="space-y-4 border-b border-slate-200 bg-slate-50 p-4">
      <div className="space-y-1">
        <h3 id={`${id}-title`} className="text-base font-semibold">
          Bulk export
        </h3>
        <p className="text-sm text-slate-600">
          One export task for each of the {countOf(ready.length)} selected that {ready.length === 1 ? "is" : "are"} ready, all with these options.
          {notReady > 0 && ` ${countOf(notReady)} not yet ready (or failed) ${notReady === 1 ? "is" : "are"} left out.`}
        </p>
      </div>
      <ExportDestinations choices={choices} id={id} />
      <ErrorAlert messages={errors} title={outcome ? `${exportsOf(outcome.failed)} not started` : "The exports were not started"} />
      {outcome && outcome.started > 0 && (
        <p role="status" className="text-sm text-green-700">
          Started {exportsOf(outcome.started)}
          {outcome.failed > 0 && `; ${outcome.failed} failed`}.{" "}
          <Link href="/tasks?type=export" className="font-medium text-indigo-700 underline">
            Follow them on the Tasks page
          </Link>
        </p>
      )}
      <button type="submit" className={buttonStyles.primary} disabled={busy || ready.length === 0 || choices.metadataError !== undefined || !hydrated}>
        {busy ? "Starting…" : `Start ${exportsOf(ready.length)}`}
      </button>
    </form>
  );
}
