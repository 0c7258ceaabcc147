import type { Metadata } from "next";
import { AssetDetail } from "@/components/assets/asset-detail";
import { getApp } from "@/lib/app/app";

export const metadata: Metadata = { title: "Asset" };

export default async function AssetPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  // Whether "server default" credentials can work, so the export form does not start on them when not.
  const serverPinning = Boolean((await getApp()).config.pinataJwt);
  return <AssetDetail assetId={id} serverPinning={serverPinning} />;
}
