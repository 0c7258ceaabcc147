import type { AnswerShape } from "@/lib/auth/answer-shape";
import type { Asset, AssetAnswer, StudioAssetStatus } from "./schemas";

/** The asset as this caller reads it: in the Studio shape, `status` is Livepeer Studio's object. */
export function shapeAsset(asset: Asset, shape: AnswerShape): AssetAnswer {
  if (shape === "plain") return asset;
  const status: StudioAssetStatus = { phase: asset.status, updatedAt: asset.updatedAt };
  if (asset.errorMessage !== undefined) status.errorMessage = asset.errorMessage;
  return { ...asset, status };
}
