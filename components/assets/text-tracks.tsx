"use client";

import { useId, useRef, useState } from "react";
import { ErrorAlert } from "@/components/ui/error-alert";
import { buttonStyles, cardStyles, inputStyles, labelStyles } from "@/components/ui/styles";
import type { Asset } from "@/lib/assets/schemas";
import { api, dataOf } from "@/lib/client/api";
import { usePendingRequest } from "@/lib/client/use-pending-request";

type Track = NonNullable<Asset["tracks"]>[number];

const KINDS: Record<Track["textType"], string> = { subtitles: "Subtitles", captions: "Captions (with sounds)" };

/** The asset's subtitle and caption tracks: each with a Remove button, and a form to add one from a file or a URL. */
export function TextTracks({ asset, onChanged }: { asset: Asset; onChanged(): void }) {
  const tracks = asset.tracks ?? [];
  return (
    <section aria-labelledby="tracks-heading" className={cardStyles}>
      <h2 id="tracks-heading" className="mb-1 text-lg font-semibold">
        Subtitles and captions
      </h2>
      <p className="mb-4 text-sm text-slate-600">WebVTT or SRT files; viewers choose one in the player&apos;s Captions menu.</p>
      {tracks.length > 0 ? (
        <ul className="mb-4 divide-y divide-slate-100" aria-label="Tracks">
          {tracks.map((track) => (
            <TrackRow key={track.id} assetId={asset.id} track={track} onRemoved={onChanged} />
          ))}
        </ul>
      ) : (
        <p className="mb-4 text-sm text-slate-600">No tracks yet.</p>
      )}
      <AddTrack assetId={asset.id} onAdded={onChanged} />
    </section>
  );
}

function TrackRow({ assetId, track, onRemoved }: { assetId: string; track: Track; onRemoved(): void }) {
  const { busy, errors, run } = usePendingRequest();
  const remove = () =>
    run(async () => {
      await dataOf(api.DELETE("/api/asset/{id}/tracks/{trackId}", { params: { path: { id: assetId, trackId: track.id } } }));
      onRemoved();
    });
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
      <span className="min-w-0">
        <span className="font-medium">{track.name}</span>{" "}
        <span className="text-slate-600">
          · {track.languageCode} · {track.textType}
        </span>
      </span>
      <button type="button" className={buttonStyles.secondary} onClick={remove} disabled={busy} aria-label={`Remove ${track.name}`}>
        Remove
      </button>
      <ErrorAlert messages={errors} />
    </li>
  );
}

function AddTrack({ assetId, onAdded }: { assetId: string; onAdded(): void }) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [from, setFrom] = useState<"file" | "url">("file");
  const { busy, errors, run } = usePendingRequest();

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    run(async () => {
      const file = data.get("file");
      const source = from === "file" ? { text: file instanceof File ? await file.text() : "" } : { url: String(data.get("url") ?? "") };
      const name = String(data.get("name") ?? "").trim();
      await dataOf(
        api.POST("/api/asset/{id}/tracks", {
          params: { path: { id: assetId } },
          body: {
            type: "text",
            textType: data.get("textType") as Track["textType"],
            languageCode: String(data.get("languageCode") ?? "").trim(),
            ...(name && { name }),
            ...source,
          },
        }),
      );
      form.current?.reset();
      onAdded();
    });
  };

  return (
    <form ref={form} onSubmit={submit} className="space-y-3 border-t border-slate-200 pt-4" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="text-sm font-semibold">
        Add a track
      </h3>
      <fieldset className="flex flex-wrap gap-4 text-sm">
        <legend className="sr-only">From</legend>
        {(["file", "url"] as const).map((choice) => (
          <label key={choice} className="flex items-center gap-2">
            <input type="radio" name="from" value={choice} checked={from === choice} onChange={() => setFrom(choice)} />
            {choice === "file" ? "A file" : "A URL"}
          </label>
        ))}
      </fieldset>
      {from === "file" ? (
        <div>
          <label htmlFor={`${id}-file`} className={labelStyles}>
            File (.vtt or .srt)
          </label>
          <input id={`${id}-file`} name="file" type="file" accept=".vtt,.srt,text/vtt,application/x-subrip" required className={`${inputStyles} mt-1`} />
        </div>
      ) : (
        <div>
          <label htmlFor={`${id}-url`} className={labelStyles}>
            URL
          </label>
          <input id={`${id}-url`} name="url" type="url" required placeholder="https://example.com/subtitles/en.vtt" className={`${inputStyles} mt-1`} />
        </div>
      )}
      <div className="grid gap-3 sm:grid-cols-3">
        <div>
          <label htmlFor={`${id}-language`} className={labelStyles}>
            Language
          </label>
          <input id={`${id}-language`} name="languageCode" required placeholder="en, pt-BR" autoComplete="off" className={`${inputStyles} mt-1`} />
        </div>
        <div>
          <label htmlFor={`${id}-kind`} className={labelStyles}>
            Kind
          </label>
          <select id={`${id}-kind`} name="textType" defaultValue="subtitles" className={`${inputStyles} mt-1`}>
            {Object.entries(KINDS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-name`} className={labelStyles}>
            Track name (optional)
          </label>
          <input id={`${id}-name`} name="name" maxLength={100} placeholder="English" className={`${inputStyles} mt-1`} />
        </div>
      </div>
      <ErrorAlert messages={errors} />
      <button type="submit" className={buttonStyles.primary} disabled={busy}>
        {busy ? "Adding…" : "Add track"}
      </button>
    </form>
  );
}
