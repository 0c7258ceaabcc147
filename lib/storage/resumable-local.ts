import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { FileStore } from "@tus/file-store";
import type { ResumableUploads } from "./types";

/**
 * Resumable uploads on local disk: tus's file store writes each upload in place under
 * `directory` (`<id>` and its `<id>.json`); the finished file is linked at the asset's path, so
 * no second copy is made (both live under DATA_DIR, on one file system). Ids are asset ids.
 */
export class LocalResumableUploads implements ResumableUploads {
  private store: FileStore | undefined;

  constructor(
    private readonly directory: string,
    private readonly pathOfKey: (key: string) => string,
  ) {}

  /**
   * Made on first use: FileStore's constructor starts an unawaited mkdir whose failure is thrown
   * from a callback, so an app that is closed (and its data directory removed) right after
   * starting would crash the process.
   */
  get dataStore(): FileStore {
    if (!this.store) {
      fs.mkdirSync(this.directory, { recursive: true });
      this.store = new FileStore({ directory: this.directory });
    }
    return this.store;
  }

  /**
   * A hard link, put in place by a rename (atomic): the upload's file also stays where tus sees it
   * until `forget`, so a finish cut short can be run again.
   */
  async finish(id: string, key: string): Promise<void> {
    const target = this.pathOfKey(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const link = `${target}.${randomUUID()}.link`;
    await fs.promises.link(path.join(this.directory, id), link);
    await fs.promises.rename(link, target);
  }

  async forget(id: string): Promise<void> {
    await this.discard(id);
  }

  async discard(id: string): Promise<void> {
    await fs.promises.rm(path.join(this.directory, id), { force: true });
    await this.forgetInfo(id);
  }

  /** The file store's `<id>.json`, gone or not. */
  private async forgetInfo(id: string): Promise<void> {
    await fs.promises.rm(path.join(this.directory, `${id}.json`), { force: true });
  }
}
