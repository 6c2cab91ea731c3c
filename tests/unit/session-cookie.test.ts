import { afterAll, describe, expect, it } from "vitest";
import { reloadConfig } from "~/services/config.server";
import { sessionCookie, sessionIdFrom } from "~/services/session.server";

// The session id a Cookie header carries is read once per header and set of secrets (its signature is checked with
// WebCrypto): a header read before must never vouch for another, nor for secrets that no longer verify it.

const previous = process.env.SESSION_SECRET;
afterAll(() => {
  if (previous === undefined) delete process.env.SESSION_SECRET;
  else process.env.SESSION_SECRET = previous;
  reloadConfig();
});

const id = "a".repeat(20) + "B".repeat(12) + "_-0123456789";
const request = (cookie: string) => new Request("http://localhost/", { headers: { Cookie: cookie } });

describe("the session id of a Cookie header", () => {
  it("is the signed id, again and again; a changed id or signature is refused after the real one was read", async () => {
    process.env.SESSION_SECRET = "first-session-secret-0123456789abc";
    reloadConfig();
    const header = (await sessionCookie().serialize(id)).split(";")[0]!;
    expect(await sessionIdFrom(request(header))).toBe(id);
    expect(await sessionIdFrom(request(`theme=dark; ${header}`))).toBe(id);
    expect(await sessionIdFrom(request(header))).toBe(id);
    const value = header.slice(header.indexOf("=") + 1);
    const forgedId = `__session=${value.replace(/^[A-Za-z0-9]/, (c) => (c === "Z" ? "Y" : "Z"))}`;
    expect(await sessionIdFrom(request(forgedId))).toBeNull();
    const forgedSignature = `__session=${value.slice(0, -2)}${value.endsWith("AA") ? "BB" : "AA"}`;
    expect(await sessionIdFrom(request(forgedSignature))).toBeNull();
    expect(await sessionIdFrom(request("theme=dark"))).toBeNull();
  });

  it("follows the secrets: still read under a rotated list, refused once its secret is dropped", async () => {
    process.env.SESSION_SECRET = "first-session-secret-0123456789abc";
    reloadConfig();
    const header = (await sessionCookie().serialize(id)).split(";")[0]!;
    expect(await sessionIdFrom(request(header))).toBe(id);
    process.env.SESSION_SECRET = "second-session-secret-0123456789ab,first-session-secret-0123456789abc";
    reloadConfig();
    expect(await sessionIdFrom(request(header))).toBe(id);
    process.env.SESSION_SECRET = "second-session-secret-0123456789ab";
    reloadConfig();
    expect(await sessionIdFrom(request(header))).toBeNull();
  });
});
