import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderedHtml } from "../support/html";
import { oidcProvider } from "../support/oidc-provider-config";
import { type SiteUnderTest, startSite } from "../support/site";

// Google sign-in started from a Hindi or Kannada page, over HTTP against the built server (`npm run build`
// first) and a real OpenID Connect provider served in this process (the Playwright run's stand-in): the
// language rides through the round trip in the signed state cookie, the callback page speaks it (its errors
// too), and she lands on her dashboard in her account's language. /api answers stay English.

let site: SiteUnderTest | undefined;
let base = "";
let issuer = "";
let oidcServer: Server | undefined;
let handle: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
const client = { id: "bwp-unit", secret: "bwp-unit-client-secret" };

beforeAll(async () => {
  oidcServer = createServer((req, res) => {
    if (handle) handle(req, res);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => oidcServer!.listen(0, "127.0.0.1", resolve));
  issuer = `http://127.0.0.1:${(oidcServer.address() as AddressInfo).port}`;
  site = await startSite("google-language", (address) => {
    handle = oidcProvider(issuer, { ...client, redirectUri: `${address}/auth/google/callback` }).callback();
    return {
      SEED_DEMO: "0",
      PUBLIC_URL: address,
      GOOGLE_ISSUER: issuer,
      GOOGLE_CLIENT_ID: client.id,
      GOOGLE_CLIENT_SECRET: client.secret,
    };
  });
  base = site.base;
}, 60_000);
afterAll(async () => {
  await site?.stop();
  await new Promise((resolve) => oidcServer?.close(resolve));
});

/** One browser's cookies (names are unique enough across the site and the provider here; paths ignored). */
class Browser {
  cookies = new Map<string, string>();
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const res = await fetch(url, {
      ...init,
      redirect: "manual",
      headers: { ...(init.headers as Record<string, string>), Cookie: this.header() },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const at = pair!.indexOf("=");
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      const gone = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /expires=thu, 01 jan 1970/i.test(a));
      if (gone || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }
  async post(url: string, fields: Record<string, string>) {
    return this.fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: new URL(url).origin },
      body: new URLSearchParams(fields).toString(),
    });
  }
}

const location = (res: Response, from: string) => new URL(res.headers.get("location")!, from).href;

/** From the sign-in's start on the site to the provider's answer at the site's callback address. */
async function throughProvider(browser: Browser, start: string, email: string): Promise<string> {
  const started = await browser.fetch(`${base}${start}`);
  expect(started.status).toBe(302);
  let url = location(started, base);
  for (let hop = 0; hop < 12 && url.startsWith(issuer); hop++) {
    let res = await browser.fetch(url);
    if (res.status === 200 && new URL(url).pathname.startsWith("/interaction/")) {
      const login = (await res.text()).includes('name="login"');
      res = await browser.post(url, login ? { prompt: "login", login: email, password: "any" } : { prompt: "consent" });
    }
    expect([302, 303]).toContain(res.status);
    url = location(res, url);
  }
  expect(url.startsWith(`${base}/auth/google/callback?`)).toBe(true);
  return url;
}

const fields = (url: string) => {
  const p = new URL(url).searchParams;
  return { code: p.get("code")!, state: p.get("state")!, iss: p.get("iss") ?? "" };
};

