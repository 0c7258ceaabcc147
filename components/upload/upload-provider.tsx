"use client";

import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { discardInterruptedUpload, interruptedUploads } from "@/lib/client/interrupted-uploads";
import { prepareAssetResume } from "@/lib/client/resume-asset-upload";
import { findSavedUpload, type SavedUpload } from "@/lib/client/saved-uploads";
import { uploadFingerprint } from "@/lib/client/upload-fingerprint";
import { startUploadSession, type UploadSession, type UploadState, type UploadTarget } from "@/lib/client/upload-session";
import { isFinished, isSending, type UploadItem } from "./upload-items";

interface Uploads {
  items: UploadItem[];
  /** The server makes any video playable (it has ffmpeg), so any video may be chosen (pre-upload-check). */
  serverTranscodes: boolean;
  /** Changes whenever an upload creates an asset or settles, so lists can refresh at once. */
  changes: number;
  /** New files start; a file chosen again resumes its interrupted or stopped upload. */
  add(files: File[]): void;
  /** Resumes an interrupted upload with its file chosen again (refused if it is another file). */
  resumeWith(key: string, file: File): void;
  /**
   * Goes on with a waiting asset's upload, on its card if the tray lists one; resolves to why
   * `file` was refused (not the file the upload began with), if it was. See prepareAssetResume.
   */
  resumeAsset(assetId: string, file: File): Promise<string | undefined>;
  pause(key: string): void;
  resume(key: string): void;
  cancel(key: string): void;
  retry(key: string): void;
  dismiss(key: string): void;
  clearFinished(): void;
}

const UploadsContext = createContext<Uploads | null>(null);

export function useUploads(): Uploads {
  const uploads = useContext(UploadsContext);
  if (!uploads) throw new Error("useUploads needs an UploadsProvider");
  return uploads;
}

let nextKey = 0;

/** Phases after which the asset list has something new to show. */
const LIST_CHANGING = new Set<UploadState["phase"]>(["processing", "ready", "failed", "cancelled"]);

/**
 * Holds the dashboard's uploads above its pages, so they keep running (and showing in the tray)
 * while the user moves between pages; lists again the uploads a reload interrupted; and warns
 * before the tab is closed while bytes are being sent.
 */
export function UploadsProvider({
  userId,
  serverTranscodes,
  children,
}: {
  userId: string;
  serverTranscodes: boolean;
  children: ReactNode;
}) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const [changes, setChanges] = useState(0);
  const sessions = useRef(new Map<string, UploadSession>());
  const itemsRef = useRef(items);
  useEffect(() => {
    itemsRef.current = items;
  });

  const update = useCallback((key: string, patch: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  }, []);

  const run = useCallback(
    (key: string, file: File, resuming?: UploadTarget) => {
      sessions.current.get(key)?.dispose();
      update(key, { file, phase: "preparing", messages: [], resumedAt: undefined, bytesPerSecond: 0 });
      const onChange = (patch: Partial<UploadState>) => {
        update(key, patch);
        if (patch.assetId || (patch.phase && LIST_CHANGING.has(patch.phase))) setChanges((n) => n + 1);
      };
      const session = startUploadSession(file, { userId, serverTranscodes }, onChange, resuming);
      sessions.current.set(key, session);
    },
    [update, userId, serverTranscodes],
  );

  const add = useCallback(
    (files: File[]) => {
      const added: UploadItem[] = [];
      for (const file of files) {
        const fingerprint = uploadFingerprint(file, userId);
        const listed = itemsRef.current.find((item) => item.fingerprint === fingerprint && !isFinished(item));
        if (listed?.phase === "interrupted" || listed?.phase === "stopped") run(listed.key, file);
        else if (!listed) added.push(newItem(file, fingerprint));
      }
      setItems((current) => [...added, ...current]);
      for (const item of added) run(item.key, item.file!);
    },
    [run, userId],
  );

  const resumeWith = useCallback(
    (key: string, file: File) => {
      const item = itemsRef.current.find((candidate) => candidate.key === key);
      if (!item) return;
      if (uploadFingerprint(file, userId) === item.fingerprint) return run(key, file);
      update(key, { messages: [`“${file.name}” is not the interrupted file: choose the same file again`] });
    },
    [run, update, userId],
  );

  const resumeAsset = useCallback(
    async (assetId: string, file: File) => {
      const listed = itemsRef.current.find((item) => item.assetId === assetId && !isFinished(item));
      if (listed && isSending(listed)) return undefined;
      const prepared = await prepareAssetResume(assetId, file, userId);
      if ("refusal" in prepared) return prepared.refusal;
      const item = listed ?? { ...newItem(file, uploadFingerprint(file, userId)), assetId };
      if (!listed) setItems((current) => [item, ...current]);
      run(item.key, file, prepared.target);
      return undefined;
    },
    [run, userId],
  );

  const dismiss = useCallback((key: string) => {
    sessions.current.get(key)?.dispose();
    sessions.current.delete(key);
    setItems((current) => current.filter((item) => item.key !== key));
  }, []);

  const cancel = useCallback(
    (key: string) => {
      const item = itemsRef.current.find((candidate) => candidate.key === key);
      if (item?.phase !== "interrupted") {
        sessions.current.get(key)?.cancel();
        return;
      }
      update(key, { phase: "cancelled" });
      const saved = findSavedUpload(item.fingerprint);
      if (saved) discardInterruptedUpload(saved).finally(() => setChanges((n) => n + 1));
    },
    [update],
  );

  const value = useMemo<Uploads>(
    () => ({
      items,
      serverTranscodes,
      changes,
      add,
      resumeWith,
      resumeAsset,
      pause: (key) => sessions.current.get(key)?.pause(),
      resume: (key) => sessions.current.get(key)?.resume(),
      cancel,
      retry(key) {
        const item = items.find((candidate) => candidate.key === key);
        if (item?.file && (item.phase === "stopped" || item.phase === "cancelled")) run(key, item.file);
      },
      dismiss,
      clearFinished() {
        for (const item of items) if (isFinished(item)) dismiss(item.key);
      },
    }),
    [items, serverTranscodes, changes, add, resumeWith, resumeAsset, cancel, run, dismiss],
  );

  useEffect(() => {
    let mounted = true;
    interruptedUploads(userId).then((saved) => {
      if (!mounted) return;
      setItems((current) => [
        ...current,
        ...saved
          .filter((upload) => !current.some((item) => item.fingerprint === upload.fingerprint))
          .map(interruptedItem),
      ]);
    });
    return () => {
      mounted = false;
    };
  }, [userId]);

  useEffect(() => {
    const running = sessions.current;
    return () => running.forEach((session) => session.dispose());
  }, []);

  useBeforeUnloadWarning(items.some(isSending));

  return <UploadsContext.Provider value={value}>{children}</UploadsContext.Provider>;
}

function newItem(file: File, fingerprint: string): UploadItem {
  return {
    key: `upload-${++nextKey}`,
    name: file.name,
    size: file.size,
    fingerprint,
    file,
    phase: "preparing",
    loaded: 0,
    bytesPerSecond: 0,
    messages: [],
  };
}

function interruptedItem(saved: SavedUpload): UploadItem {
  return {
    key: `upload-${++nextKey}`,
    name: saved.name,
    size: saved.size,
    fingerprint: saved.fingerprint,
    phase: "interrupted",
    loaded: saved.sent,
    bytesPerSecond: 0,
    assetId: saved.assetId,
    messages: [],
  };
}

function useBeforeUnloadWarning(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers only ask when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [active]);
}
