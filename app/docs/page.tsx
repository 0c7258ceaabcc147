import type { Metadata } from "next";
import Link from "next/link";
import { ApiReference } from "@/components/docs/api-reference";

export const metadata: Metadata = { title: "API reference" };

/** The API reference, public like the document it renders. */
export default function DocsPage() {
  return (
    <>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
          <Link href="/assets" className="text-lg font-semibold tracking-tight text-indigo-700">
            Video assets
          </Link>
          <a href="/api/openapi.json" className="text-sm font-medium text-slate-600 hover:text-slate-900">
            OpenAPI document (JSON)
          </a>
        </div>
      </header>
      {/* Scalar's own <main> holds the reference; its title is the page's h1. */}
      <ApiReference />
    </>
  );
}
