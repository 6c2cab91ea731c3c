import { useEffect, useState } from "react";
import type { Flash } from "~/services/session.server";

/**
 * The message of the last admin action. Without JavaScript it is a banner at the top of the page;
 * with it, a toast that can be dismissed and goes away by itself.
 */
export function FlashToast({ flash }: { flash: Flash | null }) {
  const [dismissed, setDismissed] = useState<Flash | null>(null);
  useEffect(() => {
    if (!flash) return;
    const timer = setTimeout(() => setDismissed(flash), 6000);
    return () => clearTimeout(timer);
  }, [flash]);
  const shown = flash && flash !== dismissed ? flash : null;
  if (!shown) return null;
  return (
    <div className={`flash flash-${shown.kind}`} role={shown.kind === "error" ? "alert" : "status"}>
      <span>{shown.message}</span>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        aria-label="Dismiss message"
        onClick={() => setDismissed(shown)}
      >
        ✕
      </button>
    </div>
  );
}
