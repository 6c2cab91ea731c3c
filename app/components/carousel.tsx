import { Children, useCallback, useEffect, useId, useRef, useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { useT } from "./i18n";

// A carousel that is a plain horizontally scrollable list without JavaScript
// (docs/decisions/027-carousels-without-javascript.md); with
// JavaScript it gets previous/next arrows, dots, swipe (over 50 px), arrow keys, and wraps at both ends.

export const SWIPE_THRESHOLD_PX = 50;

type Props = {
  label: string;
  children: React.ReactNode;
  /** "always": a carousel at every width; "small": a carousel on small screens, a grid on wide ones. */
  mode?: "always" | "small";
  /** Slides in view at once on wide screens (mode "always"). */
  perViewWide?: 1 | 2 | 3;
  className?: string;
};

export function Carousel({ label, children, mode = "always", perViewWide = 1, className }: Props) {
  const slides = Children.toArray(children);
  const count = slides.length;
  const trackRef = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();
  const [index, setIndex] = useState(0);
  const start = useRef<{ x: number; y: number } | null>(null);
  /** While a move we started is animating, scroll events must not overwrite the chosen index. */
  const lockUntil = useRef(0);
  const id = useId();
  const t = useT();

  const goTo = useCallback(
    (target: number) => {
      const track = trackRef.current;
      if (!track || !count) return;
      const next = ((target % count) + count) % count;
      const slide = track.children[next] as HTMLElement | undefined;
      const first = track.children[0] as HTMLElement;
      lockUntil.current = Date.now() + 800;
      if (slide) track.scrollTo({ left: slide.offsetLeft - first.offsetLeft, behavior: "smooth" });
      setIndex(next);
    },
    [count],
  );

  // Keep the dots in step when the track scrolls for other reasons (focus moving into a slide).
  useEffect(() => {
    const track = trackRef.current;
    if (!track || !hydrated) return;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      if (Date.now() < lockUntil.current) return;
      frame = requestAnimationFrame(() => {
        const first = track.children[0] as HTMLElement | undefined;
        if (!first) return;
        const width = first.getBoundingClientRect().width;
        if (!width) return;
        const atEnd = Math.ceil(track.scrollLeft + track.clientWidth) >= track.scrollWidth - 2;
        setIndex((current) =>
          atEnd && current >= Math.round(track.scrollLeft / width) ? current : Math.round(track.scrollLeft / width),
        );
      });
    };
    track.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      track.removeEventListener("scroll", onScroll);
      cancelAnimationFrame(frame);
    };
  }, [hydrated]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === "ArrowRight") {
      event.preventDefault();
      goTo(index + 1);
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      goTo(index - 1);
    }
  };
  const onPointerDown = (event: React.PointerEvent) => {
    start.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: React.PointerEvent) => {
    const from = start.current;
    start.current = null;
    if (!from) return;
    const dx = event.clientX - from.x;
    if (Math.abs(dx) > SWIPE_THRESHOLD_PX && Math.abs(dx) > Math.abs(event.clientY - from.y))
      goTo(dx < 0 ? index + 1 : index - 1);
  };
  // Touch: React's touch events carry the finger positions even where pointer events are cancelled by scrolling.
  const onTouchStart = (event: React.TouchEvent) => {
    const t = event.touches[0];
    if (t) start.current = { x: t.clientX, y: t.clientY };
  };
  const onTouchEnd = (event: React.TouchEvent) => {
    const t = event.changedTouches[0];
    const from = start.current;
    start.current = null;
    if (!t || !from) return;
    const dx = t.clientX - from.x;
    if (Math.abs(dx) > SWIPE_THRESHOLD_PX && Math.abs(dx) > Math.abs(t.clientY - from.y))
      goTo(dx < 0 ? index + 1 : index - 1);
  };

  return (
    <div
      className={`carousel carousel-${mode} per-view-${perViewWide}${hydrated ? " is-enhanced" : ""} ${className ?? ""}`}
      role="region"
      aria-roledescription="carousel"
      // Distinct from the section around it, which is usually named by a heading of the same words.
      aria-label={t("marketing.carousel.label", { label })}
    >
      {/* The track is the scroll container: focusable so arrow keys and screen readers reach it. */}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions */}
      <div
        ref={trackRef}
        className="carousel-track"
        id={`${id}-track`}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        aria-label={t("marketing.carousel.track", { label })}
        onKeyDown={hydrated ? onKeyDown : undefined}
        onPointerDown={hydrated ? onPointerDown : undefined}
        onPointerUp={hydrated ? onPointerUp : undefined}
        onTouchStart={hydrated ? onTouchStart : undefined}
        onTouchEnd={hydrated ? onTouchEnd : undefined}
      >
        {slides.map((slide, i) => (
          <div
            key={i}
            className="carousel-slide"
            role="group"
            aria-roledescription="slide"
            aria-label={t("marketing.carousel.slide", { n: i + 1, count })}
            data-active={hydrated && i === index ? "true" : undefined}
          >
            {slide}
          </div>
        ))}
      </div>
      {hydrated && count > 1 ? (
        <div className="carousel-controls">
          <button
            type="button"
            className="btn btn-icon carousel-arrow"
            aria-controls={`${id}-track`}
            aria-label={t("marketing.carousel.previous", { label })}
            onClick={() => goTo(index - 1)}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <div className="carousel-dots">
            {slides.map((_, i) => (
              <button
                key={i}
                type="button"
                className="carousel-dot"
                aria-controls={`${id}-track`}
                aria-label={t("marketing.carousel.goTo", { n: i + 1 })}
                aria-current={i === index ? "true" : undefined}
                onClick={() => goTo(i)}
              />
            ))}
          </div>
          <button
            type="button"
            className="btn btn-icon carousel-arrow"
            aria-controls={`${id}-track`}
            aria-label={t("marketing.carousel.next", { label })}
            onClick={() => goTo(index + 1)}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
      ) : null}
    </div>
  );
}
