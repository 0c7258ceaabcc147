"use client";

import { useState, type FormEvent } from "react";
import { ErrorAlert } from "@/components/ui/error-alert";
import { Pager } from "@/components/ui/pager";
import { ShownOnceSecret } from "@/components/ui/shown-once-secret";
import { buttonStyles, cardStyles, inputStyles, labelStyles } from "@/components/ui/styles";
import type { ApiKey } from "@/lib/auth/schemas";
import { api, dataOf } from "@/lib/client/api";
import { usePendingRequest } from "@/lib/client/use-pending-request";
import { formatTime } from "@/lib/client/format";
import { useHydrated } from "@/lib/client/use-hydrated";
import { ResponseShapeSelect } from "./response-shape-select";
import { usePagedList } from "@/lib/client/use-paged-list";

export function ApiKeys() {
  const list = usePagedList<ApiKey>("/api/keys", { limit: "50" }, () => null);
  const [created, setCreated] = useState<{ key: ApiKey; token: string } | null>(null);

  return (
    <div className="space-y-6">
      <CreateKey onCreated={(result) => {
        setCreated(result);
        list.refresh();
      }} />
      {created && (
        <ShownOnceSecret
          title={<>Key “{created.key.name}” created</>}
          secret={created.token}
          fieldLabel="The new API key"
          copyLabel="Copy the new API key"
          onDone={() => setCreated(null)}
        />
      )}
      <section aria-labelledby="keys-heading" className="space-y-3">
        <h2 id="keys-heading" className="text-lg font-semibold">
          Your keys
        </h2>
        <ErrorAlert messages={list.errors} title="The keys could not be loaded" />
        {list.items === null ? (
          list.errors.length === 0 && <p className="py-6 text-center text-sm text-slate-500">Loading keys…</p>
        ) : list.items.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white py-8 text-center text-sm text-slate-600">
            No API keys yet. Create one to call the API from your backend.
          </p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white shadow-sm">
            {list.items.map((key) => (
              <KeyRow key={key.id} apiKey={key} onRevoked={list.refresh} />
            ))}
          </ul>
        )}
        <Pager label="Key pages" page={list.page} hasNext={list.hasNext} onPrevious={list.previous} onNext={list.next} />
      </section>
    </div>
  );
}

function CreateKey({ onCreated }: { onCreated(result: { key: ApiKey; token: string }): void }) {
  const [name, setName] = useState("");
  const { busy, errors, run } = usePendingRequest();
  const hydrated = useHydrated();

  function submit(event: FormEvent) {
    event.preventDefault();
    void run(async () => {
      const data = await dataOf(api.POST("/api/keys", { body: { name } }));
      setName("");
      onCreated(data);
    });
  }

  return (
    <form onSubmit={submit} className={`${cardStyles} space-y-3`}>
      <h2 className="text-lg font-semibold">Create a key</h2>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor="key-name" className={labelStyles}>
            Name
          </label>
          <input
            id="key-name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            maxLength={100}
            placeholder="e.g. production backend"
            className={`${inputStyles} mt-1`}
          />
        </div>
        <button type="submit" className={buttonStyles.primary} disabled={busy || !hydrated}>
          {busy ? "Creating…" : "Create key"}
        </button>
      </div>
      <ErrorAlert messages={errors} />
    </form>
  );
}

function KeyRow({ apiKey, onRevoked }: { apiKey: ApiKey; onRevoked(): void }) {
  const [confirming, setConfirming] = useState(false);
  const { busy, errors, run } = usePendingRequest();
  const { revokedAt } = apiKey;
  const revoked = revokedAt !== undefined;

  const revoke = () =>
    run(async () => {
      await dataOf(api.DELETE("/api/keys/{id}", { params: { path: { id: apiKey.id } } }));
      setConfirming(false);
      onRevoked();
    });

  return (
    <li className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between" data-key-id={apiKey.id}>
      <div className={`min-w-0 ${revoked ? "text-slate-600" : ""}`}>
        <p className="font-medium">
          {apiKey.name} {revokedAt !== undefined && <span className="text-xs font-normal">(revoked {formatTime(revokedAt)})</span>}
        </p>
        <p className="text-xs">
          <code>{apiKey.prefix}…</code> · created {formatTime(apiKey.createdAt)} · last used{" "}
          {apiKey.lastUsedAt ? formatTime(apiKey.lastUsedAt) : "never"}
        </p>
        {!revoked && <ResponseShapeSelect apiKey={apiKey} />}
        <ErrorAlert messages={errors} />
      </div>
      {!revoked &&
        (confirming ? (
          <div role="group" aria-label={`Confirm revoking ${apiKey.name}`} className="flex gap-2">
            <button type="button" className={buttonStyles.danger} onClick={revoke} disabled={busy}>
              {busy ? "Revoking…" : "Revoke"}
            </button>
            <button type="button" className={buttonStyles.secondary} onClick={() => setConfirming(false)} disabled={busy}>
              Keep
            </button>
          </div>
        ) : (
          <button type="button" className={buttonStyles.secondary} onClick={() => setConfirming(true)}>
            Revoke<span className="sr-only"> {apiKey.name}</span>
          </button>
        ))}
    </li>
  );
}
