"use client";

import { useState, type FormEvent } from "react";
import { ErrorAlert } from "@/components/ui/error-alert";
import { Pager } from "@/components/ui/pager";
import { buttonStyles, cardStyles, inputStyles, labelStyles } from "@/components/ui/styles";
import type { CreatedSigningKey, SigningKey } from "@/lib/access-control/schemas";
import { api, dataOf } from "@/lib/client/api";
import { useHydrated } from "@/lib/client/use-hydrated";
import { usePagedList } from "@/lib/client/use-paged-list";
import { usePendingRequest } from "@/lib/client/use-pending-request";
import { NewSigningKey } from "./new-signing-key";
import { SigningKeyRow } from "./signing-key-row";

export function SigningKeys() {
  const list = usePagedList<SigningKey>("/api/access-control/signing-key", { limit: "50" }, () => null);
  const [created, setCreated] = useState<CreatedSigningKey | null>(null);

  return (
    <div className="space-y-6">
      <CreateSigningKey
        onCreated={(key) => {
          setCreated(key);
          list.refresh();
        }}
      />
      {created && <NewSigningKey signingKey={created} onDone={() => setCreated(null)} />}
      <section aria-labelledby="signing-keys-heading" className="space-y-3">
        <h2 id="signing-keys-heading" className="text-lg font-semibold">
          Your signing keys
        </h2>
        <ErrorAlert messages={list.errors} title="The signing keys could not be loaded" />
        {list.items === null ? (
          list.errors.length === 0 && <p className="py-6 text-center text-sm text-slate-500">Loading signing keys…</p>
        ) : list.items.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white py-8 text-center text-sm text-slate-600">
            No signing keys yet. Create one to sign viewer tokens for your signed videos.
          </p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white shadow-sm">
            {list.items.map((key) => (
              <SigningKeyRow key={key.id} signingKey={key} onChanged={list.refresh} />
            ))}
          </ul>
        )}
        <Pager label="Signing key pages" page={list.page} hasNext={list.hasNext} onPrevious={list.previous} onNext={list.next} />
      </section>
    </div>
  );
}

function CreateSigningKey({ onCreated }: { onCreated(key: CreatedSigningKey): void }) {
  const [name, setName] = useState("");
  const { busy, errors, run } = usePendingRequest();
  const hydrated = useHydrated();

  function submit(event: FormEvent) {
    event.preventDefault();
    void run(async () => {
      const body = name.trim() ? { name } : {};
      const key = await dataOf(api.POST("/api/access-control/signing-key", { body }));
      setName("");
      onCreated(key);
    });
  }

  return (
    <form onSubmit={submit} className={`${cardStyles} space-y-3`}>
      <h2 className="text-lg font-semibold">Create a signing key</h2>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor="signing-key-name" className={labelStyles}>
            Name <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <input
            id="signing-key-name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={100}
            placeholder="e.g. web app"
            className={`${inputStyles} mt-1`}
          />
        </div>
        <button type="submit" className={buttonStyles.primary} disabled={busy || !hydrated}>
          {busy ? "Creating…" : "Create signing key"}
        </button>
      </div>
      <ErrorAlert messages={errors} />
    </form>
  );
}
