import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * For a <details> used as a menu (the header's menu and language button): it opens and closes without
 * JavaScript; with it, the menu also closes when a link in it changes the page (a client navigation
 * keeps the element, and so its `open`) and on Escape, giving focus back to its button.
 */
export function useMenuDisclosure() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.key]);
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !details.open) return;
      details.open = false;
      details.querySelector("summary")?.focus();
    };
    details.addEventListener("keydown", onKeyDown);
    return () => details.removeEventListener("keydown", onKeyDown);
  }, []);
  return ref;
}
