import { afterEach, describe, expect, it } from "vitest";
import { type CompiledMessage, formatMessage } from "~/lib/i18n";

// Intl's constructors cost far more than a format: a directory render formats hundreds of counts and
// dates, so each formatter is made once per language and style, and the text is the same as before.

const made = { plural: 0, number: 0, date: 0 };
const original = {
  PluralRules: Intl.PluralRules,
  NumberFormat: Intl.NumberFormat,
  DateTimeFormat: Intl.DateTimeFormat,
};
function counting<T extends abstract new (...args: never[]) => object>(Base: T, kind: keyof typeof made): T {
  return new Proxy(Base, {
    construct(target, args, newTarget) {
      made[kind]++;
      return Reflect.construct(target, args, newTarget) as object;
    },
  });
}
afterEach(() => Object.assign(Intl, original));

describe("formatMessage", () => {
  it("makes each Intl formatter once per language and style, with the same text", () => {
    const views: CompiledMessage = [["count", "plural", { one: ["#", " view"], other: ["#", " views"] }]];
    const price: CompiledMessage = ["₹", ["amount", "number"]];
    const since: CompiledMessage = ["since ", ["day", "date", "long"]];
    const day = new Date("2026-11-27T00:00:00Z");
    // Once, so whatever an earlier test made is made already.
    formatMessage("hi-IN", views, { count: 1 });
    formatMessage("hi-IN", price, { amount: 1 });
    formatMessage("hi-IN", since, { day });
    Object.assign(Intl, {
      PluralRules: counting(Intl.PluralRules, "plural"),
      NumberFormat: counting(Intl.NumberFormat, "number"),
      DateTimeFormat: counting(Intl.DateTimeFormat, "date"),
    });
    for (let i = 0; i < 50; i++) {
      expect(formatMessage("hi-IN", views, { count: 125000 + i })).toBe(
        `${new original.NumberFormat("hi-IN").format(125000 + i)} views`,
      );
      expect(formatMessage("hi-IN", price, { amount: 1250000 })).toBe("₹12,50,000");
      expect(formatMessage("hi-IN", since, { day })).toBe(
        `since ${new original.DateTimeFormat("hi-IN", { day: "numeric", month: "long", year: "numeric" }).format(day)}`,
      );
    }
    expect(formatMessage("hi-IN", views, { count: 1 })).toBe("1 view");
    expect(made).toEqual({ plural: 0, number: 0, date: 0 });
  });
});
