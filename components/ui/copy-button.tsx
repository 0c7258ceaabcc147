"use client";

import { useEffect, useState } from "react";
import { buttonStyles } from "./styles";

/** Copies `text`; over plain HTTP (no Clipboard API) it falls back to a selection copy. */
export function CopyButton({ text, label = "Copy" }: { text: string; label?: string }) {
  const [copied, setCopied] = useState<boolean | "failed">(false);

  useEffect(() => {
    if (copied === false) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      if (navigator.clipboard) await navigator.clipboard.writeText(text);
      else copyWithSelection(text);
      setCopied(true);
    } catch {
      setCopied("failed");
    }
  }

  return (
    <button type="button" onClick={copy} className={`${buttonStyles.secondary} px-2 py-1 text-xs`} aria-label={label}>
      <span aria-live="polite">{copied === true ? "Copied" : copied === "failed" ? "Copy failed" : "Copy"}</span>
    </button>
  );
}

function copyWithSelection(text: string) {
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  const ok = document.execCommand("copy");
  area.remove();
  if (!ok) throw new Error("copy failed");
}
