import type { Metadata } from "next";
import { SigningKeys } from "@/components/access-control/signing-keys";

export const metadata: Metadata = { title: "Signing keys" };

export default function SigningKeysPage() {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Signing keys</h1>
        <p className="mt-1 text-sm text-slate-600">
          A video whose playback policy is <strong>Signed (JWT)</strong> plays only for viewers with a token signed by one of
          these keys, for example with <code>signAccessJwt</code> of <code>@livepeer/core/crypto</code> on your backend.
        </p>
      </div>
      <SigningKeys />
    </div>
  );
}
