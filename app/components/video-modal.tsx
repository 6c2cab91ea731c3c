import { useEffect, useRef, useState } from "react";
import { XIcon } from "./icons";
import { useT } from "./i18n";

/**
 * A video that loads nothing from the video host until it is opened: without JavaScript the button is
 * a link to the video; with it, a modal dialog with the privacy-enhanced (nocookie) embed.
 */
export function VideoModal({
  youtubeId,
  title,
  children,
}: {
  youtubeId: string;
  title: string;
  children: React.ReactNode;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const embed = `https://www.youtube-nocookie.com/embed/${encodeURIComponent(youtubeId)}`;
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <>
      <a
        href={`https://www.youtube.com/watch?v=${encodeURIComponent(youtubeId)}`}
        className="video-trigger"
        target="_blank"
        rel="noopener noreferrer"
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        {children}
      </a>
      {/* A click on the backdrop closes the dialog; the keyboard has Escape and the close button. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
      <dialog
        ref={dialogRef}
        className="video-dialog"
        aria-label={title}
        onClose={() => setOpen(false)}
        onClick={(e) => e.target === dialogRef.current && setOpen(false)}
      >
        <div className="video-dialog-inner">
          <button
            type="button"
            className="btn btn-icon video-close"
            aria-label={t("marketing.video.close")}
            onClick={() => setOpen(false)}
          >
            <XIcon />
          </button>
          {open ? (
            <iframe
              src={`${embed}?autoplay=1&rel=0`}
              title={title}
              allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
            />
          ) : null}
        </div>
      </dialog>
    </>
  );
}
