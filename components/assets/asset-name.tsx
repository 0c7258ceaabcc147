"use client";

import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { ErrorAlert } from "@/components/ui/error-alert";
import { SaveOrCancel } from "@/components/ui/save-or-cancel";
import { buttonStyles, inputStyles } from "@/components/ui/styles";
import type { Asset } from "@/lib/assets/schemas";
import { api, dataOf } from "@/lib/client/api";
import { plainAsset } from "@/lib/client/assets";
import { useHydrated } from "@/lib/client/use-hydrated";
import { usePendingRequest } from "@/lib/client/use-pending-request";

/** The API names the field it refuses (`name: must not be empty`). */
const NAME_ERROR = /^name: /;

/**
 * The asset's name as the page's title, renamed in place (PATCH /api/asset/{id} `{"name"}`):
 * Enter saves, Escape cancels, and focus comes back to the Rename button either way.
 */
export function AssetName({ asset, onRenamed, children }: { asset: Asset; onRenamed(asset: Asset): void; children?: React.ReactNode }) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const { busy, errors, run, clear } = usePendingRequest();
  const renameButton = useRef<HTMLButtonElement>(null);
  const backToButton = useRef(false);
  const hydrated = useHydrated();

  useEffect(() => {
    if (editing || !backToButton.current) return;
    backToButton.current = false;
    renameButton.current?.focus();
  }, [editing]);

  const stop = () => {
    backToButton.current = true;
    clear();
    setEditing(false);
  };

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get("name") ?? "");
    if (name.trim() === asset.name) return stop();
    void run(async () => {
      const renamed = await dataOf(api.PATCH("/api/asset/{id}", { params: { path: { id: asset.id } }, body: { name } }));
      onRenamed(plainAsset(renamed));
      stop();
    });
  }

  function cancelOnEscape(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== "Escape" || busy) return;
    event.preventDefault();
    stop();
  }

  if (!editing) {
    return (
      <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
        <h1 className="min-w-0 break-words text-2xl font-semibold">{asset.name}</h1>
        {children}
        <button
          ref={renameButton}
          type="button"
          className={`${buttonStyles.ghost} px-2 py-1 text-xs`}
          disabled={!hydrated}
          onClick={() => setEditing(true)}
        >
          Rename<span className="sr-only"> “{asset.name}”</span>
        </button>
      </div>
    );
  }

  const fieldErrors = errors.filter((message) => NAME_ERROR.test(message)).map((message) => `The name ${message.replace(NAME_ERROR, "")}.`);
  const otherErrors = errors.filter((message) => !NAME_ERROR.test(message));
  return (
    <div className="mt-1 space-y-2">
      {/* The page keeps its title while the name is edited. */}
      <h1 className="sr-only">{asset.name}</h1>
      <form onSubmit={save} aria-label="Rename asset" className="flex flex-wrap items-start gap-2">
        <div className="min-w-0 flex-1 basis-64">
          <label htmlFor={`${id}-name`} className="sr-only">
            Name
          </label>
          <input
            id={`${id}-name`}
            name="name"
            defaultValue={asset.name}
            autoFocus
            onFocus={(event) => event.currentTarget.select()}
            onKeyDown={cancelOnEscape}
            onChange={clear}
            autoComplete="off"
            aria-invalid={fieldErrors.length > 0 || undefined}
            aria-describedby={fieldErrors.length > 0 ? `${id}-name-error` : `${id}-name-help`}
            className={`${inputStyles} text-lg font-semibold`}
          />
          {fieldErrors.length > 0 ? (
            <p id={`${id}-name-error`} role="alert" className="mt-1 text-sm text-red-700">
              {fieldErrors.join(" ")}
            </p>
          ) : (
            <p id={`${id}-name-help`} className="mt-1 text-xs text-slate-600">
              Enter saves, Escape cancels. The asset id and its playback URLs stay the same.
            </p>
          )}
        </div>
        <SaveOrCancel busy={busy} onCancel={stop} />
      </form>
      <ErrorAlert messages={otherErrors} title="The name was not changed" />
    </div>
  );
}
