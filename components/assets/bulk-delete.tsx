"use client";

import { useState } from "react";
import { ErrorAlert } from "@/components/ui/error-alert";
import { buttonStyles } from "@/components/ui/styles";
import type { Asset } from "@/lib/assets/schemas";
import { api, dataOf, messagesOf } from "@/lib/client/api";
import { dangerOutline } from "./delete-asset";

const countOf = (count: number) => (count === 1 ? "1 asset" : `${count} assets`);

/**
 * Deletes each asset with its own request, all of them tried: the ones that fail stay selected,
 * each with its reason.
 */
async function deleteEach(assets: Asset[]): Promise<{ failed: Asset[]; messages: string[] }> {
  const results = await Promise.allSettled(
    assets.map((asset) => dataOf(api.DELETE("/api/asset/{id}", { params: { path: { id: asset.id } } }))),
  );
  const failed: Asset[] = [];
  const messages: string[] = [];
  results.forEach((result, index) => {
    if (result.status === "fulfilled") return;
    failed.push(assets[index]);
    messages.push(`“${assets[index].name}”: ${messagesOf(result.reason).join(" ")}`);
  });
  return { failed, messages };
}

/** "Delete selected" for the assets ticked on this page, with one confirmation naming how many. */
export function BulkDelete({
  selected,
  onDeleted,
}: {
  selected: Asset[];
  /** Called once every request has answered, with the assets that could not be deleted. */
  onDeleted(failed: Asset[]): void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  async function remove() {
    setBusy(true);
    setErrors([]);
    const { failed, messages } = await deleteEach(selected);
    setBusy(false);
    setConfirming(false);
    setErrors(messages);
    onDeleted(failed);
  }

  return (
    <div className="space-y-2">
      {confirming ? (
        <div role="group" aria-label="Confirm deletion" className="flex flex-wrap items-center gap-2 rounded-md border border-red-200 bg-red-50 p-2">
          <p className="text-sm text-red-800">Delete {countOf(selected.length)} and their files for good?</p>
          <button type="button" className={buttonStyles.danger} onClick={remove} disabled={busy}>
            {busy ? "Deleting…" : `Delete ${countOf(selected.length)}`}
          </button>
          <button type="button" className={buttonStyles.secondary} onClick={() => setConfirming(false)} disabled={busy} autoFocus>
            Keep them
          </button>
        </div>
      ) : (
        <button type="button" className={dangerOutline} disabled={selected.length === 0} onClick={() => setConfirming(true)}>
          Delete selected
        </button>
      )}
      <ErrorAlert messages={errors} title={`${countOf(errors.length)} could not be deleted`} />
    </div>
  );
}
