"use client";

import Script from "next/script";
import { useRef } from "react";

interface ScalarGlobal {
  createApiReference(element: HTMLElement, configuration: Record<string, unknown>): unknown;
}

/** Scalar's API reference of /api/openapi.json; nothing it needs comes from another site. */
export function ApiReference() {
  const container = useRef<HTMLDivElement>(null);
  return (
    <>
      <div ref={container} />
      <Script
        src="/docs/scalar.js"
        strategy="afterInteractive"
        onReady={() => {
          const scalar = (window as unknown as { Scalar?: ScalarGlobal }).Scalar;
          if (!scalar || !container.current) return;
          scalar.createApiReference(container.current, {
            url: "/api/openapi.json",
            // Offline: system fonts, no telemetry, none of Scalar's hosted services.
            withDefaultFonts: false,
            telemetry: false,
            mcp: { disabled: true },
            agent: { disabled: true },
            showDeveloperTools: "never",
            hideDarkModeToggle: true,
            theme: "default",
          });
        }}
      />
    </>
  );
}
