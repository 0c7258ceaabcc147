"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ErrorAlert } from "@/components/ui/error-alert";
import { buttonStyles } from "@/components/ui/styles";
import { apiRequest, messagesOf } from "@/lib/client/api";

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
      await apiRequest(`/api/asset/${assetId}`, { method: "DELETE" });
      router.push("/assets");
    } catch (error) {
      setErrors(messagesOf(error));
      setBusy(false);
    }
  }

  if (!confirming) {
    return (
      <button type="button" className={buttonStyles.secondary} onClick={() => setConfirming(true)}>
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
