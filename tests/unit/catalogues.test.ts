import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { DEFAULT_LOCALE, LOCALES } from "~/lib/locales";
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
