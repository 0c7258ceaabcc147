"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ChooseVideoButton } from "@/components/upload/choose-video-button";
import { isFinished, isSending, type UploadItem } from "@/components/upload/upload-items";
import { useUploads } from "@/components/upload/upload-provider";
import { ErrorAlert } from "@/components/ui/error-alert";
import { buttonStyles, cardStyles } from "@/components/ui/styles";
import type { Asset } from "@/lib/assets/schemas";
import { api, dataOf, messagesOf } from "@/lib/client/api";
import { useHydrated } from "@/lib/client/use-hydrated";
import { dangerOutline } from "./delete-asset";

/** An imported asset whose file the service is still fetching; the task's progress shows with the asset's tasks. */
export function ImportingAsset({ url }: { url: string }) {
  return (
    <section aria-labelledby="importing-heading" className={`${cardStyles} space-y-2`}>
      <h2 id="importing-heading" className="text-lg font-semibold">
        Importing the file
      </h2>
      <p className="break-all text-sm text-slate-700">
        The service is downloading it from <code>{url}</code>, then checks it like an upload.
      </p>
    </section>
  );
}

/** A clip's file is being cut from the asset it names. */
export function CuttingClip({ sourceId }: { sourceId: string }) {
  return (
    <section aria-labelledby="cutting-heading" className={`${cardStyles} space-y-2`}>
      <h2 id="cutting-heading" className="text-lg font-semibold">
        Cutting the clip
      </h2>
      <p className="text-sm text-slate-700">
        The service is cutting it from <Link href={`/assets/${sourceId}`} className="font-medium text-indigo-700 underline">its source asset</Link>, then checks it like an upload.
      </p>
    </section>
  );
}

interface WaitingState {
  heading: string;
  /** What the asset waits for, and what to do about it. */
  explanation: string;
  /** Choosing the file again only helps when no upload of it is sending or being checked here. */
  resumable: boolean;
}

/** What the asset waits for, from this tab's upload of it when there is one. */
function waitingStateOf(upload: UploadItem | undefined): WaitingState {
  if (upload?.phase === "processing") {
    return {
      heading: "Checking the file",
      explanation:
        "Every byte has arrived. The service is checking that it is an MP4 with H.264 video and AAC audio: " +
        "wait, this page shows the video as soon as the check is done.",
      resumable: false,
    };
  }
  if (upload && isSending(upload)) {
    return {
      heading: "Uploading the file",
      explanation:
        "The file is being uploaded from this tab; the upload area shows how far it is. Keep this tab open: " +
        "the service checks the file as soon as its last byte arrives.",
      resumable: false,
    };
  }
  return {
    heading: "Waiting for the file",
    explanation:
      "The video's file has not arrived in full yet, so it cannot be checked or played. If it is being uploaded " +
      "elsewhere (another tab, or the API), wait for it to finish. If its upload stopped, resume it: choose the " +
      "same file, and it goes on from where it stopped. Or cancel the upload, and this asset is removed.",
    resumable: true,
  };
}

/**
 * An asset still waiting for its file: its upload may run in another tab, or have been given up.
 * It can be resumed by choosing the same file again (from any browser: the server knows where its
 * upload stopped), or cancelled.
 */
export function WaitingAsset({ asset }: { asset: Asset }) {
  const router = useRouter();
  const { items, resumeAsset } = useUploads();
  const waiting = waitingStateOf(items.find((item) => item.assetId === asset.id && !isFinished(item)));
  const hydrated = useHydrated();
  const [busy, setBusy] = useState<"resuming" | "cancelling" | null>(null);
  const [resumed, setResumed] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  async function resume(file: File) {
    setBusy("resuming");
    setErrors([]);
    try {
      const refusal = await resumeAsset(asset.id, file);
      if (refusal) setErrors([refusal]);
      else setResumed(true);
    } catch (error) {
      setErrors(messagesOf(error));
    } finally {
      setBusy(null);
    }
  }

  async function cancel() {
    setBusy("cancelling");
    setErrors([]);
    try {
      await dataOf(api.DELETE("/api/asset/{id}", { params: { path: { id: asset.id } } }));
      router.push("/assets");
    } catch (error) {
      setErrors(messagesOf(error));
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="waiting-heading" className={`${cardStyles} space-y-3`}>
      <h2 id="waiting-heading" className="text-lg font-semibold">
        {waiting.heading}
      </h2>
      <p className="text-sm text-slate-700">{waiting.explanation}</p>
      {resumed && (
        <p role="status" className="text-sm text-slate-700">
          Resuming: the upload area shows how far it is.
        </p>
      )}
      <ErrorAlert messages={errors} />
      <div className="flex flex-wrap gap-2">
        {waiting.resumable && (
          <ChooseVideoButton
            onFile={resume}
            disabled={!hydrated || busy !== null}
            className={buttonStyles.primary}
            inputLabel="The file to resume the upload with"
          >
            {busy === "resuming" ? "Checking the file…" : "Resume upload"}
          </ChooseVideoButton>
        )}
        <button type="button" onClick={cancel} disabled={busy !== null} className={dangerOutline}>
          {busy === "cancelling" ? "Cancelling…" : "Cancel upload"}
        </button>
      </div>
    </section>
  );
}
