import { vi } from "vitest";
import { todayIso } from "~/lib/dates";

/**
 * Moves this process's clock to noon in India today (06:30 UTC), still running, so a test that reads
 * "today" in India and has the code read it again later never straddles midnight (18:30 UTC). Undo with
 * `vi.useRealTimers()`. Only Date is faked: timers, and the database's own clock, keep real time.
 */
export function atIndianNoon(): void {
  const noon = new Date(`${todayIso()}T06:30:00Z`);
  vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
  vi.setSystemTime(noon);
}
