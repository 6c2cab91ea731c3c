import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** The history entry the browser is on; React Router keeps its location key in the entry's state. */
function currentEntryKey(): string {
  const state: unknown = window.history.state;
  const key = state && typeof state === "object" && "key" in state ? state.key : undefined;
  return typeof key === "string" ? key : "default";
}

/**
 * For a <details> used as a menu (the header's menu and language button): it opens and closes without
 * JavaScript; with it, the menu also closes when a link in it changes the page (a client navigation
 * keeps the element, and so its `open`) and on Escape, giving focus back to its button.
 *
 * The address changes a moment before React shows the new page, so a menu opened in that moment belongs
 * to the new page: it is closed only when it was opened on an earlier history entry.
 */
export function useMenuDisclosure() {
  const ref = useRef<HTMLDetailsElement>(null);
  const openedOn = useRef<string | null>(null);
  const location = useLocation();
  useEffect(() => {
    const details = ref.current;
    if (!details?.open) return;
    // Open with no toggle seen: she opened it before the page's JavaScript ran, on this page.
    if (openedOn.current === null) openedOn.current = location.key;
    else if (openedOn.current !== location.key) details.open = false;
  }, [location.key]);
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onToggle = () => {
      openedOn.current = details.open ? currentEntryKey() : null;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !details.open) return;
      details.open = false;
      details.querySelector("summary")?.focus();
    };
    details.addEventListener("toggle", onToggle);
    details.addEventListener("keydown", onKeyDown);
    return () => {
      details.removeEventListener("toggle", onToggle);
      details.removeEventListener("keydown", onKeyDown);
    };
  }, []);
  return ref;
}
