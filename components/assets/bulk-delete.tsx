"use client";

import { useState } from "react";
import { ErrorAlert } from "@/components/ui/error-alert";
import { buttonStyles } from "@/components/ui/styles";
import type { Asset } from "@/lib/assets/schemas";
import { api, dataOf } from "@/lib/client/api";
import { usePendingRequest } from "@/lib/client/use-pending-request";
import { dangerOutline } from "./delete-asset";
import { countOf, describeBulkFailure, forEachAsset, SomeAssetsFailed } from "./each-asset";

/**
 * "Delete selected" for the assets ticked on this page, with one confirmation naming how many.
 * Each asset is its own request, all of them tried: the ones that fail stay selected, each with its reason.
 */
export function BulkDelete({
  selected,
  onDeleted,
}: {
  selected: Asset[];
  /** Called once every request has answered, with the assets that could not be deleted. */
  onDeleted(failed: Asset[]): void;
}) {
  const [confirming, setConfirming] = useState(false);
  const { busy, errors, run } = usePendingRequest();

  const remove = () =>
    run(async () => {
      const { failed, messages } = await forEachAsset(selected, (asset) =>
        dataOf(api.DELETE("/api/asset/{id}", { params: { path: { id: asset.id } } })),
      );
      setConfirming(false);
      onDeleted(failed);
      if (messages.length > 0) throw new SomeAssetsFailed(messages);
    }, describeBulkFailure);

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
