import { useRef } from "react";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * The select-all checkbox of a bulk table: checks every `ids` checkbox of its form. It needs
 * JavaScript, so it is rendered only once the page has hydrated; without it the list offers a
 * 'Select all on this page' link instead (the page renders every box checked).
 */
export function SelectAll({ form, label = "Select all on this page" }: { form: string; label?: string }) {
  const ready = useHydrated();
  const ref = useRef<HTMLInputElement>(null);
  if (!ready) return null;
  const boxes = () =>
    Array.from(document.querySelectorAll<HTMLInputElement>(`input[type=checkbox][name=ids][form="${form}"]`));
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label={label}
      onChange={(e) => {
        for (const box of boxes()) box.checked = e.currentTarget.checked;
      }}
    />
  );
}
