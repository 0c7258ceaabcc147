"use client";

import Link from "next/link";
import { useId } from "react";
import { ErrorAlert } from "@/components/ui/error-alert";
import { inputStyles, labelStyles } from "@/components/ui/styles";
import type { Asset } from "@/lib/assets/schemas";
import { api, dataOf } from "@/lib/client/api";
import { plainAsset } from "@/lib/client/assets";
import { usePendingRequest } from "@/lib/client/use-pending-request";

type Policy = Asset["playbackPolicy"]["type"];

const LABELS: Record<Policy, string> = { public: "Public", jwt: "Signed (JWT)" };

/** Who may play the video; a change holds for every playback URL at once. */
export function PlaybackPolicy({ asset, onChanged }: { asset: Asset; onChanged(asset: Asset): void }) {
  const id = useId();
  const { busy, errors, run } = usePendingRequest();
  const policy = asset.playbackPolicy.type;

  const change = (type: Policy) =>
    run(async () => {
      onChanged(plainAsset(await dataOf(api.PATCH("/api/asset/{id}", { params: { path: { id: asset.id } }, body: { playbackPolicy: { type } } }))));
    });

  return (
    <div className="mt-6 space-y-2 border-t border-slate-200 pt-4">
      <label htmlFor={id} className={labelStyles}>
        Playback policy
      </label>
      <select
        id={id}
        value={policy}
        onChange={(e) => change(e.target.value as Policy)}
        disabled={busy}
        aria-describedby={`${id}-meaning`}
        className={`${inputStyles} sm:w-60`}
      >
        {Object.entries(LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      <p id={`${id}-meaning`} className="text-sm text-slate-600" data-playback-policy={policy}>
        {policy === "public" ? (
          "Anyone who has its playback links can play it."
        ) : (
          <>
            Viewers need a token signed with one of your{" "}
            <Link href="/signing-keys" className="font-medium text-indigo-700 underline">
              signing keys
            </Link>
            ; you can always play it here.
          </>
        )}
      </p>
      <ErrorAlert messages={errors} />
    </div>
  );
}
