"use client";

import { useState } from "react";
import { ErrorAlert } from "@/components/ui/error-alert";
import { buttonStyles } from "@/components/ui/styles";
import { api, dataOf, messagesOf } from "@/lib/client/api";
import type { Webhook } from "@/lib/webhooks/schemas";
import { describeAttempt } from "./format";

type Action = "test" | "toggle" | "delete";

/** Send a test event, disable or enable, and delete (after a confirmation). */
export function WebhookActions({ webhook, onChanged, onDeleted }: { webhook: Webhook; onChanged(): void; onDeleted(): void }) {
  const [busy, setBusy] = useState<Action | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [message, setMessage] = useState("");
  const params = { path: { id: webhook.id } };

  async function run(action: Action, request: () => Promise<void>) {
    setBusy(action);
    setErrors([]);
    setMessage("");
    try {
      await request();
    } catch (error) {
      setErrors(messagesOf(error));
    } finally {
      setBusy(null);
    }
  }

  const sendTest = () =>
    run("test", async () => {
      const data = await dataOf(api.POST("/api/webhook/{id}/test", { params }));
      setMessage(`Test event: ${describeAttempt(data)}`);
      onChanged();
    });

  const toggle = () =>
    run("toggle", async () => {
      await dataOf(api.PATCH("/api/webhook/{id}", { params, body: { disabled: !webhook.disabled } }));
      setMessage(webhook.disabled ? "Enabled" : "Disabled: events are neither sent to it nor kept for later until it is enabled again");
      onChanged();
    });

  const remove = () =>
    run("delete", async () => {
      await dataOf(api.DELETE("/api/webhook/{id}", { params }));
      onDeleted();
    });

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonStyles.secondary} onClick={sendTest} disabled={busy !== null || webhook.disabled}>
          {busy === "test" ? "Sending…" : "Send test event"}
          <span className="sr-only"> to {webhook.name}</span>
        </button>
        <button type="button" className={buttonStyles.secondary} onClick={toggle} disabled={busy !== null}>
          {webhook.disabled ? "Enable" : "Disable"}
          <span className="sr-only"> {webhook.name}</span>
        </button>
        {confirming ? (
          <div role="group" aria-label={`Confirm deleting ${webhook.name}`} className="flex flex-wrap items-center gap-2">
            <span className="text-sm text-red-800">Delete it and its delivery log?</span>
            <button type="button" className={buttonStyles.danger} onClick={remove} disabled={busy !== null}>
              {busy === "delete" ? "Deleting…" : "Delete"}
            </button>
            <button type="button" className={buttonStyles.secondary} onClick={() => setConfirming(false)} disabled={busy !== null} autoFocus>
              Keep
            </button>
          </div>
        ) : (
          <button type="button" className={buttonStyles.secondary} onClick={() => setConfirming(true)} disabled={busy !== null}>
            Delete<span className="sr-only"> {webhook.name}</span>
          </button>
        )}
      </div>
      <p role="status" className="text-sm text-slate-700">
        {message}
      </p>
      <ErrorAlert messages={errors} />
    </div>
  );
}
