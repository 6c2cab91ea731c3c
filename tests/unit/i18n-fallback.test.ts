import { describe, expect, it } from "vitest";
import { createTranslator, type MessageKey } from "~/lib/i18n";
import { compileCatalogues } from "~/services/i18n.server";

// A catalogue with a missing optional translation never fails a page: the message is English's, and the
// server logs it once per language and key however often the catalogues are compiled in the process.

describe("a missing Hindi or Kannada message", () => {
  it("falls back to English, with one warning per language and key", () => {
    const raw = {
      "en-IN": { fallback: { greet: "Hello {name}", bye: "Goodbye" } },
      "hi-IN": { fallback: { greet: "नमस्ते {name}", bye: "" } },
      "kn-IN": { fallback: { bye: "ಹೋಗಿ ಬನ್ನಿ" } },
    };
    const warnings: string[] = [];
    const warn = ({ locale, key }: { locale: string; key: string }) => warnings.push(`${locale} ${key}`);
    const first = compileCatalogues(raw, { warn });
    const again = compileCatalogues(raw, { warn });
    for (const compiled of [first, again]) {
      const hi = createTranslator("hi-IN", Object.fromEntries(compiled["hi-IN"]!));
      const kn = createTranslator("kn-IN", Object.fromEntries(compiled["kn-IN"]!));
      const greet = "fallback.greet" as MessageKey;
      const bye = "fallback.bye" as MessageKey;
      expect(hi(greet, { name: "Asha" })).toBe("नमस्ते Asha");
      expect(hi(bye)).toBe("Goodbye");
      expect(kn(greet, { name: "Asha" })).toBe("Hello Asha");
      expect(kn(bye)).toBe("ಹೋಗಿ ಬನ್ನಿ");
    }
    expect(warnings).toEqual(["hi-IN fallback.bye", "kn-IN fallback.greet"]);
  });
});
