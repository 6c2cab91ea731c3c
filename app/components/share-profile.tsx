import { useId } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { CopyLinkField } from "./copy-link-field";
import { MessageIcon, ShareIcon } from "./icons";
import { useT } from "./i18n";

/**
 * 'Share' on a profile. Where the browser has the Web Share API, one button opens the system's share
 * sheet. Elsewhere (and without JavaScript) a disclosure holds a WhatsApp share link and the profile's
 * address in a read-only field to copy (with JavaScript, a 'Copy link' button too). Share taps are counted
 * (docs/decisions/176-leads-first-party-redirect-not-script.md): the WhatsApp share link goes through `shareHref` (the
 * counting redirect), and the Web Share button sends a beacon to `countHref`.
 */
export function ShareProfile({
  url,
  title,
  text,
  shareHref,
  countHref,
}: {
  url: string;
  title: string;
  text: string;
  shareHref: string;
  countHref: string;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const id = useId();
  // Known only in the browser: the server and the first client render show the fallback.
  const canShare = hydrated && typeof navigator.share === "function";

  if (canShare) {
    return (
      <button
        type="button"
        className="btn btn-sm"
        onClick={() => {
          navigator.sendBeacon?.(countHref);
          navigator.share({ title, text, url }).catch(() => undefined);
        }}
      >
        <ShareIcon /> {t("seller.share.button")}
      </button>
    );
  }
  return (
    <details className="share-menu">
      <summary className="btn btn-sm">
        <ShareIcon /> {t("seller.share.button")}
      </summary>
      <div className="share-panel card">
        <a className="btn btn-sm btn-whatsapp" href={shareHref} target="_blank" rel="noopener noreferrer nofollow">
          <MessageIcon /> {t("seller.share.whatsapp")}
        </a>
        <label htmlFor={id} className="label">
          {t("seller.share.linkLabel")}
        </label>
        <CopyLinkField
          id={id}
          url={url}
          small
          copyLabel={t("seller.share.copy")}
          copiedLabel={t("seller.share.copied")}
        />
      </div>
    </details>
  );
}
