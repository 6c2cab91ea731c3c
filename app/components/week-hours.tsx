import { useLocale, useT } from "~/components/i18n";
import { formatDate } from "~/lib/dates";
import type { OpeningHours } from "~/lib/opening-hours";
import { WEEKDAYS } from "~/lib/weekdays";
import { formatHoursTime } from "./opening-hours";

// The server's `#lazy/week-hours` (package.json "imports", `#lazy/*`): the profile's table of her hours,
// rendered in place. The browser's (week-hours.browser.tsx) fetches it only for a seller who has hours.

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
