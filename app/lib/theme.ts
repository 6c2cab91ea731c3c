export type Theme = "light" | "dark";
export const THEME_COOKIE = "theme";
export const THEME_STORAGE_KEY = "theme";

export function parseTheme(value: unknown): Theme | null {
  return value === "dark" || value === "light" ? value : null;
}

export function themeFromCookieHeader(cookieHeader: string | null): Theme | null {
  if (!cookieHeader) return null;
  const match = cookieHeader.match(/(?:^|;\s*)theme=(dark|light)(?:;|$)/);
  return match ? (match[1] as Theme) : null;
}

export function themeCookie(theme: Theme): string {
  return `${THEME_COOKIE}=${theme}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/**
 * Runs in <head> before first paint: a choice saved in localStorage (docs/decisions/024-theme-saved-choice.md) wins and
 * is mirrored into the cookie so the server renders it next time. Without a choice, CSS follows the system.
 */
export const THEME_BOOT_SCRIPT = `(function(){try{var t=localStorage.getItem("${THEME_STORAGE_KEY}");var d=document.documentElement;if((t==="dark"||t==="light")&&d.dataset.theme!==t){d.dataset.theme=t;document.cookie="${THEME_COOKIE}="+t+"; Path=/; Max-Age=31536000; SameSite=Lax"}}catch(e){}})();`;
