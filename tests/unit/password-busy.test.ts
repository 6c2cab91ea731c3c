import { signUpOverApi } from "../support/accounts";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DB, openDatabase } from "~db/client";
import { hashPassword } from "~/services/password.server";
import { databaseEnv, type RunningServer, startServer } from "../support/server";
import { type SpareDatabase, spareDatabaseTarget } from "../support/test-db";
import { createUserRow } from "~db/seed/factories";

// A burst of password work against the built production server (`npm run build` first), one process
// whose hashes may not wait at all (PASSWORD_HASH_QUEUE=0): the requests beyond its cores' worth are
// refused with 503 and Retry-After at once, never a 500 or a timeout; the sign-up limit still comes first.

const BURST = 40;
const SIGNUP_LIMIT = 10;
const SELLER = { email: "busy-seller@example.in", password: "a-long-seller-password-1" };
const BUSY_MESSAGE = "The site is busy checking other passwords. Please try again in a moment.";

let base = "";
let dir: string;
let server: RunningServer;
let db: DB;
let site: SpareDatabase | undefined;
let categoryId: number;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "bwp-busy-"));
  site = await spareDatabaseTarget(dir, "site");
  const target = site.target;
  server = await startServer({
    env: (address) => ({
      WEB_CONCURRENCY: "1",
      ...databaseEnv(target),
      UPLOADS_DIR: join(dir, "uploads"),
      SESSION_SECRET: "busy-test-secret-0123456789abcdef",
      COOKIE_SECURE: "0",
      PUBLIC_URL: address,
      TRUST_PROXY: "loopback",
      SMTP_URL: "",
      PASSWORD_HASH_QUEUE: "0",
      RATE_LIMIT_SIGNUP: `${SIGNUP_LIMIT}/3600`,
      // Every sign-in of the burst is at one account from a new address: only the per-address limit counts here.
      RATE_LIMIT_LOGIN_ACCOUNT: "off",
    }),
  });
  base = server.base;
  db = openDatabase(site.target);
  await createUserRow(db, {
    email: SELLER.email,
    name: "Busy Seller",
    role: "seller",
    password_hash: await hashPassword(SELLER.password),
  });
  const categories = (await (await fetch(`${base}/api/categories`)).json()) as { id: number }[];
  categoryId = categories[0].id;
}, 60_000);

afterAll(async () => {
  await db?.destroy();
  await server?.stop("SIGKILL");
  await site?.drop();
  rmSync(dir, { recursive: true, force: true });
});

let serial = 0;
const address = () => `198.18.${Math.floor(++serial / 250)}.${serial % 250}`;

function register(from: string) {
  return signUpOverApi(base, {
    email: `busy-${++serial}-${Date.now().toString(36)}@example.in`,
    categoryId,
    headers: { "X-Forwarded-For": from },
  });
}

function expectRetryAfter(res: Response, label: string) {
  const seconds = Number(res.headers.get("retry-after"));
  expect(Number.isInteger(seconds) && seconds > 0, `${label}: Retry-After ${res.headers.get("retry-after")}`).toBe(
    true,
  );
}

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe("a burst of password work degrades to 503 with Retry-After", () => {
  it("sign-ins from many addresses at once: each signs in or is told to come back (503), none is a 500", async () => {
    const answers = await Promise.all(
      Array.from({ length: BURST }, () =>
        fetch(`${base}/api/auth/login`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: base, "X-Forwarded-For": address() },
          body: JSON.stringify(SELLER),
        }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(count(statuses, 200) + count(statuses, 503), statuses.join(",")).toBe(BURST);
    expect(count(statuses, 200)).toBeGreaterThan(0);
    expect(count(statuses, 503)).toBeGreaterThan(0);
    for (const res of answers.filter((r) => r.status === 503)) {
      expectRetryAfter(res, "busy sign-in");
      expect(await res.json()).toEqual({ error: BUSY_MESSAGE });
    }
  });

  it("the sign-in page without JavaScript: a busy answer is the form again, with the message, the email kept, and Retry-After", async () => {
    const answers = await Promise.all(
      Array.from({ length: BURST }, () =>
        fetch(`${base}/seller-login`, {
          method: "POST",
          redirect: "manual",
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            Origin: base,
            "X-Forwarded-For": address(),
          },
          body: new URLSearchParams(SELLER).toString(),
        }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(count(statuses, 302) + count(statuses, 503), statuses.join(",")).toBe(BURST);
    expect(count(statuses, 503)).toBeGreaterThan(0);
    const busy = answers.find((r) => r.status === 503)!;
    expectRetryAfter(busy, "busy sign-in page");
    const html = await busy.text();
    expect(html).toContain(BUSY_MESSAGE);
    expect(html).toContain(`value="${SELLER.email}"`);
  });

  it("sign-ups from many addresses at once: each is made or told to come back (503), none is a 500", async () => {
    const answers = await Promise.all(Array.from({ length: BURST }, () => register(address())));
    const statuses = answers.map((r) => r.status);
    expect(count(statuses, 201) + count(statuses, 503), statuses.join(",")).toBe(BURST);
    expect(count(statuses, 201)).toBeGreaterThan(0);
    expect(count(statuses, 503)).toBeGreaterThan(0);
    for (const res of answers.filter((r) => r.status === 503)) {
      expectRetryAfter(res, "busy sign-up");
      expect(await res.json()).toEqual({ error: BUSY_MESSAGE });
    }
  });

  it("100 sign-ups at once from one address still meet the sign-up limit (429) before any hash", async () => {
    const from = address();
    const answers = await Promise.all(Array.from({ length: 100 }, () => register(from)));
    const statuses = answers.map((r) => r.status);
    expect(count(statuses, 201) + count(statuses, 429) + count(statuses, 503), statuses.join(",")).toBe(100);
    expect(count(statuses, 201)).toBeGreaterThan(0);
    expect(count(statuses, 201)).toBeLessThanOrEqual(SIGNUP_LIMIT);
    // A busy sign-up gives its count back, so the limit's worth is sign-ups made or refused as busy.
    expect(count(statuses, 429)).toBeGreaterThanOrEqual(100 - SIGNUP_LIMIT - count(statuses, 503));
    for (const res of answers.filter((r) => r.status === 429 || r.status === 503)) expectRetryAfter(res, "sign-up");
  });
});
