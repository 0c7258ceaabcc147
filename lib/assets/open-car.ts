import { attachment } from "@/lib/api/content-disposition";
import { conflict, forbidden, notFound } from "@/lib/api/errors";
import { authenticateRequest, type AuthDeps } from "@/lib/auth/authenticate-request";
import { findAsset, findUserAsset } from "@/lib/db/assets";
import type { AssetRow } from "@/lib/db/schema";
import { byteRange, carStream } from "@/lib/ipfs/car-stream";
import { readSignedFields, verifyFields } from "@/lib/storage/signed-url";
import type { MediaBytes } from "@/lib/storage/types";
import type { TaskDeps } from "@/lib/tasks/types";
import { carFileName } from "./car-file-name";

export const CAR_CONTENT_TYPE = "application/vnd.ipld.car";

/**
 * `GET /api/asset/{id}/car`: the ready asset as a CARv1 whose root is its CIDv1 (section 17), for
 * its owner (API token or session) or whoever holds its signed `carUrl`. Its length was counted
 * with the CID, so it is answered with Content-Length; a range is cut from the CAR as it is made.
 * Saved, it is `<name>-<cid>.car`.
 */
export async function openAssetCar(app: TaskDeps & AuthDeps, request: Request, url: URL, assetId: string): Promise<MediaBytes> {
  const asset = url.searchParams.has("signature") ? await signedAsset(app, url, assetId) : await ownAsset(app, request, assetId);
  if (!asset || asset.status !== "ready") throw notFound("asset not found");
  const { cidv1, carSize, storageKey } = asset;
  if (!cidv1 || carSize === null) throw conflict("the asset's CID is still being computed; try again in a few minutes");
  return {
    size: carSize,
    open: async (range) => {
      const car = carStream(await app.storage.createReadStream(storageKey), cidv1);
      return range.start === 0 && range.end === carSize - 1 ? car : byteRange(car, range);
    },
    contentType: CAR_CONTENT_TYPE,
    cacheControl: "private, max-age=300",
    contentDisposition: attachment(carFileName(asset.name, cidv1)),
  };
}

async function ownAsset(app: TaskDeps & AuthDeps, request: Request, assetId: string): Promise<AssetRow | undefined> {
  const caller = await authenticateRequest(request, app);
  return findUserAsset(app.db, caller.userId, assetId);
}

async function signedAsset(app: TaskDeps & AuthDeps, url: URL, assetId: string): Promise<AssetRow | undefined> {
  const signed = readSignedFields(url, "car", assetId);
  if (!signed) throw forbidden("CAR URL is not valid: its signature parameters are missing");
  const verdict = verifyFields(app.uploadSigningSecret, signed.fields, signed.signature, app.now());
  if (!verdict.ok) throw forbidden(verdict.reason === "expired" ? "CAR URL has expired" : "CAR URL signature is not valid");
  const asset = await findAsset(app.db, assetId);
  // A URL signed for the file the asset had: a replaced file gets a new URL.
  return asset?.storageKey === signed.fields.key ? asset : undefined;
}
