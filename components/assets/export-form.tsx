"use client";

import { useId, useState, type FormEvent } from "react";
import { ErrorAlert } from "@/components/ui/error-alert";
import { buttonStyles } from "@/components/ui/styles";
import { api, dataOf } from "@/lib/client/api";
import { useHydrated } from "@/lib/client/use-hydrated";
import { usePendingRequest } from "@/lib/client/use-pending-request";
import { describeExportFailure, ExportDestinations, forgetCredentials, useExportChoices } from "./export-options";

/** Starts an export of one asset to IPFS and/or a custom URL (POST /api/asset/{id}/export). */
export function ExportForm({ assetId, serverPinning, onStarted }: { assetId: string; serverPinning: boolean; onStarted(): void }) {
  const id = useId();
  const choices = useExportChoices(serverPinning);
  const { busy, errors, run, clear } = usePendingRequest();
  const [started, setStarted] = useState(false);
  const hydrated = useHydrated();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setStarted(false);
    void run(async () => {
      const body = choices.bodyOf(form);
      await dataOf(api.POST("/api/asset/{id}/export", { params: { path: { id: assetId } }, body }));
      setStarted(true);
      forgetCredentials(form);
      onStarted();
    }, describeExportFailure);
  }

  // Errors are about what was sent: once the form changes they no longer apply.
  const clearOutcome = () => {
    clear();
    if (started) setStarted(false);
  };

  return (
    <form onSubmit={submit} onChange={clearOutcome} className="space-y-5" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Export to IPFS or a URL
      </h2>
      <ExportDestinations choices={choices} id={id} />
      <ErrorAlert messages={errors} title="The export was not started" />
      {started && (
        <p role="status" className="text-sm text-green-700">
          Export started. Its progress is shown under Tasks.
        </p>
      )}
      <button type="submit" className={buttonStyles.primary} disabled={busy || choices.metadataError !== undefined || !hydrated}>
        {busy ? "Starting…" : "Start export"}
      </button>
    </form>
  );
}
