/**
 * Resumable uploads remembered in localStorage, so that after a reload or a browser restart an
 * upload is listed as interrupted and choosing the same file again resumes it on the same asset.
 */
export interface SavedUpload {
  /** See uploadFingerprint. */
  fingerprint: string;
  userId: string;
  name: string;
  size: number;
  assetId: string;
  /** The tus upload's URL (it carries the upload's token). */
  uploadUrl: string;
  /** The tus endpoint, where the upload is created again should the server have lost it. */
  endpoint: string;
  /** When the upload URL expires; past it the upload cannot be resumed. */
  expiresAt?: number;
  /** Bytes sent when last saved. */
  sent: number;
}

const STORAGE_KEY = "vas:resumable-uploads";

/** The user's saved uploads that have not expired; expired ones are forgotten on the way. */
export function savedUploadsOf(userId: string): SavedUpload[] {
  return unexpired().filter((saved) => saved.userId === userId);
}

export function findSavedUpload(fingerprint: string): SavedUpload | undefined {
  return unexpired().find((saved) => saved.fingerprint === fingerprint);
}

export function saveUpload(upload: SavedUpload): void {
  writeAll([...readAll().filter((saved) => saved.fingerprint !== upload.fingerprint), upload]);
}

export function saveUploadProgress(fingerprint: string, sent: number): void {
  writeAll(readAll().map((saved) => (saved.fingerprint === fingerprint ? { ...saved, sent } : saved)));
}

export function forgetUpload(fingerprint: string): void {
  const all = readAll();
  const kept = all.filter((saved) => saved.fingerprint !== fingerprint);
  if (kept.length !== all.length) writeAll(kept);
}

function unexpired(): SavedUpload[] {
  const all = readAll();
  const now = Date.now();
  const kept = all.filter((saved) => saved.expiresAt === undefined || saved.expiresAt > now);
  if (kept.length !== all.length) writeAll(kept);
  return kept;
}

function readAll(): SavedUpload[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter(isSavedUpload) : [];
  } catch {
    return [];
  }
}

function writeAll(uploads: SavedUpload[]): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(uploads));
  } catch {
    // Storage full or disabled: uploads still run, they just cannot be resumed after a reload.
  }
}

/** What another version of the dashboard (or a hand edit) left there is dropped, not trusted. */
function isSavedUpload(value: unknown): value is SavedUpload {
  if (typeof value !== "object" || value === null) return false;
  const saved = value as Record<string, unknown>;
  return (
    ["fingerprint", "userId", "name", "assetId", "uploadUrl", "endpoint"].every(
      (field) => typeof saved[field] === "string",
    ) &&
    typeof saved.size === "number" &&
    typeof saved.sent === "number" &&
    (saved.expiresAt === undefined || typeof saved.expiresAt === "number")
  );
}
