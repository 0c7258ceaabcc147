"use client";

import { buttonStyles } from "@/components/ui/styles";
import { ChooseVideoButton } from "./choose-video-button";
import { isCancellable, isFinished, type UploadItem } from "./upload-items";
import { useUploads } from "./upload-provider";

const small = `${buttonStyles.secondary} px-2 py-1 text-xs`;

/** The buttons an upload's card offers in its current phase. */
export function UploadActions({ item }: { item: UploadItem }) {
  const uploads = useUploads();
  const { key, name, phase } = item;
  return (
    <div className="flex shrink-0 gap-1.5">
      {(phase === "uploading" || phase === "retrying" || phase === "offline") && (
        <button
          type="button"
          className={small}
          aria-label={`Pause upload of ${name}`}
          onClick={() => uploads.pause(key)}
        >
          Pause
        </button>
      )}
      {phase === "paused" && (
        <button
          type="button"
          className={small}
          aria-label={`Resume upload of ${name}`}
          onClick={() => uploads.resume(key)}
        >
          Resume
        </button>
      )}
      {phase === "interrupted" && <ChooseFileAgain item={item} />}
      {item.file && (phase === "stopped" || phase === "cancelled") && (
        <button
          type="button"
          className={small}
          aria-label={`Retry upload of ${name}`}
          onClick={() => uploads.retry(key)}
        >
          Retry
        </button>
      )}
      {isCancellable(item) && (
        <button
          type="button"
          className={small}
          aria-label={`Cancel upload of ${name}`}
          onClick={() => uploads.cancel(key)}
        >
          Cancel
        </button>
      )}
      {isFinished(item) && (
        <button
          type="button"
          className={`${buttonStyles.ghost} px-2 py-1 text-xs`}
          aria-label={`Dismiss ${name}`}
          onClick={() => uploads.dismiss(key)}
        >
          Dismiss
        </button>
      )}
    </div>
  );
}

/** Browsers cannot reopen a file by themselves: the user picks it again, and it must be the same. */
function ChooseFileAgain({ item }: { item: UploadItem }) {
  const { resumeWith } = useUploads();
  return (
    <ChooseVideoButton
      onFile={(file) => resumeWith(item.key, file)}
      className={`${buttonStyles.primary} px-2 py-1 text-xs`}
      label={`Choose file for ${item.name} to resume`}
    >
      Choose file…
    </ChooseVideoButton>
  );
}
