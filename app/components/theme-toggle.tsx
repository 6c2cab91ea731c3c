import { Form, useLocation } from "react-router";
import { type Theme, THEME_STORAGE_KEY, themeCookie } from "~/lib/theme";
import { useT } from "./i18n";
import { MoonIcon, SunIcon } from "./icons";

function effectiveTheme(): Theme {
  const pinned = document.documentElement.dataset.theme;
  if (pinned === "dark" || pinned === "light") return pinned;
  return window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

/** A plain form post to /theme (works without JavaScript); with JavaScript it switches in place. */
export function ThemeToggle({ theme }: { theme: Theme | null }) {
  const t = useT();
  const location = useLocation();
  const next: Theme = theme === "dark" ? "light" : "dark";
  return (
    <Form
      method="post"
      action="/theme"
      reloadDocument
      discover="none"
      onSubmit={(event) => {
        event.preventDefault();
        const chosen: Theme = effectiveTheme() === "dark" ? "light" : "dark";
        document.documentElement.dataset.theme = chosen;
        try {
          localStorage.setItem(THEME_STORAGE_KEY, chosen);
        } catch {
          /* storage may be blocked; the cookie still carries the choice */
        }
        document.cookie = themeCookie(chosen);
      }}
    >
      <input type="hidden" name="theme" value={next} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button
        type="submit"
        className="btn btn-ghost btn-icon"
        aria-label={t("common.theme.switch")}
        title={t("common.theme.title")}
      >
        <span className="theme-icon-dark">
          <MoonIcon />
        </span>
        <span className="theme-icon-light">
          <SunIcon />
        </span>
      </button>
    </Form>
  );
}
