import { useEffect, useState } from "react";
import type { Flash } from "~/services/session.server";

/**
 * The message of the last admin action. Without JavaScript it is a banner at the top of the page;
 * with it, a toast that can be dismissed and goes away by itself.
 */
export function FlashToast({ flash }: { flash: Flash | null }) {
  const [shown, setShown] = useState(flash);
  useEffect(() => {
    setShown(flash);
    if (!flash) return;
    const timer = setTimeout(() => setShown(null), 6000);
    return () => clearTimeout(timer);
  }, [flash]);
  if (!shown) return null;
  return (
    <div className={`flash flash-${shown.kind}`} role={shown.kind === "error" ? "alert" : "status"}>
      <span>{shown.message}</span>
      <button type="button" className="btn btn-ghost btn-sm" aria-label="Dismiss message" onClick={() => setShown(null)}>✕</button>
    </div>
  );
}
