// The days of a week, Monday first: the opening hours' keys (lib/opening-hours.ts) and the order the pages show
// them in. A module of its own so that a page showing hours does not download the hours' parsing and checks.

export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof WEEKDAYS)[number];
