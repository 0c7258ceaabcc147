import type { Metadata } from "next";
import { ApiKeys } from "@/components/keys/api-keys";

export const metadata: Metadata = { title: "API keys" };

export default function KeysPage() {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">API keys</h1>
        <p className="mt-1 text-sm text-slate-600">
          Backends send a key as <code>Authorization: Bearer &lt;key&gt;</code> to every <code>/api</code> endpoint.
        </p>
      </div>
      <ApiKeys />
    </div>
  );
}
