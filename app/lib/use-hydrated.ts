import { type RefObject, useEffect, useState } from "react";

/** False during the server render and the first client render, true once JavaScript has taken over. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** True when the visitor asked the system for less motion (always false on the server). */
export function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;
}

/**
 * Once after hydration, the values of the `name` boxes or radios ticked inside `container`: choices the visitor
 * made on the server's form before the page's code ran (a slow phone, or a part whose code comes on first use)
 * are the state the code starts from (docs/architecture.md, "Parts of a page that wait for the visitor").
 */
export function useCheckedOnHydration(
  container: RefObject<HTMLElement | null>,
  name: string,
  onRead: (values: string[]) => void,
): void {
  // Read once (no dependencies on purpose): later changes reach the component through its own onChange.
  useEffect(() => {
    const checked = container.current?.querySelectorAll<HTMLInputElement>(`input[name="${name}"]:checked`);
    if (checked) onRead(Array.from(checked, (input) => input.value));
  }, []);
}
