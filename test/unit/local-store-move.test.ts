import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import { afterEach, describe, expect, it } from "vitest";
import { LocalStore } from "@/lib/storage/local-store";

describe("LocalStore.moveFile", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("stores a finished file (a cut clip) at its key by moving it, replacing what was there, leaving no copy behind", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "vas-local-move-"));
    dirs.push(root);
    const store = new LocalStore(root, "secret", path.join(root, "resumable"));
    const key = "assets/a/source";
    await store.putObject(key, new TextEncoder().encode("an earlier run's file"));
    const file = path.join(root, "work", "clip.mp4");
    fs.mkdirSync(path.dirname(file));
    fs.writeFileSync(file, "the clip");
    const inode = fs.statSync(file).ino;

    await store.moveFile(key, file);

    expect(await text(await store.createReadStream(key))).toBe("the clip");
    expect(await store.stat(key)).toEqual({ size: 8 });
    expect(fs.existsSync(file)).toBe(false);
    // The same file, not a copy of its bytes.
    expect(fs.statSync(path.join(root, key)).ino).toBe(inode);
  });
});
