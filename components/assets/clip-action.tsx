"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState, type FormEvent, type RefObject } from "react";
import { ErrorAlert } from "@/components/ui/error-alert";
import { ProgressBar } from "@/components/ui/progress-bar";
import { buttonStyles, cardStyles } from "@/components/ui/styles";
import { TextField } from "@/components/ui/text-field";
import type { Asset } from "@/lib/assets/schemas";
import { api, dataOf, messagesOf } from "@/lib/client/api";

const POLL_MS = 1000;

/** A time on the video as people read it: 1:04.20. */
function clock(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${(seconds - minutes * 60).toFixed(2).padStart(5, "0")}`;
}

/**
 * The Clip action: start and end taken from the player's position ("Set start", "Set end"), then
 * `POST /api/clip`; the clip's task is followed, and its asset opened once ready. `player` holds
 * the video element.
 */
export function ClipAction({ asset, player }: { asset: Asset; player: RefObject<HTMLElement | null> }) {
  const router = useRouter();
  const [start, setStart] = useState<number>();
  const [end, setEnd] = useState<number>();
  const [name, setName] = useState("");
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [clip, setClip] = useState<{ assetId: string; taskId: string; progress: number }>();

  const position = () => player.current?.querySelector("video")?.currentTime ?? 0;
  const reversed = start !== undefined && end !== undefined && end <= start;

  const taskId = clip?.taskId;
  const assetId = clip?.assetId;
  useEffect(() => {
    if (!taskId) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const follow = async () => {
      try {
        const task = await dataOf(api.GET("/api/task/{id}", { params: { path: { id: taskId } }, signal: controller.signal }));
        if (task.status.phase === "completed") return router.push(`/assets/${assetId}`);
        if (task.status.phase === "failed" || task.status.phase === "cancelled") {
          setClip(undefined);
          return setErrors([task.status.errorMessage ?? `the clip was ${task.status.phase}`]);
        }
        setClip((shown) => shown && { ...shown, progress: task.status.progress });
      } catch (error) {
        if (controller.signal.aborted) return;
        setErrors(messagesOf(error));
      }
      timer = setTimeout(follow, POLL_MS);
    };
    follow();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [taskId, assetId, router]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (start === undefined || end === undefined || reversed) return;
    setBusy(true);
    setErrors([]);
    try {
      const body = { playbackId: asset.playbackId, startTime: Math.round(start * 1000), endTime: Math.round(end * 1000), ...(name.trim() ? { name: name.trim() } : {}) };
      const created = await dataOf(api.POST("/api/clip", { body }));
      setClip({ assetId: created.asset.id, taskId: created.task.id, progress: 0 });
    } catch (error) {
      setErrors(messagesOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="clip-heading" className={cardStyles}>
      <h2 id="clip-heading" className="text-lg font-semibold">
        Clip
      </h2>
      <p className="mt-1 text-sm text-slate-600">Play or seek to where the clip should start and end, and mark each: the clip becomes a new asset.</p>
      <form onSubmit={submit} className="mt-4 space-y-4">
        <div className="grid grid-cols-2 gap-3">
          <div className="space-y-1">
            <button type="button" className={`${buttonStyles.secondary} w-full`} onClick={() => setStart(position())} disabled={!!clip}>
              Set start
            </button>
            <p className="text-center text-sm tabular-nums text-slate-700" aria-live="polite">
              Start: <output>{start === undefined ? "not set" : clock(start)}</output>
            </p>
          </div>
          <div className="space-y-1">
            <button type="button" className={`${buttonStyles.secondary} w-full`} onClick={() => setEnd(position())} disabled={!!clip}>
              Set end
            </button>
            <p className="text-center text-sm tabular-nums text-slate-700" aria-live="polite">
              End: <output>{end === undefined ? "not set" : clock(end)}</output>
            </p>
          </div>
        </div>
        {reversed && (
          <p role="alert" className="text-sm text-red-700">
            The end must come after the start.
          </p>
        )}
        <TextField name="clip-name" label="Clip name (optional)" value={name} onChange={(e) => setName(e.target.value)} placeholder={`Clip of ${asset.name}`} maxLength={512} disabled={!!clip} />
        <ErrorAlert messages={errors} title="The clip could not be made" />
        {clip ? (
          <div className="space-y-1">
            <p className="text-sm text-slate-700">Cutting the clip… it opens when ready.</p>
            <ProgressBar value={clip.progress} label="Clip progress" />
          </div>
        ) : (
          <button type="submit" className={buttonStyles.primary} disabled={busy || start === undefined || end === undefined || reversed}>
            {busy ? "Creating clip…" : "Create clip"}
          </button>
        )}
      </form>
    </section>
  );
}
