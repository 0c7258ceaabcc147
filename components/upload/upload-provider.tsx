"use client";

import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { apiRequest, messagesOf } from "@/lib/client/api";
import { uploadFile, type RunningUpload } from "@/lib/client/upload";

export type UploadStatus = "uploading" | "done" | "failed" | "cancelled";

export interface UploadItem {
  key: string;
  file: File;
  status: UploadStatus;
  loaded: number;
  total: number;
  bytesPerSecond: number;
  assetId?: string;
  errors: string[];
}

interface Uploads {
  items: UploadItem[];
  /** Changes whenever an upload creates an asset or settles, so lists can refresh at once. */
  changes: number;
  add(files: File[]): void;
  cancel(key: string): void;
  retry(key: string): void;
  dismiss(key: string): void;
}

const UploadsContext = createContext<Uploads | null>(null);

export function useUploads(): Uploads {
  const uploads = useContext(UploadsContext);
  if (!uploads) throw new Error("useUploads needs an UploadsProvider");
  return uploads;
}

let nextKey = 0;

/**
 * Holds the uploads of the dashboard above its pages, so they keep running (and showing) while
 * the user moves between pages, and warns before the tab is closed during one.
 */
export function UploadsProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const [changes, setChanges] = useState(0);
  const running = useRef(new Map<string, RunningUpload>());
  const itemsRef = useRef(items);
  useEffect(() => {
    itemsRef.current = items;
  });

  const update = useCallback((key: string, patch: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  }, []);

  /** An abandoned attempt's asset would sit `waiting` until its URL expires; remove it. */
  const discardAsset = useCallback((assetId: string | undefined) => {
    if (assetId) apiRequest(`/api/asset/${assetId}`, { method: "DELETE" }).catch(() => {});
  }, []);

  const start = useCallback(
    (key: string, file: File) => {
      let assetId: string | undefined;
      const upload = uploadFile(file, {
        onAsset: (asset) => {
          assetId = asset.id;
          update(key, { assetId });
          setChanges((n) => n + 1);
        },
        onProgress: (progress) => update(key, progress),
      });
      running.current.set(key, upload);
      upload.done
        .then(
          () => update(key, { status: "done" }),
          (error) => {
            if (!isAbort(error)) return update(key, { status: "failed", errors: messagesOf(error) });
            update(key, { status: "cancelled" });
            discardAsset(assetId);
          },
        )
        .finally(() => {
          running.current.delete(key);
          setChanges((n) => n + 1);
        });
    },
    [discardAsset, update],
  );

  const add = useCallback(
    (files: File[]) => {
      const added = files.map((file) => ({
        key: `upload-${++nextKey}`,
        file,
        status: "uploading" as const,
        loaded: 0,
        total: file.size,
        bytesPerSecond: 0,
        errors: [],
      }));
      setItems((current) => [...added, ...current]);
      for (const item of added) start(item.key, item.file);
    },
    [start],
  );

  const cancel = useCallback((key: string) => running.current.get(key)?.abort(), []);

  const retry = useCallback(
    (key: string) => {
      const item = itemsRef.current.find((candidate) => candidate.key === key);
      if (!item || item.status === "uploading" || item.status === "done") return;
      if (item.status === "failed") discardAsset(item.assetId);
      update(key, { status: "uploading", loaded: 0, bytesPerSecond: 0, errors: [], assetId: undefined });
      start(key, item.file);
    },
    [discardAsset, start, update],
  );

  const dismiss = useCallback((key: string) => {
    setItems((current) => current.filter((item) => item.key !== key || item.status === "uploading"));
  }, []);

  const active = items.some((item) => item.status === "uploading");
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

  const value = useMemo(
    () => ({ items, changes, add, cancel, retry, dismiss }),
    [items, changes, add, cancel, retry, dismiss],
  );
  return <UploadsContext.Provider value={value}>{children}</UploadsContext.Provider>;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}
