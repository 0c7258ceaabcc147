"use client";

import Script from "next/script";
import { useEffect, useRef } from "react";

interface ScalarGlobal {
  createApiReference(element: HTMLElement, configuration: Record<string, unknown>): unknown;
}

/** Scalar's default light theme, darkened where its text misses WCAG AA contrast (4.5:1) on white. */
const CONTRAST_CSS = `.light-mode {
  --scalar-color-2: #3f3f46;
  --scalar-color-3: #52525b;
  --scalar-color-green: #047857;
  --scalar-color-blue: #1d4ed8;
  --scalar-color-red: #b91c1c;
  --scalar-color-orange: #b45309;
  --scalar-color-yellow: #854d0e;
  --scalar-color-purple: #6d28d9;
}`;

/**
 * What Scalar 1.72 leaves out for screen readers and keyboards, added as it renders sections:
 * a name on its icon-only copy buttons, and focus on the endpoint lists that scroll on phones.
 */
function completeAccessibility(root: HTMLElement) {
  root.querySelectorAll("button.scalar-code-copy:not([aria-label])").forEach((button) => button.setAttribute("aria-label", "Copy code"));
  root.querySelectorAll(".endpoints:not([tabindex])").forEach((list) => list.setAttribute("tabindex", "0"));
}

/** Scalar's API reference of /api/openapi.json; nothing it needs comes from another site. */
export function ApiReference() {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const observer = new MutationObserver(() => completeAccessibility(root));
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);

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
