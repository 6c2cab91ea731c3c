// A seller's opening hours and whether she is open at a moment, in India's time (UTC+5:30, no summer
// time), whatever the server's zone (docs/decisions/214-opening-hours-one-json-column-state-from-the-clock.md).
// Database-free and isomorphic: the pages, the API and the forms read the same rules.

import { WEEKDAYS, type Weekday } from "./weekdays";

export { WEEKDAYS, type Weekday };

/** One range of a day, 24-hour `HH:MM`; `closes` may be `24:00`, and before `opens` when it passes midnight. */
export interface HoursRange {
  opens: string;
  closes: string;
}

/** A date range with its own hours (none: closed), e.g. closed for Diwali, a shorter Saturday. */
export interface SpecialDay {
  from: string;
  to: string;
  label: string;
  hours: HoursRange[];
}

/** What `sellers.opening_hours` holds (JSON), null when she gave none. */
export interface OpeningHours {
  week: Record<Weekday, HoursRange[]>;
  by_appointment: boolean;
  special_days: SpecialDay[];
}

/** How many special days the forms offer. */
export const SPECIAL_DAY_ROWS = 3;

const IST_OFFSET_MIN = 330;
const DAY_MIN = 1440;
const MINUTE_MS = 60_000;

const TIME = /^([01]\d|2[0-4]):([0-5]\d)$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Minutes since midnight of `HH:MM` (24:00 is 1440), or null when it is no time. */
export function minutesOf(time: string, { closing = false } = {}): number | null {
  const match = TIME.exec(time);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  if (minutes > DAY_MIN || (minutes === DAY_MIN && !closing)) return null;
  return minutes;
}

export function timeOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** A range as minutes from its day's midnight: `closes` past 1440 when it passes midnight. */
function spanOf(range: HoursRange): [number, number] | null {
  const opens = minutesOf(range.opens);
  const closes = minutesOf(range.closes, { closing: true });
  if (opens === null || closes === null || opens === closes) return null;
  return [opens, closes > opens ? closes : closes + DAY_MIN];
}

export type HoursProblem = "time" | "order" | "overlap";

/**
 * What is wrong with one day's ranges, or null: each a time range of its own (not empty), given in order
 * of the day, none overlapping another (a range passing midnight ends the day's list).
 */
export function dayProblem(ranges: HoursRange[]): HoursProblem | null {
  let end = -1;
  let previousStart = -1;
  for (const range of ranges) {
    const span = spanOf(range);
    if (!span) return "time";
    if (span[0] < previousStart) return "order";
    if (span[0] < end) return "overlap";
    previousStart = span[0];
    end = span[1];
  }
  return null;
}

/** The weekdays whose first range starts before the previous day's last range (passing midnight) has ended. */
export function spillOverlaps(week: Record<Weekday, HoursRange[]>): Weekday[] {
  const found: Weekday[] = [];
  WEEKDAYS.forEach((day, i) => {
    const previous = week[WEEKDAYS[(i + 6) % 7]];
    const last = previous.length ? spanOf(previous[previous.length - 1]) : null;
    const first = week[day].length ? spanOf(week[day][0]) : null;
    if (last && first && last[1] - DAY_MIN > first[0]) found.push(day);
  });
  return found;
}

/** The API's and JSON-LD's week: every day named, `[]` when closed. */
export function emptyWeek(): Record<Weekday, HoursRange[]> {
  return { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };
}

/**
 * Reads a stored or posted value: the API's week alone (`{"mon":[…]}`) or the stored whole; null for
 * anything that is not hours. Nothing is checked here but the shape: `hoursProblems` checks the rules.
 */
