"use client";

import { useId, useRef, useState, type DragEvent, type KeyboardEvent } from "react";
import { useHydrated } from "@/lib/client/use-hydrated";
import { useUploads } from "./upload-provider";

/**
 * What the file picker offers: with ffmpeg on the server any video (and the extensions some systems
 * give no video type), else MP4 and QuickTime only. The bytes are judged either way (pre-upload-check).
 */
export function uploadAccept(serverTranscodes: boolean): string {
  return serverTranscodes
    ? "video/*,.mp4,.m4v,.mov,.mkv,.webm,.avi,.ts,.mts,.m2ts,.mpg,.mpeg,.flv,.wmv,.ogv,.3gp"
    : "video/mp4,video/quicktime,.mp4,.m4v,.mov";
}

/** A drop target for files that is also a button opening the file picker (Enter or Space). */
export function DropZone({ onFiles }: { onFiles(files: File[]): void }) {
  const input = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const hydrated = useHydrated();
  const { serverTranscodes } = useUploads();

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) onFiles(files);
  }

  function onDragLeave(event: DragEvent<HTMLDivElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      input.current?.click();
    }
  }

  return (
    <div
      role="button"
      tabIndex={0}
      // The name holds all the visible text, the hint too: a voice-control user saying what they see reaches the zone.
      aria-labelledby={`${labelId} ${hintId}`}
      aria-disabled={!hydrated || undefined}
      data-dragging={dragging || undefined}
      onClick={() => input.current?.click()}
      onKeyDown={onKeyDown}
      onDragEnter={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragOver={(event) => event.preventDefault()}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      className="flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed border-slate-300 bg-white px-4 py-10 text-center transition-colors hover:border-indigo-400 data-dragging:border-indigo-500 data-dragging:bg-indigo-50"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-8 w-8 text-slate-400" fill="none" stroke="currentColor" strokeWidth={1.5}>
        <path strokeLinecap="round" strokeLinejoin="round" d="M12 16V4m0 0-4 4m4-4 4 4M4 16v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" />
      </svg>
      {/* The spaces between the texts are what keep their words apart when the visible text is read as one string (axe does). */}
      <p id={labelId} className="text-sm font-medium text-slate-800">
        Drop videos here, or click to choose files
      </p>{" "}
      <p id={hintId} className="text-xs text-slate-500">
        {serverTranscodes ? "Any video: MP4, MOV, MKV, WebM, AVI and more." : "MP4 or MOV with H.264 video and AAC audio."} Several files at
        once are fine.{" "}
        {/* A keyboard hint means nothing on a touch screen. */}
        <span className="pointer-coarse:hidden">Press Enter to open the file picker.</span>
      </p>
      <input
        ref={input}
        type="file"
        multiple
        accept={uploadAccept(serverTranscodes)}
        hidden
        data-testid="file-input"
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          event.currentTarget.value = "";
          if (files.length > 0) onFiles(files);
        }}
      />
    </div>
  );
}
