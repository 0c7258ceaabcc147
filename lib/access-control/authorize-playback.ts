import { unauthorized } from "@/lib/api/errors";
import type { App } from "@/lib/app/app";
import type { AssetRow } from "@/lib/db/schema";

export type PlaybackAccess = { kind: "public" } | { kind: "granted"; mediaToken: string };

/** Placeholder until the signed-playback branch lands: public assets only. */
export async function authorizePlayback(_app: App, _request: Request, asset: AssetRow): Promise<PlaybackAccess> {
  if (asset.playbackPolicy === "public") return { kind: "public" };
  throw unauthorized("this video needs a playback token");
}
