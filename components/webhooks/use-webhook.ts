"use client";

import { useCallback, useEffect, useState } from "react";
import { api, ApiRequestError, dataOf, messagesOf } from "@/lib/client/api";
import type { Webhook } from "@/lib/webhooks/schemas";
import { pollWhileVisible, useRefreshWhenShown } from "./visible-polling";

export interface LoadedWebhook {
  webhook: Webhook | null;
  /** It does not exist, or belongs to someone else. */
  missing: boolean;
  errors: string[];
  reload(): void;
}

/** One webhook, polled like its deliveries so its state and last result stay current. */
export function useWebhook(webhookId: string): LoadedWebhook {
  const [webhook, setWebhook] = useState<Webhook | null>(null);
  const [missing, setMissing] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [loads, setLoads] = useState(0);
  const reload = useCallback(() => setLoads((n) => n + 1), []);
  useRefreshWhenShown(reload);

  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      try {
        const data = await dataOf(api.GET("/api/webhook/{id}", { params: { path: { id: webhookId } }, signal: controller.signal }));
        setWebhook(data);
        setErrors([]);
      } catch (error) {
        if (controller.signal.aborted) return;
        if (error instanceof ApiRequestError && error.status === 404) return setMissing(true);
        setErrors(messagesOf(error));
      }
      const delay = pollWhileVisible();
      if (delay !== null) timer = setTimeout(load, delay);
    };
    load();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [webhookId, loads]);

  return { webhook, missing, errors, reload };
}
