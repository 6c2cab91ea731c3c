import { describe, expect, it } from "vitest";
import { boundedMemo } from "~/lib/bounded-memo";

describe("boundedMemo", () => {
  it("computes once per distinct key, keeps at most its bound, and forgets on clear", () => {
    const asked: string[] = [];
    const length = boundedMemo(3, (key: string) => {
      asked.push(key);
      return key.length;
    });
    expect([length("a"), length("bb"), length("a"), length("ccc"), length("bb")]).toEqual([1, 2, 1, 3, 2]);
    expect(asked).toEqual(["a", "bb", "ccc"]);
    // A fourth key finds the bound reached: everything kept is dropped, then the new answer kept.
    expect(length("dddd")).toBe(4);
    expect(length("dddd")).toBe(4);
    expect(length("a")).toBe(1);
    expect(asked).toEqual(["a", "bb", "ccc", "dddd", "a"]);
    length.clear();
    expect(length("a")).toBe(1);
    expect(asked).toEqual(["a", "bb", "ccc", "dddd", "a", "a"]);
  });

  it("keeps false and null answers like any other", () => {
    let calls = 0;
    const never = boundedMemo(10, (key: number) => (calls++, key > 5 ? null : false));
    expect([never(1), never(1), never(9), never(9)]).toEqual([false, false, null, null]);
    expect(calls).toBe(2);
  });
});
