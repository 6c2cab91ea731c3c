import { useLocale, useT } from "~/components/i18n";
import type { Locale } from "~/lib/locales";
import { type DayTime, type OpeningHours, type OpeningState, WEEKDAYS } from "~/lib/opening-hours";
import { formatDate } from "~/lib/dates";
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

/** The week, Monday first, and the special days still to come. */
export function WeekHours({ hours }: { hours: OpeningHours }) {
  const t = useT();
  const locale = useLocale();
  // Times and dates as <time>: Intl writes them in the page's language; the label is hers.
  const time = (at: string) => <time dateTime={at === "24:00" ? "23:59" : at}>{formatHoursTime(locale, at)}</time>;
  const ranges = (list: { opens: string; closes: string }[]) =>
    list.length
      ? list.map((r, i) => (
          <span key={r.opens}>
            {i ? ", " : null}
            {time(r.opens)} – {time(r.closes)}
          </span>
        ))
      : t("common.hours.closed");
  const day = (iso: string) => <time dateTime={iso}>{formatDate(iso, locale)}</time>;
  return (
    <>
      <table className="opening-week" data-testid="opening-week">
        <tbody>
          {WEEKDAYS.map((day) => (
            <tr key={day}>
              <th scope="row">{t(`common.hours.day.${day}`)}</th>
              <td>{ranges(hours.week[day])}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {hours.special_days.length ? (
        <>
          <h3 className="opening-special-title">{t("common.hours.specialTitle")}</h3>
          <ul className="opening-special" data-testid="opening-special">
            {hours.special_days.map((s) => (
              <li key={`${s.from}${s.label}`}>
                {day(s.from)}
                {s.to === s.from ? null : (
                  <>
                    {" – "}
                    {day(s.to)}
                  </>
                )}
                {" · "}
                <span translate="no">{s.label}</span> · {ranges(s.hours)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
