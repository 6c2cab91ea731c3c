import { createContext, useContext } from "react";

// After a refused post rendered by the server, the first field with an error carries `autofocus`, so the
// browser moves focus to it without JavaScript; with JavaScript, the form state (lib/form.ts, or conform on
// staff pages) focuses it after the reply.
// Server renders go top to bottom, so the first field to ask is the first in the document.
const FirstInvalidField = createContext<{ claimed: boolean } | null>(null);

/** Wraps a document; a fresh claim per server render. */
export function FirstInvalidFieldScope({ children }: { children: React.ReactNode }) {
  return <FirstInvalidField.Provider value={{ claimed: false }}>{children}</FirstInvalidField.Provider>;
}

/** True for the first invalid field of a server render (never in the browser, where conform moves focus). */
export function useAutoFocusWhenFirstInvalid(invalid: boolean): boolean {
  const scope = useContext(FirstInvalidField);
  if (!invalid || !scope || scope.claimed || typeof document !== "undefined") return false;
  // The scope is a per-render claim token, not React state: mutating it is the point.
  // eslint-disable-next-line react-hooks/immutability
  scope.claimed = true;
  return true;
}

/** An `<input>` outside `Field` (checkbox and radio lists) that takes that focus when it is the first invalid one. */
export function InputFocusedWhenFirstInvalid({
  invalid,
  ...props
}: React.InputHTMLAttributes<HTMLInputElement> & { invalid: boolean }) {
  const autoFocus = useAutoFocusWhenFirstInvalid(invalid) || undefined;
  return <input autoFocus={autoFocus} {...props} />;
}
