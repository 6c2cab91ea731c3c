import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_NOTICE_KEYS, accountNotice } from "~/lib/account-notices";
import { ACCOUNT_MESSAGES } from "~/lib/validation/messages";
import { translatorFor } from "~/services/i18n.server";
import { type SiteUnderTest, startSite } from "../support/site";

// The seller's account pages in another language, through the built production server (`npm run build`
// first): a Kannada page and the account service's notice it answers with. The Hindi sign-up wizard runs
// in tests/e2e/signup.spec.ts.

describe("account notices", () => {
  it("keep the services' English word for word, and have their own Hindi and Kannada", () => {
    const en = translatorFor("en-IN");
    for (const [english, key] of ACCOUNT_NOTICE_KEYS) {
      expect(en(key)).toBe(english);
      expect(translatorFor("hi-IN")(key)).not.toBe(english);
      expect(translatorFor("kn-IN")(key)).not.toBe(english);
    }
    expect(accountNotice(translatorFor("kn-IN"), ACCOUNT_MESSAGES.currentWrong)).toBe("ನಿಮ್ಮ ಈಗಿನ ಪಾಸ್‌ವರ್ಡ್ ಸರಿಯಿಲ್ಲ");
    expect(accountNotice(translatorFor("hi-IN"), "Something else")).toBe("Something else");
  });
});

let site: SiteUnderTest | undefined;
let base = "";

beforeAll(async () => {
  site = await startSite("account-pages-i18n");
  base = site.base;
}, 60_000);

afterAll(() => site?.stop());

describe("a Kannada account page over HTTP", () => {
  it("shows /kn/forgot-password in Kannada and answers its post with the Kannada notice", async () => {
    const page = await fetch(`${base}/kn/forgot-password`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="kn-IN"');
    expect(html).toMatch(/<h1 id="auth-heading">ಪಾಸ್‌ವರ್ಡ್ ಮರೆತಿರಾ\?<\/h1>/);
    expect(html).toContain('href="/kn/seller-login"');

    const sent = await fetch(`${base}/kn/forgot-password`, {
      method: "POST",
      headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "nobody-kn@example.test" }).toString(),
    });
    expect(sent.status).toBe(200);
    const answer = await sent.text();
    expect(answer).toContain(translatorFor("kn-IN")("accounts.notice.resetSent"));
    expect(answer).not.toContain(ACCOUNT_MESSAGES.resetSent);
  });
});
