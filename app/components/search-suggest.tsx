import { lazy, Suspense, useEffect, useState } from "react";

// Suggestions as the visitor types, for a search box that works without them (a plain GET form). This
// part is in the page's bundle and tiny: the combobox itself (search-combobox.tsx) is loaded only once
// the visitor focuses the box, so a first visit's JavaScript barely grows, and without JavaScript the
// box is exactly the plain field it was.

const SearchCombobox = lazy(() => import("./search-combobox"));

/** `categoryNames`: the categories' names by slug in the page's language, for the category suggestions. */
export function SearchSuggest({ inputId, categoryNames }: { inputId: string; categoryNames?: Record<string, string> }) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const input = document.getElementById(inputId);
    if (!input) return;
    const want = () => setWanted(true);
    // Focused before hydration (a fast visitor): load at once.
    if (document.activeElement === input) queueMicrotask(want);
    else input.addEventListener("focus", want, { once: true });
    return () => input.removeEventListener("focus", want);
  }, [inputId]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SearchCombobox inputId={inputId} categoryNames={categoryNames} />
    </Suspense>
  );
}
