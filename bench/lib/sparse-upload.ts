import fs from "node:fs";
import path from "node:path";
import type { App } from "@/lib/app/app";
import { insertUpload } from "@/lib/db/insert-upload";
import { newUpload } from "@/test/helpers/new-upload";

/**
 * A user's waiting asset whose stored file is `size` bytes of a sparse file under `dataDir`: made
 * without its bytes passing through this process, so they cannot inflate a memory baseline.
 */
export async function insertSparseUpload(app: App, dataDir: string, userId: string, size: number) {
  const { asset } = await insertUpload(app.db, newUpload({ userId, name: "bench", createdAt: app.now() }));
  const file = path.join(dataDir, "objects", asset.storageKey);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, "");
  fs.truncateSync(file, size);
  return asset;
}
