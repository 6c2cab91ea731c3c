import { z } from "zod";
import { formMessage } from "../form-messages";
import {
  dayProblem,
  emptyWeek,
  type HoursFormValues,
  type HoursProblem,
  type HoursRange,
  hoursProblems,
  type OpeningHours,
  readOpeningHours,
  SPECIAL_DAY_ROWS,
  spillOverlaps,
  timeOf,
  WEEKDAYS,
  type Weekday,
} from "../opening-hours";
import { blankToUndefined, checkbox, optionalText } from "./fields";

// The opening hours in the seller's and staff's plain forms: a text field per weekday ("10:00-13:00,
// 16:00-20:00"; blank is closed), "by appointment", and a few special days (from, to, what, hours).
// The same rules as the API's JSON (`hoursProblems`, lib/opening-hours.ts).

export const HOURS_MESSAGES = {
  time: formMessage("forms.hours.time"),
  order: formMessage("forms.hours.order"),
  overlap: formMessage("forms.hours.overlap"),
  dates: formMessage("forms.hours.dates"),
  label: formMessage("forms.hours.label"),
} as const satisfies Record<HoursProblem | "dates" | "label", string>;

/** `10`, `9:30`, `09:30`, `24:00` as `HH:MM`; null for anything else. */
function typedTime(text: string): string | null {
  const match = /^(\d{1,2})(?:[:.](\d{2}))?$/.exec(text.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2] ?? "0");
  if (hours > 24 || minutes > 59 || (hours === 24 && minutes > 0)) return null;
  return timeOf(hours * 60 + minutes);
}

/** A day's ranges as typed ("10:00-13:00, 16:00-20:00"; a dash, an en dash or "to"); null when unreadable. */
export function typedRanges(text: string): HoursRange[] | null {
  const ranges: HoursRange[] = [];
  for (const part of text.split(/[,;]/)) {
    if (!part.trim()) continue;
    const ends = part.split(/\s*(?:-|–|—|to)\s*/i);
    if (ends.length !== 2) return null;
    const opens = typedTime(ends[0]);
    const closes = typedTime(ends[1]);
    if (!opens || !closes) return null;
    ranges.push({ opens, closes });
  }
  return ranges;
}

const rangesField = z.preprocess(
  blankToUndefined,
  z
    .string()
    .max(200, HOURS_MESSAGES.time)
    .optional()
    .transform((text, ctx) => {
      if (text === undefined) return [];
      const ranges = typedRanges(text);
      const problem = ranges ? dayProblem(ranges) : "time";
      if (!ranges || problem) {
        ctx.addIssue({ code: "custom", message: HOURS_MESSAGES[problem ?? "time"] });
        return z.NEVER;
      }
      return ranges;
    }),
);

const isoDateField = z.preprocess(
  blankToUndefined,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, HOURS_MESSAGES.dates)
    .optional(),
);

const specialShape = Object.fromEntries(
  Array.from({ length: SPECIAL_DAY_ROWS }, (_, i) => i + 1).flatMap((n) => [
    [`special_${n}_from`, isoDateField],
    [`special_${n}_to`, isoDateField],
    [`special_${n}_label`, optionalText("forms.hours.specialLabel", 60)],
    [`special_${n}_hours`, rangesField],
  ]),
) as Record<`special_${number}_${"from" | "to" | "label"}`, typeof isoDateField> &
  Record<`special_${number}_hours`, typeof rangesField>;

/** The form's fields: `hours_mon` … `hours_sun`, `by_appointment`, `special_<n>_from|to|label|hours`. */
export const openingHoursFormShape = {
  ...(Object.fromEntries(WEEKDAYS.map((day) => [`hours_${day}`, rangesField])) as Record<
    `hours_${Weekday}`,
    typeof rangesField
  >),
  by_appointment: checkbox,
  ...specialShape,
};

/** The checked form's hours fields (each may be left out: nothing said is no hours). */
export type OpeningHoursFormInput = Partial<z.output<z.ZodObject<typeof openingHoursFormShape>>>;

/** The checks across fields: a range past midnight against the next day's, a special day's dates and name. */
export function checkOpeningHoursForm(values: HoursFormValues, ctx: z.RefinementCtx): void {
  const week = emptyWeek();
  for (const day of WEEKDAYS) week[day] = values[`hours_${day}`] ?? [];
  for (const day of spillOverlaps(week))
    ctx.addIssue({ code: "custom", message: HOURS_MESSAGES.overlap, path: [`hours_${day}`] });
  for (let n = 1; n <= SPECIAL_DAY_ROWS; n++) {
    const from = values[`special_${n}_from`] as string | undefined;
    const to = values[`special_${n}_to`] as string | undefined;
    const label = values[`special_${n}_label`] as string | undefined;
    const hours = (values[`special_${n}_hours`] as HoursRange[] | undefined) ?? [];
    if (!from && !to && !label && !hours.length) continue;
    if (!from || (to && to < from))
      ctx.addIssue({ code: "custom", message: HOURS_MESSAGES.dates, path: [`special_${n}_from`] });
    if (!label) ctx.addIssue({ code: "custom", message: HOURS_MESSAGES.label, path: [`special_${n}_label`] });
  }
}

/** The API's `opening_hours` (the week, as the issue's contract has it; special days and by appointment beside it). */
export const apiOpeningHoursField = z
  .unknown()
  .optional()
  .transform((value, ctx): OpeningHours | null => {
    if (value === undefined || value === null) return null;
    const hours = readOpeningHours(value);
    if (!hours) {
      ctx.addIssue({
        code: "custom",
        message:
          'opening_hours must be an object of weekdays ("mon" … "sun"), each a list of {"opens":"HH:MM","closes":"HH:MM"}',
      });
      return z.NEVER;
    }
    const problems = Object.entries(hoursProblems(hours));
    if (problems.length) {
      const [where, problem] = problems[0];
      ctx.addIssue({ code: "custom", message: `opening_hours.${where}: ${API_PROBLEMS[problem]}` });
      return z.NEVER;
    }
    return hours;
  });

const API_PROBLEMS: Record<HoursProblem | "dates", string> = {
  time: "each range needs opens and closes as HH:MM (24-hour; closes may be 24:00), not equal",
  order: "the ranges must be given in the order of the day",
  overlap: "ranges must not overlap",
  dates: "a special day needs from and to as YYYY-MM-DD, to not before from",
};
