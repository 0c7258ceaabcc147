"use client";

import Link from "next/link";
import { useState, type FormEvent } from "react";
import { ErrorAlert } from "@/components/ui/error-alert";
import { buttonStyles, inputStyles, labelStyles } from "@/components/ui/styles";
import { api, dataOf } from "@/lib/client/api";
import { useHydrated } from "@/lib/client/use-hydrated";
import { usePendingRequest } from "@/lib/client/use-pending-request";

/** The file's name from its URL, as the asset's name when none is given. */
function nameFromUrl(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname.split("/").filter(Boolean).at(-1) ?? "") || "Imported video";
  } catch {
    return "Imported video";
  }
}

/** "Import from URL": the service fetches a file that already sits in a bucket or on a CDN; its page follows it to ready. */
export function ImportUrlForm() {
  const [url, setUrl] = useState("");
  const [name, setName] = useState("");
  const [started, setStarted] = useState<{ id: string; name: string }[]>([]);
  const { busy, errors, run } = usePendingRequest();
  const hydrated = useHydrated();

  function submit(event: FormEvent) {
    event.preventDefault();
    void run(async () => {
      const body = { url: url.trim(), name: name.trim() || nameFromUrl(url.trim()) };
      const { asset } = await dataOf(api.POST("/api/asset/upload/url", { body }));
      setStarted((current) => [{ id: asset.id, name: asset.name }, ...current]);
      setUrl("");
      setName("");
    });
  }

  return (
    <form onSubmit={submit} aria-labelledby="import-heading" className="mt-4 space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h3 id="import-heading" className="text-sm font-semibold text-slate-800">
        Import from URL
      </h3>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-[2]">
          <label htmlFor="import-url" className={labelStyles}>
            Video URL
          </label>
          <input
            id="import-url"
            type="url"
            required
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="https://storage.example.com/video.mp4"
            className={`${inputStyles} mt-1`}
          />
        </div>
        <div className="flex-1">
          <label htmlFor="import-name" className={labelStyles}>
            Name <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <input id="import-name" value={name} maxLength={512} onChange={(e) => setName(e.target.value)} className={`${inputStyles} mt-1`} />
        </div>
        <button type="submit" className={buttonStyles.primary} disabled={busy || !hydrated}>
          {busy ? "Starting…" : "Import"}
        </button>
      </div>
      <p className="text-xs text-slate-500">The service downloads the file itself (a signed URL is fine: its signature is never shown).</p>
      <ErrorAlert messages={errors} title="The import could not start" />
      {started.length > 0 && (
        <ul className="space-y-1 text-sm" aria-label="Imports started">
          {started.map((asset) => (
            <li key={asset.id}>
              Importing{" "}
              <Link href={`/assets/${asset.id}`} className="font-medium text-indigo-700 underline">
                {asset.name}
              </Link>
              : follow it on its page.
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
