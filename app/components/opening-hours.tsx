import { useLocale, useT } from "~/components/i18n";
import type { Locale } from "~/lib/locales";
import type { DayTime, OpeningState } from "~/lib/opening-hours";
import type { Translate } from "~/lib/i18n";

// A seller's opening hours as the pages show them: the state now (computed by the loader from the clock,
// lib/opening-hours.ts, so the server's render and the browser's agree) and the week.

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** `19:00` as the page's language says a time of day ("7 pm", "7:30 pm"). */
export function formatHoursTime(locale: Locale, time: string): string {
  const [h, m] = time.split(":").map(Number);
  const key = `${locale}|${m ? "hm" : "h"}`;
  let format = timeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      hour: "numeric",
      ...(m ? { minute: "2-digit" } : {}),
      timeZone: "UTC",
    });
    timeFormats.set(key, format);
  }
  return format.format(new Date(Date.UTC(2026, 0, 1, h, m)));
}

function dayTimeText(t: Translate, locale: Locale, at: DayTime, today: "hours.open" | "hours.closedOpens") {
  const time = formatHoursTime(locale, at.time);
  if (at.days === 0 || (today === "hours.open" && at.days === 1 && at.time <= "06:00"))
    return t(`common.${today}`, { time });
  return t(today === "hours.open" ? "common.hours.openDay" : "common.hours.closedOpensDay", {
    day: t(`common.hours.day.${at.weekday}`),
    time,
  });
}

/** "Open · closes 7 pm", "Closed · opens Monday 10 am", "Closed today (Diwali)", "By appointment". */
export function openingStateText(t: Translate, locale: Locale, state: OpeningState): string {
  switch (state.kind) {
    case "appointment":
      return t("common.hours.appointment");
    case "open":
      return state.closes ? dayTimeText(t, locale, state.closes, "hours.open") : t("common.hours.openAlways");
    case "closed_today":
      return t("common.hours.closedToday", { label: state.label });
    case "closed":
      return state.opens ? dayTimeText(t, locale, state.opens, "hours.closedOpens") : t("common.hours.closed");
  }
}

export function OpeningStateLine({ state }: { state: OpeningState }) {
  const t = useT();
  const locale = useLocale();
  return (
    <p
      className={`opening-state opening-state-${state.kind === "open" ? "open" : "closed"}`}
      data-testid="opening-state"
    >
      {openingStateText(t, locale, state)}
    </p>
  );
}
