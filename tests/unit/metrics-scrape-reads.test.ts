import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { readOncePerScrape } from "~/services/metrics.server";

// Gauges made from one value (the process's memory, the backups' state) share one read per scrape: a registry
// starts every gauge's collect in the same turn of the event loop (docs/decisions/224-metrics.md).

describe("a value read once per scrape", () => {
  it("is read once for the gauges of one turn, per argument, and again at the next scrape", async () => {
    const reads: string[] = [];
    const first = { name: "first" };
    const second = { name: "second" };
    const read = readOncePerScrape((source: { name: string }) => {
      reads.push(source.name);
      return { value: reads.length };
    });

    const a = read(first);
    expect(read(first)).toBe(a);
    expect(read(first)).toBe(a);
    expect(reads).toEqual(["first"]);
    expect(read(second)).not.toBe(a);
    expect(reads).toEqual(["first", "second"]);

    await nextTurn();
    const b = read(second);
    expect(read(second)).toBe(b);
    expect(reads).toEqual(["first", "second", "second"]);
    await nextTurn();
    expect(read(second)).not.toBe(b);
    expect(reads).toEqual(["first", "second", "second", "second"]);
  });
});
