import { CopyButton } from "@/components/ui/copy-button";
import type { Asset } from "@/lib/assets/schemas";
import { formatBytes } from "@/lib/client/format";

const REENCODE = "ffmpeg -i in.mov -c:v libx264 -c:a aac -movflags +faststart out.mp4";

/** What to do about a file the service refused, from the reason it gave. */
function fixFor(reason: string): { text: string; command?: string } {
  if (/expired/i.test(reason)) return { text: "No file arrived in time. Upload the file again from the Assets page." };
  if (/empty/i.test(reason)) return { text: "No bytes arrived. Upload the file again, or export it again from your editor." };
  if (/truncated/i.test(reason)) return { text: "The file is incomplete. Upload the whole file again, or export it again from your editor." };
  if (/larger than|too large|limit/i.test(reason)) {
    return { text: "Make the file smaller, for example by re-encoding it at a lower bitrate:", command: "ffmpeg -i in.mov -c:v libx264 -crf 26 -c:a aac out.mp4" };
  }
  if (/no video track/i.test(reason)) return { text: "The file has no picture. Only videos can be uploaded." };
  if (/still image/i.test(reason)) return { text: "The file is a picture, not a video. Only videos can be uploaded." };
  if (/MAX_VIDEO_PIXELS|MAX_DURATION_S/.test(reason)) return { text: "The video is larger or longer than this server takes. Ask its operator, or cut it first." };
  if (/ffmpeg can read|cannot be decoded/i.test(reason)) return { text: "The file is not a video this server can read. Export it again from your editor, or convert it, for example with ffmpeg:", command: REENCODE };
  return { text: "Convert it to an MP4 with H.264 video and AAC audio, for example with ffmpeg, then upload out.mp4:", command: REENCODE };
}

/** What arrived: the tracks the check read, if it got that far, and the file's size; undefined when no file arrived. */
function foundIn(asset: Asset): string | undefined {
  if (asset.size === undefined) return asset.detectedFormat;
  const size = asset.size === 0 ? "an empty file (0 bytes)" : `a file of ${exactSize(asset.size)}`;
  return asset.detectedFormat ? `${asset.detectedFormat}, in ${size}` : size;
}

/** `1.2 MB (1,234,567 bytes)`: exact, to compare with the file on disk. */
function exactSize(bytes: number): string {
  return bytes < 1000 ? formatBytes(bytes) : `${formatBytes(bytes)} (${bytes.toLocaleString("en")} bytes)`;
}

/** A failed asset: the reason once, what was found, the file's size, and how to fix it. */
export function FailedAsset({ asset }: { asset: Asset }) {
  const reason = asset.errorMessage ?? "The file could not be checked.";
  const fix = fixFor(reason);
  const found = foundIn(asset);
  return (
    <section aria-labelledby="failed-heading" className="space-y-3 rounded-lg border border-red-200 bg-red-50 p-4 sm:p-6">
      <h2 id="failed-heading" className="text-lg font-semibold text-red-900">
        This file cannot be used
      </h2>
      <p role="alert" className="text-sm text-red-900">
        <span className="font-medium">Reason: </span>
        {reason}
      </p>
      {found && (
        <p className="text-sm text-red-900">
          <span className="font-medium">Found: </span>
          {found}
        </p>
      )}
      <div className="space-y-2 text-sm text-slate-800">
        <p>
          <span className="font-medium">How to fix it: </span>
          {fix.text}
        </p>
        {fix.command && (
          <div className="flex flex-wrap items-center gap-2">
            <code className="break-all rounded bg-white px-2 py-1 text-xs ring-1 ring-red-200">{fix.command}</code>
            <CopyButton text={fix.command} label="Copy the ffmpeg command" />
          </div>
        )}
      </div>
    </section>
  );
}
