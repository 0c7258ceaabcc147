"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ErrorAlert } from "@/components/ui/error-alert";
import { cardStyles } from "@/components/ui/styles";
import type { Asset } from "@/lib/assets/schemas";
import { apiRequest, messagesOf } from "@/lib/client/api";
import { dangerOutline } from "./delete-asset";

/**
 * An asset still waiting for its file: its upload may run in another tab, or have been given up.
 * It can be resumed by choosing the same file again (the upload tray matches it), or cancelled.
 */
export function WaitingAsset({ asset }: { asset: Asset }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  async function cancel() {
    setBusy(true);
    setErrors([]);
    try {
      await apiRequest(`/api/asset/${asset.id}`, { method: "DELETE" });
      router.push("/assets");
    } catch (error) {
      setErrors(messagesOf(error));
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="waiting-heading" className={`${cardStyles} space-y-3`}>
      <h2 id="waiting-heading" className="text-lg font-semibold">
        Waiting for the file
      </h2>
      <p className="text-sm text-slate-700">
        No complete file has arrived yet. If the upload was interrupted, choose the same file again in the upload area on the{" "}
        <Link href="/assets" className="font-medium text-indigo-700 underline">
          Assets page
        </Link>
        : it resumes where it stopped. Otherwise cancel the upload, and this asset is removed.
      </p>
      <ErrorAlert messages={errors} />
      <button
        type="button"
        onClick={cancel}
        disabled={busy}
        className={dangerOutline}
      >
        {busy ? "Cancelling…" : "Cancel upload"}
      </button>
    </section>
  );
}
