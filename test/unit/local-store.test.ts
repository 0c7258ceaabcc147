import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import { afterEach, describe, expect, it } from "vitest";
import { LocalStore } from "@/lib/storage/local-store";

describe("LocalStore", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A store of its own under a new temporary directory, removed after the test. */
  function newStore() {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "vas-local-store-"));
    dirs.push(root);
    return { root, store: new LocalStore(root, "secret", path.join(root, "resumable")) };
  }

  it("moveFile stores a finished file (a cut clip) at its key by moving it, replacing what was there, leaving no copy behind", async () => {
    const { root, store } = newStore();
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

  it("deletePrefix removes a ladder's directory while a transcode still writes segments into it (no ENOTEMPTY)", async () => {
    const { root, store } = newStore();
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

  it("deletePrefix also finishes a removal a killed process left halfway, and leaves other directories alone", async () => {
    const { root, store } = newStore();
    const renditions = path.join(root, "assets/a/renditions");
    const leftover = path.join(renditions, "v1.deleting-0b9c6a51-3c1e-4c8e-9a57-1d1d3c3b1a11");
    fs.mkdirSync(path.join(leftover, "t0"), { recursive: true });
    fs.writeFileSync(path.join(leftover, "t0", "7.m4s"), "segment");
    await store.putObject("assets/a/renditions/v1/t0/0.m4s", new Uint8Array(8));
    await store.putObject("assets/a/renditions/v2/t0/0.m4s", new Uint8Array(8));

    await store.deletePrefix("assets/a/renditions/v1/");

    expect(fs.readdirSync(renditions)).toEqual(["v2"]);
  });
});
