"use client";

import { useId, useState, type FormEvent } from "react";
import { ErrorAlert } from "@/components/ui/error-alert";
import { buttonStyles, inputStyles, labelStyles } from "@/components/ui/styles";
import { api, dataOf } from "@/lib/client/api";
import { usePendingRequest } from "@/lib/client/use-pending-request";
import { useHydrated } from "@/lib/client/use-hydrated";
import type { RetryExportRequest } from "@/lib/export/schemas";
import type { Task } from "@/lib/tasks/schemas";
import { secretsToResend } from "./task-shapes";

/** Retries a failed task, asking again for the credentials its export was started with. */
export function RetryTask({ task, onRetried }: { task: Task; onRetried(): void }) {
  const needs = secretsToResend(task);
  const needsSecrets = needs.pinning !== undefined || needs.headerNames.length > 0;
  const [asking, setAsking] = useState(false);
  const { busy, errors, run } = usePendingRequest();
  const id = useId();
  const hydrated = useHydrated();

  const retry = (body: RetryExportRequest) =>
    run(async () => {
      await dataOf(api.POST("/api/task/{id}/retry", { params: { path: { id: task.id } }, body }));
      setAsking(false);
      onRetried();
    });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? "");
    const body: RetryExportRequest = {};
    if (needs.pinning === "jwt") body.ipfs = { pinning: { jwt: value("jwt") } };
    if (needs.pinning === "keys") body.ipfs = { pinning: { apiKey: value("apiKey"), apiSecret: value("apiSecret") } };
    if (needs.headerNames.length > 0) {
      body.custom = { headers: Object.fromEntries(needs.headerNames.map((name, i) => [name, value(`header-${i}`)])) };
    }
    retry(body);
  }

  if (!needsSecrets || !asking) {
    return (
      <div className="space-y-2">
        <button
          type="button"
          className={buttonStyles.secondary}
          disabled={busy}
          onClick={() => (needsSecrets ? setAsking(true) : retry({}))}
        >
          {busy ? "Retrying…" : "Retry"}
        </button>
        <ErrorAlert messages={errors} />
      </div>
    );
  }

  return (
    <form onSubmit={submit} className="space-y-3 rounded-md border border-slate-200 p-3">
      <p className="text-sm text-slate-700">Credentials are not kept after a task fails. Enter them again to retry.</p>
      {needs.pinning === "jwt" && <SecretField id={`${id}-jwt`} name="jwt" label="Pinning JWT" />}
      {needs.pinning === "keys" && (
        <>
          <SecretField id={`${id}-key`} name="apiKey" label="Pinning API key" />
          <SecretField id={`${id}-secret`} name="apiSecret" label="Pinning API secret" />
        </>
      )}
      {needs.headerNames.map((name, i) => (
        <SecretField key={name} id={`${id}-h${i}`} name={`header-${i}`} label={`Header ${name}`} />
      ))}
      <ErrorAlert messages={errors} />
      <div className="flex gap-2">
        <button type="submit" className={buttonStyles.primary} disabled={busy || !hydrated}>
          {busy ? "Retrying…" : "Retry export"}
        </button>
        <button type="button" className={buttonStyles.ghost} onClick={() => setAsking(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function SecretField({ id, name, label }: { id: string; name: string; label: string }) {
  return (
    <div>
      <label htmlFor={id} className={labelStyles}>
        {label}
      </label>
      <input id={id} name={name} type="password" required autoComplete="off" className={`${inputStyles} mt-1`} />
    </div>
  );
}
