import { useEffect, useRef } from "react";
import { prefersReducedMotion } from "~/lib/use-hydrated";

/** "150K+" → { prefix: "", number: 150, decimals: 0, suffix: "K+", grouped: false } */
export function parseFigure(
  text: string,
): { prefix: string; number: number; decimals: number; suffix: string; grouped: boolean } | null {
  const m = text.match(/^([^\d]*)(\d[\d,]*(?:\.\d+)?)(.*)$/);
  if (!m) return null;
  const digits = m[2].replace(/,/g, "");
  return {
    prefix: m[1],
    number: Number(digits),
    decimals: digits.includes(".") ? digits.split(".")[1].length : 0,
    suffix: m[3],
    grouped: m[2].includes(","),
  };
}

export function formatFigure(f: NonNullable<ReturnType<typeof parseFigure>>, value: number): string {
  const n = f.grouped
    ? value.toLocaleString("en-IN", { minimumFractionDigits: f.decimals, maximumFractionDigits: f.decimals })
    : value.toFixed(f.decimals);
  return `${f.prefix}${n}${f.suffix}`;
}

/**
 * A statistic. The server renders the final figure (crawlers and no-JS visitors see it); with
 * JavaScript it counts up once when half of it is in view, easing over 2 s + 200 ms per position,
 * and not at all when the visitor prefers reduced motion.
 */
export function Counter({ value, position = 0 }: { value: string; position?: number }) {
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const el = ref.current;
    const figure = parseFigure(value);
    if (!el || !figure || prefersReducedMotion() || typeof IntersectionObserver === "undefined") return;
    const duration = 2000 + 200 * position;
    let frame = 0;
    let started = false;
    const rect = el.getBoundingClientRect();
    if (rect.top > window.innerHeight) el.textContent = formatFigure(figure, 0);
    const observer = new IntersectionObserver(
      (entries) => {
        if (started || !entries.some((e) => e.isIntersecting)) return;
        started = true;
        observer.disconnect();
        const t0 = performance.now();
        const tick = (now: number) => {
          const p = Math.min(1, (now - t0) / duration);
          const eased = 1 - Math.pow(1 - p, 3);
          el.textContent =
            p < 1
              ? formatFigure(
                  figure,
                  figure.decimals
                    ? Math.round(figure.number * eased * 10 ** figure.decimals) / 10 ** figure.decimals
                    : Math.round(figure.number * eased),
                )
              : value;
          if (p < 1) frame = requestAnimationFrame(tick);
        };
        frame = requestAnimationFrame(tick);
      },
      { threshold: 0.5 },
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
      el.textContent = value;
    };
  }, [value, position]);
  return (
    <span ref={ref} className="counter" translate="no" suppressHydrationWarning>
      {value}
    </span>
  );
}

/**
 * Scroll reveals for every [data-reveal] element: only elements still below the fold are hidden, and
 * only once JavaScript runs, so content is never hidden without it or with reduced motion.
 */
export function useScrollReveal(threshold = 0.3) {
  useEffect(() => {
    if (prefersReducedMotion() || typeof IntersectionObserver === "undefined") return;
    const elements = Array.from(document.querySelectorAll<HTMLElement>("[data-reveal]")).filter(
      (el) => el.getBoundingClientRect().top > window.innerHeight,
    );
    if (!elements.length) return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          entry.target.classList.remove("reveal-pending");
          entry.target.classList.add("reveal-in");
          observer.unobserve(entry.target);
        }
      },
      { threshold },
    );
    for (const el of elements) {
      el.classList.add("reveal-pending");
      observer.observe(el);
    }
    return () => {
      observer.disconnect();
      for (const el of elements) el.classList.remove("reveal-pending");
    };
  }, [threshold]);
}
