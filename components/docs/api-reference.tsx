"use client";

import Script from "next/script";
import { useEffect, useRef } from "react";
import { mendScalarAccessibility } from "./scalar-accessibility";
import { keepScalarInPageTheme, pageColorMode } from "./scalar-color-mode";

interface ScalarInstance {
  destroy(): void;
}

interface ScalarGlobal {
  createApiReference(element: HTMLElement, configuration: Record<string, unknown>): ScalarInstance;
}

/**
 * Scalar's default themes where their text misses WCAG AA contrast (4.5:1). The light one, darkened
 * on white. The dark one (also its code examples' cards, dark in the light theme too): its faintest
 * text, #797979, has 4.4:1 on the page's #0f0f0f and 4.2:1 on the search box, #959595 has 5:1 even
 * on its lightest background, #272727; DELETE's red has 3.9:1 on the cards' #1a1a1a, red-400 6.3:1.
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
  --scalar-color-3: #959595;
  --scalar-color-red: #f87171;
}`;

/**
 * Scalar in the page's dark palette: its neutral blacks under the page's navy header looked like
 * another site. The page's own shades (app/dark-theme.css): its background, its cards, and their
 * borders. Only in the page's dark theme: in the light one the code examples' cards are
 * `.dark-mode` too, and these variables there are light shades.
 */
const DARK_PALETTE_CSS = `html.dark .dark-mode {
  --scalar-background-1: var(--color-slate-50);
  --scalar-background-2: var(--color-white);
  --scalar-background-3: var(--color-slate-100);
  --scalar-border-color: var(--color-slate-200);
}`;

/**
 * The authentication box's title bar: "Authentication", "Required" and the auth type selector
 * shared one row that had room for two, so the selector covered "Required" at every width. The
 * title keeps its width, and the selector goes below it when both do not fit.
 */
const AUTH_BOX_CSS = `.rounded-t-xl:has(> button [data-testid="auth-indicator"]) { flex-wrap: wrap; }
.rounded-t-xl > button:has([data-testid="auth-indicator"]) { flex: 1 0 auto; }`;

/** Scalar's API reference of /api/openapi.json; nothing it needs comes from another site. */
export function ApiReference() {
  const container = useRef<HTMLDivElement>(null);
  const reference = useRef<ScalarInstance>(null);

  useEffect(() => (container.current ? mendScalarAccessibility(container.current) : undefined), []);
  // Leaving /docs within the app unmounts this page, not Scalar's own app, which went on running.
  useEffect(
    () => () => {
      reference.current?.destroy();
      reference.current = null;
    },
    [],
  );
  useEffect(keepScalarInPageTheme, []);

  return (
    <>
      <div ref={container} />
      <Script
        src="/docs/scalar.js"
        strategy="afterInteractive"
        onReady={() => {
          const scalar = (window as unknown as { Scalar?: ScalarGlobal }).Scalar;
          if (!scalar || !container.current || reference.current) return;
          reference.current = scalar.createApiReference(container.current, {
            url: "/api/openapi.json",
            // Offline: system fonts, no telemetry, none of Scalar's hosted services.
            withDefaultFonts: false,
            telemetry: false,
            mcp: { disabled: true },
            agent: { disabled: true },
            showDeveloperTools: "never",
            // The page's theme, not Scalar's own choice (kept in its own storage) nor its toggle.
            hideDarkModeToggle: true,
            forceDarkModeState: pageColorMode(),
            hideClientButton: true,
            theme: "default",
            customCss: [CONTRAST_CSS, DARK_PALETTE_CSS, AUTH_BOX_CSS].join("\n"),
          });
        }}
      />
    </>
  );
}
