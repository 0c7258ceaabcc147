import type { Metadata } from "next";
import Link from "next/link";
import { ApiReference } from "@/components/docs/api-reference";

export const metadata: Metadata = { title: "API reference" };

/**
 * The API reference, public like the document it renders. Its header stays on screen, the way back
 * to the app; Scalar places its sticky sidebar and phone header under it when told its height.
 */
export default function DocsPage() {
  return (
    <div className="[--scalar-custom-header-height:3.5rem]">
      <header className="sticky top-0 z-20 h-14 border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-full max-w-6xl items-center justify-between gap-x-4 px-4">
          <Link href="/overview" className="text-lg font-semibold tracking-tight text-indigo-700">
            Video assets
          </Link>
          <nav aria-label="Documentation" className="flex items-center gap-4 text-sm font-medium text-slate-600">
            <Link href="/overview" className="whitespace-nowrap hover:text-slate-900">
              <span aria-hidden="true">← </span>Dashboard
            </Link>
            <a href="/api/openapi.json" className="whitespace-nowrap hover:text-slate-900">
              OpenAPI (JSON)
            </a>
          </nav>
        </div>
      </header>
      {/* Scalar's own <main> holds the reference; its title is the page's h1. */}
      <ApiReference />
    </div>
  );
}
