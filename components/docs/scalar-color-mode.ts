/**
 * Scalar's API reference in the page's theme (`html.dark`, lib/client/theme.ts), the one source of
 * truth. Scalar's own toggle is hidden and its mode forced to the page's when it is created, but it
 * reads that only once: its mode is a class on <body>, `dark-mode` or `light-mode`, which this keeps
 * equal to the page's theme when the theme changes (the system's setting, a choice made in another
 * tab), and when Scalar rewrites it (on a change of the system's setting, to the mode it was given).
 */
export type ScalarColorMode = "dark" | "light";

export const pageColorMode = (): ScalarColorMode =>
  document.documentElement.classList.contains("dark") ? "dark" : "light";

/** Returns what stops following and takes Scalar's class off <body>, which outlives the page. */
export function keepScalarInPageTheme(): () => void {
  const apply = () => {
    const dark = pageColorMode() === "dark";
    document.body.classList.toggle("dark-mode", dark);
    document.body.classList.toggle("light-mode", !dark);
  };
  apply();
  const observer = new MutationObserver(apply);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  observer.observe(document.body, { attributes: true, attributeFilter: ["class"] });
  return () => {
    observer.disconnect();
    document.body.classList.remove("dark-mode", "light-mode");
  };
}