export function readOpeningHours(value: unknown): OpeningHours | null {
  let parsed = value;
  if (typeof value === "string") {
    try {
      parsed = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return null;
  const object = parsed as Record<string, unknown>;
  const weekSource = (object.week && typeof object.week === "object" ? object.week : object) as Record<string, unknown>;
  const week = emptyWeek();
  for (const day of WEEKDAYS) {
    const ranges = weekSource[day];
    if (ranges === undefined || ranges === null) continue;
    if (!Array.isArray(ranges)) return null;
    week[day] = ranges.map((r) => ({ opens: String(r?.opens ?? ""), closes: String(r?.closes ?? "") }));
  }
  const special = Array.isArray(object.special_days) ? object.special_days : [];
  return {
    week,
    by_appointment: object.by_appointment === true,
    special_days: special.map((s: Record<string, unknown>) => ({
      from: String(s?.from ?? ""),
      to: String(s?.to ?? s?.from ?? ""),
      label: String(s?.label ?? ""),
      hours: Array.isArray(s?.hours)
        ? s.hours.map((r: Record<string, unknown>) => ({
            opens: String(r?.opens ?? ""),
            closes: String(r?.closes ?? ""),
          }))
        : [],
    })),
  };
}

/** The problems of a whole set of hours, by where they are: a weekday, or `special_<n>` (from 1). */
export function hoursProblems(hours: OpeningHours): Record<string, HoursProblem | "dates"> {
  const problems: Record<string, HoursProblem | "dates"> = {};
  for (const day of WEEKDAYS) {
    const problem = dayProblem(hours.week[day]);
    if (problem) problems[day] = problem;
  }
  if (!Object.keys(problems).length) for (const day of spillOverlaps(hours.week)) problems[day] = "overlap";
  hours.special_days.forEach((s, i) => {
    if (!ISO_DATE.test(s.from) || !ISO_DATE.test(s.to) || s.to < s.from) problems[`special_${i + 1}`] = "dates";
    else {
      const problem = dayProblem(s.hours);
      if (problem) problems[`special_${i + 1}`] = problem;
    }
  });
  return problems;
}

/** True when the hours say something: a range, by appointment, or a special day. */
export function hasHours(hours: OpeningHours | null): hours is OpeningHours {
  return (
    !!hours && (hours.by_appointment || hours.special_days.length > 0 || WEEKDAYS.some((d) => hours.week[d].length))
  );
}

// ── the state at a moment ──

/** A moment in India: its date, weekday and minute of the day. */
export interface IndianMoment {
  date: string;
  weekday: Weekday;
  minute: number;
}

export function indianMoment(at: Date | number): IndianMoment {
  const local = new Date(Number(at) + IST_OFFSET_MIN * MINUTE_MS);
  return {
    date: local.toISOString().slice(0, 10),
    // getUTCDay: 0 is Sunday
    weekday: WEEKDAYS[(local.getUTCDay() + 6) % 7],
    minute: local.getUTCHours() * 60 + local.getUTCMinutes(),
  };
}

function addDaysIso(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function weekdayOfIso(iso: string): Weekday {
  return WEEKDAYS[(new Date(`${iso}T00:00:00Z`).getUTCDay() + 6) % 7];
}

function specialDayOn(hours: OpeningHours, iso: string): SpecialDay | undefined {
  return hours.special_days.find((s) => s.from <= iso && iso <= s.to);
}

/** The ranges that start on a date: its special day's, else its weekday's. */
function rangesOn(hours: OpeningHours, iso: string): HoursRange[] {
  return specialDayOn(hours, iso)?.hours ?? hours.week[weekdayOfIso(iso)];
}

/**
 * Open spans from the day before `date` to `lastDay` days after it (a week and a day: the next opening
 * always falls in it), in minutes from `date`'s midnight (India), merged.
 */
function spansAround(hours: OpeningHours, date: string, lastDay = 8): [number, number][] {
  const spans: [number, number][] = [];
  for (let offset = -1; offset <= lastDay; offset++) {
    for (const range of rangesOn(hours, addDaysIso(date, offset))) {
      const span = spanOf(range);
      if (span) spans.push([span[0] + offset * DAY_MIN, span[1] + offset * DAY_MIN]);
    }
  }
  spans.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else merged.push([...span]);
  }
  return merged;
}

/** A time of a day to come: its weekday, the time, and how many days from today (0 today, 1 tomorrow). */
export interface DayTime {
  weekday: Weekday;
  time: string;
  days: number;
}

export type OpeningState =
  | { kind: "appointment" }
  | { kind: "open"; closes: DayTime | null }
  | { kind: "closed_today"; label: string; opens: DayTime | null }
  | { kind: "closed"; opens: DayTime | null };

function dayTimeOf(date: string, minutesFromDate: number): DayTime {
  const days = Math.floor(minutesFromDate / DAY_MIN);
  const minute = minutesFromDate - days * DAY_MIN;
  return { weekday: weekdayOfIso(addDaysIso(date, days)), time: timeOf(minute), days };
}

/** The seller's state at `at`, in India's time; null when she gave no hours. */
export function openingState(hours: OpeningHours | null, at: Date | number): OpeningState | null {
  if (!hasHours(hours)) return null;
  if (hours.by_appointment) return { kind: "appointment" };
  const now = indianMoment(at);
  const spans = spansAround(hours, now.date);
  const current = spans.find(([start, end]) => start <= now.minute && now.minute < end);
  if (current)
    return { kind: "open", closes: current[1] - current[0] >= 8 * DAY_MIN ? null : dayTimeOf(now.date, current[1]) };
  const next = spans.find(([start]) => start > now.minute);
  const opens = next ? dayTimeOf(now.date, next[0]) : null;
  const special = specialDayOn(hours, now.date);
  if (special && special.hours.length === 0) return { kind: "closed_today", label: special.label, opens };
  return { kind: "closed", opens };
}

/** Open at `at` (true/false), or null when she gave no hours or sees customers by appointment. */
export function isOpenAt(hours: OpeningHours | null, at: Date | number): boolean | null {
  if (!hasHours(hours) || hours.by_appointment) return null;
  // Only yesterday's and today's ranges can hold this moment (open now over every public seller reads this).
  const now = indianMoment(at);
  return spansAround(hours, now.date, 0).some(([start, end]) => start <= now.minute && now.minute < end);
}

/**
 * The next moment (epoch ms) after `at` when her state may read differently: an opening, a closing, or
 * India's midnight (the day's name and "closed today" move with it); null when it never changes.
 */
export function nextChangeAt(hours: OpeningHours | null, at: Date | number): number | null {
  if (!hasHours(hours) || hours.by_appointment) return null;
  const now = indianMoment(at);
  const midnightMs = Number(at) - (now.minute * MINUTE_MS + (Number(at) % MINUTE_MS));
  let next = DAY_MIN;
  // Capped at midnight: today's ranges (and yesterday's past midnight) are all that can come before it.
  for (const [start, end] of spansAround(hours, now.date, 0)) {
    if (start > now.minute) next = Math.min(next, start);
    if (end > now.minute) next = Math.min(next, end);
  }
  return midnightMs + next * MINUTE_MS;
}

/** The first of several sellers' next changes (null: none of them changes). */
export function firstChangeAt(all: (OpeningHours | null)[], at: Date | number): number | null {
  let first: number | null = null;
  for (const hours of all) {
    const next = nextChangeAt(hours, at);
    if (next !== null && (first === null || next < first)) first = next;
  }
  return first;
}

// ── the plain forms' fields (lib/validation/opening-hours.ts checks them) ──

/** The forms' values as checked: a weekday's ranges, by appointment, each special day's fields. */
export type HoursFormValues = {
  [K in `hours_${Weekday}`]?: HoursRange[];
} & { by_appointment?: boolean } & Record<string, unknown>;

/** A day's ranges as the form shows them. */
export function rangesText(ranges: HoursRange[]): string {
  return ranges.map((r) => `${r.opens}-${r.closes}`).join(", ");
}

function weekOf(values: HoursFormValues): Record<Weekday, HoursRange[]> {
  const week = emptyWeek();
  for (const day of WEEKDAYS) week[day] = values[`hours_${day}`] ?? [];
  return week;
}

/** The stored hours of a checked form, null when it says nothing. */
export function openingHoursOfForm(values: HoursFormValues): OpeningHours | null {
  const special_days = [];
  for (let n = 1; n <= SPECIAL_DAY_ROWS; n++) {
    const from = values[`special_${n}_from`] as string | undefined;
    if (!from) continue;
    special_days.push({
      from,
      to: (values[`special_${n}_to`] as string | undefined) ?? from,
      label: (values[`special_${n}_label`] as string | undefined) ?? "",
      hours: (values[`special_${n}_hours`] as HoursRange[] | undefined) ?? [],
    });
  }
  const by_appointment = values.by_appointment === true;
  const hours: OpeningHours = { week: by_appointment ? emptyWeek() : weekOf(values), by_appointment, special_days };
  const said = by_appointment || special_days.length > 0 || WEEKDAYS.some((d) => hours.week[d].length);
  return said ? hours : null;
}

/** The form's values of stored hours (its default values). */
export function openingHoursFormValues(stored: string | null | undefined): Record<string, string> {
  const hours = readOpeningHours(stored ?? null);
  const values: Record<string, string> = {};
  for (const day of WEEKDAYS) values[`hours_${day}`] = hours ? rangesText(hours.week[day]) : "";
  if (hours?.by_appointment) values.by_appointment = "on";
  for (let n = 1; n <= SPECIAL_DAY_ROWS; n++) {
    const s = hours?.special_days[n - 1];
    values[`special_${n}_from`] = s?.from ?? "";
    values[`special_${n}_to`] = s?.to ?? "";
    values[`special_${n}_label`] = s?.label ?? "";
    values[`special_${n}_hours`] = s ? rangesText(s.hours) : "";
  }
  return values;
}
