import Link from "next/link";
import { cardStyles } from "@/components/ui/styles";

/** What a new account's overview leads to: it has nothing to count until a first video arrives. */
export function FirstUpload() {
  return (
    <section aria-labelledby="first-upload-heading" className={`${cardStyles} space-y-2`}>
      <h2 id="first-upload-heading" className="text-lg font-semibold">
        No videos yet
      </h2>
      <p className="text-sm text-slate-600">
        Drop a video on the Assets page, or import one from a URL; or let your backend upload with an API key.
      </p>
      <p className="flex flex-wrap gap-4 text-sm font-medium">
        <Link href="/assets" className="text-indigo-700 underline">
          Upload a video
        </Link>
        <Link href="/keys" className="text-indigo-700 underline">
          Create an API key
        </Link>
      </p>
    </section>
  );
}
