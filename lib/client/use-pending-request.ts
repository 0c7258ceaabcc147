"use client";

import { useState } from "react";
import { messagesOf } from "./api";

/**
 * A button's or a form's request: `busy` while it runs, and the messages of its last failure
 * (the API's by default, or `describe`'s), cleared when it runs again.
 */
export function usePendingRequest() {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  async function run(request: () => Promise<void>, describe: (error: unknown) => string[] = messagesOf) {
    setBusy(true);
    setErrors([]);
    try {
      await request();
    } catch (error) {
      setErrors(describe(error));
    } finally {
      setBusy(false);
    }
  }
  return { busy, errors, run };
}
