import { versionKey } from "~/models/content-version.server";
import { endOfIndianDay, todayIso } from "~/lib/dates";

/** The cache's generation: content version and Indian day (subscriptions end at the day's end, without a write). */
export class GenerationClock {
  private day = "";
  private dayEndsAt = 0;
  constructor(private readonly now: () => number = Date.now) {}

  generation(contentVersion: number): string {
    const now = this.now();
    if (now >= this.dayEndsAt) {
      this.day = todayIso(new Date(now));
      this.dayEndsAt = endOfIndianDay(new Date(now));
    }
    return versionKey(contentVersion, this.day);
  }
}
