import type { Metadata } from "next";
import { AssetList } from "@/components/assets/asset-list";
import { UploadPanel } from "@/components/upload/upload-panel";

export const metadata: Metadata = { title: "Assets" };

export default function AssetsPage() {
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-semibold">Assets</h1>
      <UploadPanel />
      <AssetList />
    </div>
  );
}
