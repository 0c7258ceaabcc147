"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ErrorAlert } from "@/components/ui/error-alert";
import { buttonStyles } from "@/components/ui/styles";
import { api, dataOf, messagesOf } from "@/lib/client/api";

/** A danger action before it is confirmed: red, but not yet the solid button that deletes. */
export const dangerOutline =
  "inline-flex items-center justify-center gap-2 rounded-md border border-red-300 bg-white px-3 py-2 text-sm font-medium text-red-700 " +
  "transition-colors hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-50 " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600";

/** Delete with an inline confirmation: the file and the asset's tasks go too. */
export function DeleteAsset({ assetId, name }: { assetId: string; name: string }) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  async function remove() {
    setBusy(true);
    setErrors([]);
    try {
      await dataOf(api.DELETE("/api/asset/{id}", { params: { path: { id: assetId } } }));
      router.push("/assets");
    } catch (error) {
      setErrors(messagesOf(error));
      setBusy(false);
    }
  }

  if (!confirming) {
    return (
      <button type="button" className={dangerOutline} onClick={() => setConfirming(true)}>
        Delete asset
      </button>
    );
  }
  return (
    <div role="group" aria-label="Confirm deletion" className="space-y-2 rounded-md border border-red-200 bg-red-50 p-3">
      <p className="text-sm text-red-800">Delete “{name}” and its file for good?</p>
      <div className="flex gap-2">
        <button type="button" className={buttonStyles.danger} onClick={remove} disabled={busy}>
          {busy ? "Deleting…" : "Delete"}
        </button>
        <button type="button" className={buttonStyles.secondary} onClick={() => setConfirming(false)} disabled={busy} autoFocus>
          Keep it
        </button>
      </div>
      <ErrorAlert messages={errors} />
    </div>
  );
}
