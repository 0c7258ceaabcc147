import type { Metadata } from "next";
import { FirstUpload } from "@/components/overview/first-upload";
import { UsageFigures } from "@/components/overview/usage-figures";
import { UsagePerDay } from "@/components/overview/usage-per-day";
import { ViewerFigures } from "@/components/analytics/viewer-figures";
import { accountViewTotals } from "@/lib/analytics/viewer-summary";
import { getApp } from "@/lib/app/app";
import { auth } from "@/lib/app/next-auth";
import { readUsage } from "@/lib/usage/read-usage";

export const metadata: Metadata = { title: "Overview" };

/** The landing page after sign-in and sign-up: the figures of `GET /api/usage`, read by the same function. */
export default async function OverviewPage() {
  const userId = (await auth())?.user?.id;
  // The layout sends a visitor without a session to sign in.
  if (!userId) return null;
  const app = await getApp();
  const usage = await readUsage(app.db, userId, app.now());
  const viewers = await accountViewTotals(app.db, userId, app.now());
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-semibold">Overview</h1>
      {usage.assets.total === 0 && <FirstUpload />}
      <UsageFigures usage={usage} />
      <ViewerFigures totals={viewers} />
      <UsagePerDay usage={usage} />
    </div>
  );
}
