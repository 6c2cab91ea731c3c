import { describe, expect, it } from "vitest";
import { canMove } from "~/models/reviews-admin.server";

describe("the review state machine (spec point 4, plus flagged)", () => {
  it.each([
    ["pending", "published", true],
    ["pending", "rejected", true],
    ["published", "rejected", true],
    ["published", "published", false],
    ["rejected", "published", true],
    ["rejected", "rejected", false],
    ["flagged", "published", true],
    ["flagged", "rejected", true],
    ["pending", "delete", true],
    ["published", "delete", true],
    ["rejected", "delete", true],
    ["flagged", "delete", true],
  ] as const)("%s → %s: %s", (from, move, allowed) => {
    expect(canMove(from, move)).toBe(allowed);
  });
});
