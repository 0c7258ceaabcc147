/**
 * Dark mode: the system's setting (prefers-color-scheme) unless the user chose otherwise with the
 * dashboard's toggle, a choice kept in localStorage. `html.dark` switches the palette
 * (app/dark-theme.css).
 */
export const THEME_STORAGE_KEY = "theme";
export const DARK_QUERY = "(prefers-color-scheme: dark)";

/**
 * Run inline in <head>, before anything is painted, so a page never flashes the other theme; it
 * also follows the system's setting when it changes while no choice is stored. Two pages keep their
 * own look: the player at /play/… (framed on other sites, black) and the API reference at /docs
 * (Scalar's light theme, checked for contrast; its dark one misses 4.5:1 in places).
 */
export const THEME_SCRIPT = `(() => {
  if (location.pathname.startsWith("/play/") || location.pathname === "/docs") return;
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
