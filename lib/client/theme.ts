/**
 * Dark mode: the system's setting (prefers-color-scheme) unless the user chose otherwise with the
 * dashboard's toggle, a choice kept in localStorage. `html.dark` switches the palette
 * (app/dark-theme.css).
 */
export const THEME_STORAGE_KEY = "theme";
export const DARK_QUERY = "(prefers-color-scheme: dark)";

/**
 * Run inline in <head>, before anything is painted, so a page never flashes the other theme; it
 * also follows the system's setting when it changes while no choice is stored. The player at /play/…
 * keeps its own look (framed on other sites, black).
 */
export const THEME_SCRIPT = `(() => {
  if (location.pathname.startsWith("/play/")) return;
  const query = matchMedia(${JSON.stringify(DARK_QUERY)});
  const apply = () => {
    let stored = null;
    try { stored = localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)}); } catch {}
    document.documentElement.classList.toggle("dark", stored ? stored === "dark" : query.matches);
  };
  apply();
  query.addEventListener("change", apply);
  addEventListener("storage", apply);
})();`;

/** Switches the page's theme and keeps the choice; a choice equal to the system's follows the system from then on. */
export function chooseTheme(dark: boolean): void {
  try {
    if (dark === matchMedia(DARK_QUERY).matches) localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, dark ? "dark" : "light");
  } catch {
    // Storage refused (private mode): the choice holds for this page only.
  }
  document.documentElement.classList.toggle("dark", dark);
}
