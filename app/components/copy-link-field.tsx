import { useRef, useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { CheckIcon } from "./icons";

/**
 * A link in a read-only field that selects itself on focus (to copy by hand, without JavaScript), and with
 * JavaScript a 'Copy' button that writes it to the clipboard. Where the clipboard is refused, the text stays
 * selected. The label is the caller's (`<label htmlFor={id}>`).
 */
export function CopyLinkField({
  id,
  url,
  copyLabel,
  copiedLabel,
  small = false,
  describedBy,
}: {
  id: string;
  url: string;
  copyLabel: string;
  copiedLabel: string;
  small?: boolean;
  describedBy?: string;
}) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  async function copy() {
    field.current?.select();
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }
  return (
    <div className="share-link">
      <input
        ref={field}
        id={id}
        className={small ? "input input-sm" : "input"}
        type="url"
        readOnly
        value={url}
        translate="no"
        onFocus={(e) => e.currentTarget.select()}
        aria-describedby={describedBy}
      />
      {hydrated ? (
        <button type="button" className="btn btn-sm" onClick={copy} aria-live="polite">
          {copied ? (
            <>
              <CheckIcon /> {copiedLabel}
            </>
          ) : (
            copyLabel
          )}
        </button>
      ) : null}
    </div>
  );
}
