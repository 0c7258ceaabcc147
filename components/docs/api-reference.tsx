"use client";

import Script from "next/script";
import { useEffect, useRef } from "react";
import { mendScalarAccessibility } from "./scalar-accessibility";

interface ScalarGlobal {
  createApiReference(element: HTMLElement, configuration: Record<string, unknown>): unknown;
}

/**
 * Scalar's default light theme, darkened where its text misses WCAG AA contrast (4.5:1) on white;
 * and the dark one of its code examples' cards (dark in the light theme too), where DELETE's red
 * has 3.9:1 on the card's #1a1a1a: red-400 has 6.3:1.
 */
const CONTRAST_CSS = `.light-mode {
  --scalar-color-2: #3f3f46;
  --scalar-color-3: #52525b;
  --scalar-color-green: #047857;
  --scalar-color-blue: #1d4ed8;
  --scalar-color-red: #b91c1c;
  --scalar-color-orange: #b45309;
  --scalar-color-yellow: #854d0e;
  --scalar-color-purple: #6d28d9;
}
.dark-mode {
  --scalar-color-red: #f87171;
}`;

/** Scalar's API reference of /api/openapi.json; nothing it needs comes from another site. */
export function ApiReference() {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => (container.current ? mendScalarAccessibility(container.current) : undefined), []);

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
            // Its light theme, whatever the system says: the one whose contrast CONTRAST_CSS checks.
            forceDarkModeState: "light",
            hideClientButton: true,
            theme: "default",
            customCss: CONTRAST_CSS,
          });
        }}
      />
    </>
  );
}
