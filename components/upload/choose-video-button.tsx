"use client";

import { useRef, type ReactNode } from "react";
import { uploadAccept } from "./drop-zone";
import { useUploads } from "./upload-provider";

/**
 * A button that opens the file chooser for a video; the chosen file goes to `onFile`. The input
 * is emptied at once, so the same file can be chosen again.
 */
export function ChooseVideoButton({
  children,
  onFile,
  className,
  disabled,
  label,
  inputLabel,
}: {
  children: ReactNode;
  onFile(file: File): void;
  className: string;
  disabled?: boolean;
  /** The button's accessible name, when its text is not enough. */
  label?: string;
  /** The hidden input's accessible name. */
  inputLabel?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const { serverTranscodes } = useUploads();
  return (
    <>
      <button type="button" onClick={() => input.current?.click()} disabled={disabled} className={className} aria-label={label}>
        {children}
      </button>
      <input
        ref={input}
        type="file"
        accept={uploadAccept(serverTranscodes)}
        hidden
        aria-label={inputLabel}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = "";
          if (file) onFile(file);
        }}
      />
    </>
  );
}
