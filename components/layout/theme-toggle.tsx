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

/** A pressed button while the page is dark; the server cannot know, so it renders unpressed until hydrated. */
export function ThemeToggle() {
  const dark = useSyncExternalStore(subscribe, isDark, () => false);
  return (
    <button type="button" aria-pressed={dark} onClick={() => chooseTheme(!dark)} className={buttonStyles.ghost}>
      <span aria-hidden="true">{dark ? "☾" : "☀"}</span>
      Dark theme
    </button>
  );
}
