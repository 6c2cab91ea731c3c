import { setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { type CompiledMessage, formatMessage, type MessageValues } from "~/lib/i18n";
import { DEFAULT_LOCALE, type Locale, LOCALES } from "~/lib/locales";
import { NAMESPACES } from "~/locales/catalogue";
import { rawCatalogues } from "~/services/i18n.server";

// The catalogue check: every language has every English key, with the same ICU arguments (and plural or
// select kinds), and no empty message; no language has a key English lacks. A catalogue that fails here
// never reaches a page.

type Token = string | [string, string?, Record<string, unknown>?];

/** The arguments of a message: `name` or `name:plural`, sorted, from its compiled form. */
function argumentsOf(message: string): string[] {
  const found = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (typeof token === "string") continue;
      const [name, kind, options] = token;
      found.add(kind ? `${name}:${kind}` : name);
      for (const value of Object.values(options ?? {})) if (Array.isArray(value)) walk(value as Token[]);
    }
  };
  const compiled = compileMessage(message);
  walk(Array.isArray(compiled) ? (compiled as Token[]) : []);
  return [...found].sort();
}

/** The element tags of a message (`<terms>…</terms>`), which the views fill with links. */
function tagsOf(message: string): string[] {
  return [...message.matchAll(/<(\w+)>/g)].map((m) => m[1]).sort();
}

const catalogues = rawCatalogues();
const english = catalogues[DEFAULT_LOCALE];

describe("catalogues", () => {
  it("has every language's folder with English's namespaces", () => {
    expect(Object.keys(catalogues).sort()).toEqual([...LOCALES].sort());
    for (const locale of LOCALES) expect(Object.keys(catalogues[locale]).sort()).toEqual(Object.keys(english).sort());
    expect([...NAMESPACES].sort()).toEqual(Object.keys(english).sort());
  });

  for (const locale of LOCALES) {
    for (const namespace of Object.keys(english)) {
      it(`${locale}/${namespace}.json: the same keys, arguments and tags as English, no empty message`, () => {
        const own = catalogues[locale][namespace];
        const problems: string[] = [];
        for (const [key, source] of Object.entries(english[namespace])) {
          const message = own[key];
          if (message === undefined) problems.push(`${key}: missing`);
          else if (!message.trim()) problems.push(`${key}: empty`);
          else {
            try {
              if (argumentsOf(message).join() !== argumentsOf(source).join())
                problems.push(`${key}: arguments ${argumentsOf(message)} ≠ English ${argumentsOf(source)}`);
            } catch (error) {
              problems.push(`${key}: not ICU MessageFormat (${(error as Error).message})`);
            }
            if (tagsOf(message).join() !== tagsOf(source).join()) problems.push(`${key}: tags differ from English`);
          }
        }
        for (const key of Object.keys(own)) if (!(key in english[namespace])) problems.push(`${key}: not in English`);
        expect(problems).toEqual([]);
      });
    }
  }

  it("finds a missing key, a changed argument and an empty message (the check itself)", () => {
    expect(argumentsOf("{count, plural, one {# seller} other {# sellers}} in {city}")).toEqual([
      "city",
      "count:plural",
    ]);
    expect(argumentsOf("{count} sellers")).not.toEqual(argumentsOf("{count, plural, other {# sellers}}"));
    expect(tagsOf("Read <terms>the terms</terms>")).toEqual(["terms"]);
  });
});

// The site formats Lingui's compiled messages itself (lib/i18n.ts, 0.4 KB in the browser instead of
// Lingui's 2 KB runtime): it must say exactly what Lingui's runtime says, for every message of every
// language and for the ICU features the catalogues may use.
describe("formatMessage says what Lingui's runtime says", () => {
  const samples = (message: string): MessageValues[] => {
    const names = argumentsOf(message);
    const numbers = [0, 1, 2, 5, 21, 1234567];
    const choices = [...message.matchAll(/\b(\w+) \{/g)].map((m) => m[1]);
    return numbers.flatMap((n, i) => {
      const values: MessageValues = {};
      for (const name of names) {
        const [arg, kind] = name.split(":");
        values[arg] =
          kind === "plural" || kind === "selectordinal" || kind === "number"
            ? n
            : kind === "date" || kind === "time"
              ? "2026-11-26T10:15:30Z"
              : kind === "select"
                ? (choices[i % Math.max(choices.length, 1)] ?? "other")
                : `Asha <b>${n}</b>`;
      }
      return [values];
    });
  };
  const lingui = (locale: Locale, message: string, values: MessageValues) =>
    setupI18n({ locale, messages: { [locale]: { m: compileMessage(message) } } })._("m", values as never);
  const ours = (locale: Locale, message: string, values: MessageValues) =>
    formatMessage(locale, compileMessage(message) as CompiledMessage, values);

  for (const locale of LOCALES) {
    it(`every ${locale} message`, () => {
      const differences: string[] = [];
      for (const [namespace, messages] of Object.entries(catalogues[locale]))
        for (const [key, message] of Object.entries(messages))
          for (const values of samples(message)) {
            const expected = lingui(locale, message, values);
            const actual = ours(locale, message, values);
            if (actual !== expected)
              differences.push(`${namespace}.${key} ${JSON.stringify(values)}: ${actual} ≠ ${expected}`);
          }
      expect(differences).toEqual([]);
    });
  }

  it.each([
    "{count, plural, =0 {No sellers} one {# seller} other {# sellers}}",
    "{count, plural, offset:1 =0 {nobody} =1 {{name}} one {{name} and # other} other {{name} and # others}}",
    "{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}",
    "{role, select, seller {Her dashboard} other {Admin}} · {when, date, long} · {when, date} · {when, time}",
    "{n, number} · {share, number, percent} · {n, plural, one {# item in {city}} other {# items in {city}}}",
    "It's '{'literal'}' and {name}",
  ])("%s", (message) => {
    for (const locale of LOCALES)
      for (const n of [0, 1, 2, 3, 4, 11, 22, 103, 1234567]) {
        const values = {
          count: n,
          n,
          name: "Kavya",
          role: n % 2 ? "seller" : "staff",
          when: "2026-11-26T10:15:30Z",
          share: n / 100,
          city: "Mysuru",
        };
        expect(ours(locale, message, values)).toBe(lingui(locale, message, values));
      }
  });
});
