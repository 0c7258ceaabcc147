import type { ResponseShape } from "@/lib/db/schema";
import type { Asset, AssetAnswer, StudioAssetStatus } from "./schemas";

/** The shape an answer takes once `auto` is resolved. */
export type AnswerShape = Exclude<ResponseShape, "auto">;

/** Livepeer's SDKs (Speakeasy-generated, every language) send `speakeasy-sdk/<language> <versions…> livepeer`. */
const LIVEPEER_SDK_AGENT = /^speakeasy-sdk\/\S+ .*\blivepeer\b/i;

/** The shape of this request's answers: the key's setting, `auto` deciding by the User-Agent. */
export function answerShape(setting: ResponseShape, userAgent: string | null): AnswerShape {
  if (setting !== "auto") return setting;
  return userAgent !== null && LIVEPEER_SDK_AGENT.test(userAgent) ? "studio" : "plain";
}

/** The asset as this caller reads it: in the Studio shape, `status` is Livepeer Studio's object. */
export function shapeAsset(asset: Asset, shape: AnswerShape): AssetAnswer {
  if (shape === "plain") return asset;
  const status: StudioAssetStatus = { phase: asset.status, updatedAt: asset.updatedAt };
  if (asset.errorMessage !== undefined) status.errorMessage = asset.errorMessage;
  return { ...asset, status };
}
