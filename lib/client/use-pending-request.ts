"use client";

import { useRef, useState } from "react";
import { messagesOf } from "./api";

/**
 * A button's or a form's request: `busy` while it runs, and the messages of its last failure
 * (the API's by default, or `describe`'s), cleared when it runs again or on `clear`. A second
 * `run` while one is under way is dropped: a double click or Enter pressed twice can come before
 * the disabled button renders.
 */
export function usePendingRequest() {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const running = useRef(false);
  async function run(request: () => Promise<void>, describe: (error: unknown) => string[] = messagesOf) {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setErrors([]);
    try {
      await request();
    } catch (error) {
      setErrors(describe(error));
    } finally {
      running.current = false;
      setBusy(false);
    }
  }
  const clear = () => setErrors((current) => (current.length === 0 ? current : []));
  return { busy, errors, run, clear };
}
