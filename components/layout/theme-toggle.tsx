"use client";

import { useSyncExternalStore } from "react";
import { buttonStyles } from "@/components/ui/styles";
import { chooseTheme } from "@/lib/client/theme";

function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}

const isDark = () => document.documentElement.classList.contains("dark");

/**
 * A pressed button while the page is dark; the server cannot know, so it renders unpressed until
 * hydrated. Its words show from 1536 px on: below, the header's one row at 1280 px has room for
 * the sun or moon only, and the words stay its name.
 */
export function ThemeToggle() {
  const dark = useSyncExternalStore(subscribe, isDark, () => false);
  return (
    <button type="button" aria-pressed={dark} onClick={() => chooseTheme(!dark)} className={buttonStyles.ghost} title="Dark theme">
      <span aria-hidden="true">{dark ? "☾" : "☀"}</span>
      <span className="sr-only 2xl:not-sr-only">Dark theme</span>
    </button>
  );
}
