"use client";

import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type RefObject } from "react";
import { clockTime, cueAt, parseStoryboard, type StoryboardCue } from "@/lib/client/storyboard-cues";

/** Arrow keys move this far; Page Up/Down a tenth of the video. */
const KEY_STEP_S = 5;

interface Pointing {
  time: number;
  /** From the strip's left edge, in CSS pixels. */
  x: number;
  stripWidth: number;
}

/**
 * A scrub strip under the video: hovering it (or dragging along it, by mouse or finger) shows the
 * storyboard's tile for the time under the pointer, and letting go seeks there. The native
 * controls' own progress bar cannot show one. A slider to keyboards and screen readers.
 */
export function StoryboardPreview({ videoRef, storyboard }: { videoRef: RefObject<HTMLVideoElement | null>; storyboard: string }) {
  const stripRef = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);
  const [cues, setCues] = useState<StoryboardCue[]>([]);
  const [duration, setDuration] = useState(0);
  const [current, setCurrent] = useState(0);
  const [pointing, setPointing] = useState<Pointing>();

  useEffect(() => {
    const controller = new AbortController();
    const url = new URL(storyboard, window.location.href).href;
    fetch(url, { signal: controller.signal })
      .then((response) => (response.ok ? response.text() : ""))
      .then((vtt) => setCues(parseStoryboard(vtt, url)))
      // Without a storyboard the strip still seeks, showing the time alone.
      .catch(() => setCues([]));
    return () => controller.abort();
  }, [storyboard]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const onDuration = () => setDuration(Number.isFinite(video.duration) ? video.duration : 0);
    const onTime = () => setCurrent(video.currentTime);
    onDuration();
    video.addEventListener("durationchange", onDuration);
    video.addEventListener("timeupdate", onTime);
    video.addEventListener("seeked", onTime);
    return () => {
      video.removeEventListener("durationchange", onDuration);
      video.removeEventListener("timeupdate", onTime);
      video.removeEventListener("seeked", onTime);
    };
  }, [videoRef]);

  if (!(duration > 0)) return null;

  const pointAt = (clientX: number): Pointing => {
    const rect = stripRef.current!.getBoundingClientRect();
    const ratio = Math.min(1, Math.max(0, (clientX - rect.left) / Math.max(1, rect.width)));
    return { time: ratio * duration, x: ratio * rect.width, stripWidth: rect.width };
  };
  const seek = (time: number) => {
    const clamped = Math.min(duration, Math.max(0, time));
    if (videoRef.current) videoRef.current.currentTime = clamped;
    setCurrent(clamped);
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    dragging.current = true;
    setPointing(pointAt(event.clientX));
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === "mouse" || dragging.current) setPointing(pointAt(event.clientX));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!dragging.current) return;
    dragging.current = false;
    seek(pointAt(event.clientX).time);
    // A finger has gone: nothing hovers any more.
    if (event.pointerType !== "mouse") setPointing(undefined);
  };
  const onPointerEnd = () => {
    if (!dragging.current) setPointing(undefined);
  };
  const onPointerCancel = () => {
    dragging.current = false;
    setPointing(undefined);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const to: Record<string, number> = {
      ArrowLeft: current - KEY_STEP_S,
      ArrowDown: current - KEY_STEP_S,
      ArrowRight: current + KEY_STEP_S,
      ArrowUp: current + KEY_STEP_S,
      PageDown: current - duration / 10,
      PageUp: current + duration / 10,
      Home: 0,
      End: duration,
    };
    if (!(event.key in to)) return;
    event.preventDefault();
    seek(to[event.key]);
  };

  const tile = pointing && cueAt(cues, pointing.time);
  const previewWidth = tile?.width ?? 56;
  const previewLeft = pointing ? Math.min(Math.max(0, pointing.x - previewWidth / 2), Math.max(0, pointing.stripWidth - previewWidth)) : 0;

  return (
    <div className="w-full shrink-0 bg-black px-3 py-1">
      <div
        ref={stripRef}
        role="slider"
        tabIndex={0}
        aria-label="Seek, with preview"
        aria-valuemin={0}
        aria-valuemax={Math.round(duration)}
        aria-valuenow={Math.round(current)}
        aria-valuetext={`${clockTime(current)} of ${clockTime(duration)}`}
        data-testid="scrub-strip"
        className="relative h-8 cursor-pointer touch-none select-none rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerLeave={onPointerEnd}
        onPointerCancel={onPointerCancel}
        onKeyDown={onKeyDown}
      >
        <div className="absolute inset-x-0 top-1/2 h-1.5 -translate-y-1/2 overflow-hidden rounded-full bg-white/35">
          <div className="h-full bg-white" style={{ width: `${(Math.min(current, duration) / duration) * 100}%` }} />
        </div>
        {pointing && (
          <div
            data-testid="storyboard-preview"
            className="pointer-events-none absolute bottom-full z-10 mb-2 flex flex-col items-center gap-1"
            style={{ left: previewLeft, width: previewWidth }}
          >
            {tile && (
              <div
                role="img"
                aria-label={`Preview at ${clockTime(pointing.time)}`}
                data-tile={`${tile.x},${tile.y},${tile.width},${tile.height}`}
                className="rounded border border-white/80 bg-black shadow-lg"
                style={{ width: tile.width, height: tile.height, backgroundImage: `url("${tile.sprite}")`, backgroundPosition: `-${tile.x}px -${tile.y}px` }}
              />
            )}
            <span className="rounded bg-black/80 px-1.5 py-0.5 text-xs tabular-nums text-white">{clockTime(pointing.time)}</span>
          </div>
        )}
      </div>
    </div>
  );
}
