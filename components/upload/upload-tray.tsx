"use client";

import { useId, useState } from "react";
import { buttonStyles } from "@/components/ui/styles";
import { UploadCard } from "./upload-card";
import { isFinished } from "./upload-items";
import { useUploads } from "./upload-provider";

const small = `${buttonStyles.ghost} px-2 py-1 text-xs`;

/**
 * The uploads of this browser, in a corner of every dashboard page while there are any. It can
 * be folded down to its title bar when it covers something.
 */
export function UploadTray() {
  const { items, clearFinished } = useUploads();
  const [open, setOpen] = useState(true);
  const listId = useId();
  if (items.length === 0) return null;
  return (
    <section
      aria-labelledby="upload-tray-heading"
      className="fixed inset-x-2 bottom-2 z-20 flex max-h-[60vh] flex-col rounded-lg border border-slate-200 bg-white shadow-lg sm:inset-x-auto sm:right-4 sm:bottom-4 sm:w-96"
    >
      <div className="flex items-center justify-between gap-2 px-3 py-2">
        <h2 id="upload-tray-heading" className="text-sm font-semibold">
          Uploads <span className="font-normal text-slate-600">({items.length})</span>
        </h2>
        <div className="flex gap-1">
          {items.some(isFinished) && (
            <button type="button" className={small} onClick={clearFinished}>
              Clear finished
            </button>
          )}
          <button
            type="button"
            className={small}
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpen(!open)}
          >
            {open ? "Hide" : "Show"}
          </button>
        </div>
      </div>
      <ul
        id={listId}
        hidden={!open}
        aria-label="Uploads"
        className="space-y-2 overflow-y-auto border-t border-slate-200 p-2"
      >
        {items.map((item) => (
          <UploadCard key={item.key} item={item} />
        ))}
      </ul>
    </section>
  );
}
