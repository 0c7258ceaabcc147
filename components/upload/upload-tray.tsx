"use client";

import { useId, useState, useSyncExternalStore } from "react";
import { buttonStyles } from "@/components/ui/styles";
import { traySummary } from "./tray-summary";
import { UploadCard } from "./upload-card";
import { isFinished } from "./upload-items";
import { useUploads } from "./upload-provider";

const small = `${buttonStyles.ghost} px-2 py-1 text-xs`;
/** Tailwind's `sm`: below it the list would cover much of the page. */
const WIDE_SCREEN = "(min-width: 40rem)";

function subscribeToWidth(onChange: () => void): () => void {
  const query = window.matchMedia(WIDE_SCREEN);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

function useWideScreen(): boolean {
  return useSyncExternalStore(subscribeToWidth, () => window.matchMedia(WIDE_SCREEN).matches, () => true);
}

/**
 * The uploads of this browser, docked at the top of every dashboard page while there are any: in
 * the page's flow, so it never covers the page's controls (floating in a corner, it hid the Import
 * button and the table's filters at 1280×800). Its title bar is a disclosure button that says how
 * the uploads go (percent, time left) and shows or hides their cards: shown at first on wide
 * screens, hidden on phones, where the bar alone stays small. A finished upload's card stays, with
 * its link, until dismissed or cleared.
 */
export function UploadTray() {
  const { items, clearFinished } = useUploads();
  const wide = useWideScreen();
  const [chosen, setChosen] = useState<boolean>();
  const open = chosen ?? wide;
  const listId = useId();
  if (items.length === 0) return null;
  const summary = traySummary(items);
  return (
    <section
      aria-label="Uploads"
      className="mb-6 flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
    >
      <div className="flex items-center gap-2 px-3 py-2">
        <h2 className="min-w-0 flex-1 text-sm">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setChosen(!open)}
            className="flex w-full min-w-0 items-center gap-2 rounded-md py-1 text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            <span className="shrink-0 font-semibold">Uploads</span>{" "}
            <span className="shrink-0 text-slate-600">({items.length})</span>{" "}
            <span className="min-w-0 truncate text-xs text-slate-700" data-testid="upload-tray-summary">
              {summary.text}
            </span>
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              fill="currentColor"
              className={`ml-auto h-4 w-4 shrink-0 text-slate-500 transition-transform ${open ? "" : "rotate-180"}`}
            >
              <path fillRule="evenodd" d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z" clipRule="evenodd" />
            </svg>
          </button>
        </h2>
        {items.some(isFinished) && (
          <button type="button" className={`${small} shrink-0`} onClick={clearFinished}>
            Clear finished
          </button>
        )}
      </div>
      {/* The folded bar's own progress line: the summary says the same in words. */}
      {!open && summary.percent !== undefined && (
        <div aria-hidden="true" className="h-1 bg-slate-200">
          <div className="h-full bg-indigo-600 transition-[width] duration-300" style={{ width: `${summary.percent}%` }} />
        </div>
      )}
      <ul
        id={listId}
        hidden={!open}
        aria-label="Uploads"
        className="grid max-h-[40vh] gap-2 overflow-y-auto border-t border-slate-200 p-2 sm:grid-cols-2 lg:grid-cols-3"
      >
        {items.map((item) => (
          <UploadCard key={item.key} item={item} />
        ))}
      </ul>
    </section>
  );
}
