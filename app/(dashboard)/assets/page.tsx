import type { Metadata } from "next";
import { connection } from "next/server";
import { AssetList } from "@/components/assets/asset-list";
import { UploadPanel } from "@/components/upload/upload-panel";
import { getApp } from "@/lib/app/app";

export const metadata: Metadata = { title: "Assets" };

export default async function AssetsPage() {
  // Rendered per request, never while building: the app (and its database) starts with the server.
  await connection();
  // Whether "server default" credentials can work, so the bulk export form does not start on them when not.
  const serverPinning = Boolean((await getApp()).config.pinataJwt);
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-semibold">Assets</h1>
      <UploadPanel />
      <AssetList serverPinning={serverPinning} />
    </div>
  );
}
