import { describe, expect, test } from "vitest";
import { langAttribute, languageOfScript, localizedName, localizedText } from "~/lib/localized";

describe("languageOfScript", () => {
  test.each([
    ["Handwoven sarees from Karnataka looms", "en"],
    ["हाथ से बुनी साड़ियाँ", "hi"],
    ["ಕೈಮಗ್ಗದ ಸೀರೆಗಳು", "kn"],
    // Mostly one script, with a brand name or digits in another.
    ["BWP की सबसे अच्छी मेहंदी 2026", "hi"],
    ["ಬೆಂಗಳೂರಿನ best ಕೇಕ್ ಮನೆ", "kn"],
    // Mostly Latin with a word in another script stays English.
    ["Cakes and sweets — मिठाई", "en"],
    ["", "en"],
    ["123 — !!", "en"],
  ] as const)("%j is %s", (text, language) => {
    expect(languageOfScript(text)).toBe(language);
  });
});

describe("localizedName", () => {
  const row = { name: "Custom Tailoring", name_hi: "सिलाई", name_kn: null };
  test("the page's language when there is one, else English", () => {
    expect(localizedName(row, "en-IN")).toBe("Custom Tailoring");
    expect(localizedName(row, "hi-IN")).toBe("सिलाई");
    expect(localizedName(row, "kn-IN")).toBe("Custom Tailoring");
    expect(localizedName({ ...row, name_kn: "  " }, "kn-IN")).toBe("Custom Tailoring");
  });
});

describe("localizedText", () => {
  const none = { hi: null, kn: null };
  test("the page's version when the seller wrote one, with its language", () => {
    const translations = { hi: "हाथ से बुनी साड़ियाँ", kn: "ಕೈಮಗ್ಗದ ಸೀರೆಗಳು" };
    expect(localizedText("Handwoven sarees", translations, "hi-IN")).toEqual({ text: translations.hi, lang: "hi" });
    expect(localizedText("Handwoven sarees", translations, "kn-IN")).toEqual({ text: translations.kn, lang: "kn" });
    expect(localizedText("Handwoven sarees", translations, "en-IN")).toEqual({ text: "Handwoven sarees", lang: "en" });
  });
  test("else the original, in the language its script tells", () => {
    expect(localizedText("ಕೈಮಗ್ಗದ ಸೀರೆಗಳು", none, "en-IN")).toEqual({ text: "ಕೈಮಗ್ಗದ ಸೀರೆಗಳು", lang: "kn" });
    expect(localizedText("ಕೈಮಗ್ಗದ ಸೀರೆಗಳು", none, "hi-IN")).toEqual({ text: "ಕೈಮಗ್ಗದ ಸೀರೆಗಳು", lang: "kn" });
    expect(localizedText("Handwoven sarees", { hi: " ", kn: null }, "hi-IN")).toEqual({
      text: "Handwoven sarees",
      lang: "en",
    });
  });
  test("nothing to show is null", () => {
    expect(localizedText(null, none, "en-IN")).toBeNull();
    expect(localizedText("  ", none, "kn-IN")).toBeNull();
    expect(localizedText(null, { hi: "सिलाई", kn: null }, "hi-IN")).toEqual({ text: "सिलाई", lang: "hi" });
  });
});

describe("langAttribute", () => {
  test("only when the text is not in the page's language", () => {
    expect(langAttribute({ text: "x", lang: "en" }, "en-IN")).toEqual({});
    expect(langAttribute({ text: "x", lang: "hi" }, "en-IN")).toEqual({ lang: "hi" });
    expect(langAttribute({ text: "x", lang: "hi" }, "hi-IN")).toEqual({});
    expect(langAttribute({ text: "x", lang: "en" }, "kn-IN")).toEqual({ lang: "en" });
  });
});
