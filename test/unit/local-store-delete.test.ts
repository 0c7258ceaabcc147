import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { LocalStore } from "@/lib/storage/local-store";

describe("LocalStore.deletePrefix", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("removes a ladder's directory while a transcode still writes segments into it (no ENOTEMPTY)", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "vas-local-delete-"));
    dirs.push(root);
    const store = new LocalStore(root, "secret", path.join(root, "resumable"));
    const prefix = "assets/a/renditions/v1/";
    for (let n = 0; n < 100; n++) await store.putObject(`${prefix}t0/${n}.m4s`, new Uint8Array(64));

    let writing = true;
    const writer = (async () => {
      for (let n = 100; writing; n++) await store.putObject(`${prefix}t0/${n}.m4s`, new Uint8Array(64)).catch(() => undefined);
    })();
    const deletions = [];
    for (let attempt = 0; attempt < 10; attempt++) deletions.push(await store.deletePrefix(prefix).then(() => "deleted", (error: Error) => error.message));
    writing = false;
    await writer;

    expect(deletions.filter((outcome) => outcome !== "deleted")).toEqual([]);
    await store.deletePrefix(prefix);
    expect(fs.existsSync(path.join(root, prefix))).toBe(false);
  });
});