describe("Google sign-in in the language she started from", () => {
  it("a Hindi start comes back to the Hindi callback page, which signs her in to her dashboard in her account's language and refuses a replay in Hindi", async () => {
    // The Hindi sign-in page's Google button starts with its language.
    const login = renderedHtml(await (await fetch(`${base}/hi/seller-login`)).text());
    expect(login).toContain('href="/auth/google?lang=hi-IN"');
    expect(renderedHtml(await (await fetch(`${base}/seller-login`)).text())).toContain('href="/auth/google"');

    const browser = new Browser();
    const email = `google-hi-${Date.now().toString(36)}@gmail.test`;
    const answer = await throughProvider(browser, "/auth/google?lang=hi-IN", email);

    // The fixed (English) address goes on to the Hindi one with the same answer.
    const fixed = await browser.fetch(answer);
    expect(fixed.status).toBe(302);
    const hindi = location(fixed, base);
    expect(hindi).toBe(`${base}/hi/auth/google/callback${new URL(answer).search}`);
    const page = await browser.fetch(hindi);
    expect(page.status).toBe(200);
    const html = renderedHtml(await page.text());
    expect(html).toContain('<html lang="hi-IN"');
    expect(html).toContain('<h1 class="auth-center">आपको साइन इन किया जा रहा है…</h1>');
    expect(html).not.toContain("Signing you in");

    // A new account made from a Hindi page is in Hindi (as the sign-up page makes it): her dashboard is Hindi.
    const posted = await browser.post(hindi, fields(answer));
    expect(posted.status).toBe(302);
    expect(posted.headers.get("location")).toBe("/hi/seller-dashboard");
    const account = await site!.db.selectFrom("users").select("language").where("email", "=", email).executeTakeFirst();
    expect(account?.language).toBe("hi-IN");

    // The same answer again: refused, in Hindi (this browser's sign-in is over).
    const replay = await browser.post(hindi, fields(answer));
    expect(replay.status).toBe(400);
    const refused = renderedHtml(await replay.text());
    expect(refused).toContain("यह साइन इन लिंक इस ब्राउज़र के लिए नहीं है। कृपया फिर से शुरू करें।");
    expect(refused).toContain('href="/hi/seller-login"');

    // Next time, with Kannada chosen for her account and the sign-in started on a Hindi page: the dashboard is Kannada.
    await site!.db.updateTable("users").set({ language: "kn-IN" }).where("email", "=", email).execute();
    const again = new Browser();
    const second = await throughProvider(again, "/auth/google?lang=hi-IN", email);
    const secondHindi = location(await again.fetch(second), base);
    const signedIn = await again.post(secondHindi, fields(second));
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/kn/seller-dashboard");
  });

  it("a Kannada start: a cancelled sign-in says so in Kannada; the script's /api/sessions stays English and names the reason", async () => {
    const browser = new Browser();
    const start = await browser.fetch(`${base}/api/oauth/google/redirect_url?lang=kn-IN`);
    expect(start.status).toBe(200);
    expect(new URL(((await start.json()) as { redirectUrl: string }).redirectUrl).origin).toBe(issuer);

    const cancelled = await browser.fetch(`${base}/auth/google/callback?error=access_denied`);
    expect(cancelled.status).toBe(302);
    expect(cancelled.headers.get("location")).toBe("/kn/auth/google/callback?error=access_denied");
    const page = renderedHtml(
      await (await browser.fetch(`${base}/kn/auth/google/callback?error=access_denied`)).text(),
    );
    expect(page).toContain('<html lang="kn-IN"');
    expect(page).toMatch(/role="alert">ಸೈನ್ ಇನ್ [^<]+</);
    expect(page).not.toContain("Sign-in was cancelled or refused.");
    // Her choice of English on that page (the switcher's link, a same-origin navigation) is kept while the
    // state cookie still says Kannada; the provider's own return (cross-site) is forwarded, as above.
    const english = await browser.fetch(`${base}/auth/google/callback?error=access_denied`, {
      headers: { "Sec-Fetch-Site": "same-origin" },
    });
    expect(english.status).toBe(200);
    const englishPage = renderedHtml(await english.text());
    expect(englishPage).toContain('<html lang="en-IN"');
    expect(englishPage).toContain("Sign-in was cancelled or refused.");
    const fromGoogle = await browser.fetch(`${base}/auth/google/callback?error=access_denied`, {
      headers: { "Sec-Fetch-Site": "cross-site" },
    });
    expect(fromGoogle.headers.get("location")).toBe("/kn/auth/google/callback?error=access_denied");

    const forged = await browser.fetch(`${base}/api/sessions`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base },
      body: JSON.stringify({ code: "forged-code" }),
    });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({
      error: "Google sign-in could not be completed. Please try again.",
      reason: "not_completed",
    });
  });

  it("an English start stays on the English page; a language outside the three is refused at both doors", async () => {
    const browser = new Browser();
    expect((await browser.fetch(`${base}/auth/google`)).status).toBe(302);
    const page = await browser.fetch(`${base}/auth/google/callback?error=access_denied`);
    expect(page.status).toBe(200);
    expect(renderedHtml(await page.text())).toContain("Sign-in was cancelled or refused.");

    const door = await fetch(`${base}/auth/google?lang=fr`, { redirect: "manual" });
    expect(door.status).toBe(400);
    expect(await door.text()).toBe("Unknown language: lang must be en-IN, hi-IN or kn-IN.");
    const api = await fetch(`${base}/api/oauth/google/redirect_url?lang=hi`);
    expect(api.status).toBe(400);
    expect(await api.json()).toEqual({ error: "Unknown language: lang must be en-IN, hi-IN or kn-IN." });
  });
});
