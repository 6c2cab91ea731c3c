import { afterEach, describe, expect, it } from "vitest";
import { formatCount } from "~/lib/format";
import { type CompiledMessage, formatMessage } from "~/lib/i18n";
import { ALL_LOCALES } from "~/lib/locales";

// Intl's constructors cost far more than a format: a directory render formats hundreds of counts and
// dates, so each formatter is made once per language and style, and the text is the same as before. Plain
// numbers are written without Intl (its first NumberFormat costs a browser 30–40 ms), as Intl writes them.

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

describe("formatCount", () => {
  it("writes every number as Intl.NumberFormat does, in every language", () => {
    const numbers = [
      0,
      -0,
      7,
      12,
      999,
      1000,
      1247,
      12345,
      99999,
      100000,
      123456,
      1234567,
      12345678,
      123456789,
      1e15,
      987654321012,
      -1,
      -1234,
      -1234567,
      2.4,
      0.5,
      2.45678,
      1.0005,
      2.0005,
      1.2345,
      0.0005,
      0.0004,
      -0.0004,
      9.9995,
      99999.9999,
      3.14159,
      1e-7,
      1e21,
      12.1,
      0.1 + 0.2,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
    ];
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let i = 0; i < 400; i++) numbers.push(Math.round(random() * 10 ** (1 + (i % 12))) / 10 ** (i % 5));
    for (const locale of ALL_LOCALES) {
      const intl = new Intl.NumberFormat(locale);
      for (const n of numbers) expect(formatCount(n, locale), `${n} in ${locale}`).toBe(intl.format(n));
    }
  });

  it("groups by the language: Indian in English and Hindi, thousands in Kannada", () => {
    expect(formatCount(1234567, "en-IN")).toBe("12,34,567");
    expect(formatCount(1234567, "hi-IN")).toBe("12,34,567");
    expect(formatCount(1234567, "kn-IN")).toBe("1,234,567");
  });
});
