import { randomBytes, scrypt } from "node:crypto";
import { availableParallelism } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config, reloadConfig } from "~/services/config.server";
import type { DB } from "~db/client";
import { attemptPasswordLogin } from "~/services/auth.server";
import { hashPassword, needsRehash, PasswordHashBusy, verifyPassword } from "~/services/password.server";
import { createTestDb } from "../support/test-db";
import { createUserRow } from "~db/seed/factories";

let db: DB;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ db, cleanup } = await createTestDb()));
afterAll(() => cleanup());

/** A hash in the form stored before Argon2id: scrypt at the parameters of the time (N=2^17, r=8, p=1). */
function scryptHash(password: string): Promise<string> {
  const salt = randomBytes(16);
  const [N, r, p] = [2 ** 17, 8, 1];
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, 64, { N, r, p, maxmem: 512 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(`scrypt$${N}$${r}$${p}$${salt.toString("base64")}$${key.toString("base64")}`),
    ),
  );
}

async function storedHash(id: number): Promise<string> {
  return (await db.selectFrom("users").select("password_hash").where("id", "=", id).executeTakeFirstOrThrow())
    .password_hash!;
}

describe("password hashing", () => {
  it("stores a new password as Argon2id at OWASP's parameters or stronger (m ≥ 19 MiB, t ≥ 2, p = 1)", async () => {
    const stored = await hashPassword("Mango-Chutney-77");
    const [, m, t, p] = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(stored)!.map(Number);
    expect(m).toBeGreaterThanOrEqual(19 * 1024);
    expect(m).toBeLessThanOrEqual(64 * 1024);
    expect(t).toBeGreaterThanOrEqual(2);
    expect(p).toBe(1);
    expect(needsRehash(stored)).toBe(false);
    expect(await verifyPassword("Mango-Chutney-77", stored)).toBe(true);
    expect(await verifyPassword("Mango-Chutney-78", stored)).toBe(false);
    // A weaker Argon2id hash (OWASP's minimum with less memory) is redone like an scrypt one.
    expect(needsRehash(stored.replace(/m=\d+/, "m=7168"))).toBe(true);
  });

  it("a password set under scrypt still signs in, and is then stored as Argon2id", async () => {
    const old = await scryptHash("Mango-Chutney-77");
    const { id } = await createUserRow(db, {
      email: "rehash@bwp.test",
      name: "R",
      role: "seller",
      password_hash: old,
    });
    expect(needsRehash(old)).toBe(true);
    const failed = await attemptPasswordLogin(
      db,
      { email: "rehash@bwp.test", password: "wrong" },
      { portal: "seller", clientAddress: "10.9.9.9" },
    );
    expect(failed).toMatchObject({ ok: false, status: 401 });
    expect(await storedHash(id)).toBe(old);
    const ok = await attemptPasswordLogin(
      db,
      { email: "rehash@bwp.test", password: "Mango-Chutney-77" },
      { portal: "seller", clientAddress: "10.9.9.9" },
    );
    expect(ok.ok).toBe(true);
    const now = await storedHash(id);
    expect(now).toMatch(/^\$argon2id\$/);
    expect(needsRehash(now)).toBe(false);
    expect(await verifyPassword("Mango-Chutney-77", now)).toBe(true);
    // And the new hash signs in too.
    const again = await attemptPasswordLogin(
      db,
      { email: "rehash@bwp.test", password: "Mango-Chutney-77" },
      { portal: "seller", clientAddress: "10.9.9.9" },
    );
    expect(again.ok).toBe(true);
    expect(await storedHash(id)).toBe(now);
  });

  it("runs one hash per core at a time; beyond PASSWORD_HASH_QUEUE waiting, a hash is refused as busy at once", async () => {
    const saved = process.env.PASSWORD_HASH_QUEUE;
    process.env.PASSWORD_HASH_QUEUE = "1";
    reloadConfig();
    try {
      const running = Math.max(1, Math.floor(availableParallelism() / config().webConcurrency));
      const results = await Promise.allSettled(Array.from({ length: running + 5 }, (_, i) => hashPassword(`pw-${i}`)));
      const done = results.filter((r) => r.status === "fulfilled");
      const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason] : []));
      expect(done).toHaveLength(running + 1);
      expect(refused).toHaveLength(4);
      for (const reason of refused) expect(reason).toBeInstanceOf(PasswordHashBusy);
      // Once those are done, a hash is taken again.
      expect(await hashPassword("later")).toMatch(/^\$argon2id\$/);
    } finally {
      if (saved === undefined) delete process.env.PASSWORD_HASH_QUEUE;
      else process.env.PASSWORD_HASH_QUEUE = saved;
      reloadConfig();
    }
  });
});

describe("sign-in throttling counts before the work", () => {
  it("30 parallel wrong passwords from one address: only the limit's worth are checked", async () => {
    await createUserRow(db, {
      email: "burst@bwp.test",
      name: "B",
      role: "admin",
      password_hash: await hashPassword("Right-Password-1"),
    });
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        attemptPasswordLogin(
          db,
          { email: "burst@bwp.test", password: `wrong-${i}` },
          { portal: "admin", clientAddress: "10.7.7.7" },
        ),
      ),
    );
    const statuses = results.map((r) => (r.ok ? 200 : r.status));
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
  });

  it("failures from many addresses do not keep the owner out of an address she signed in from", async () => {
    await createUserRow(db, {
      email: "owner@bwp.test",
      name: "O",
      role: "admin",
      password_hash: await hashPassword("Owner-Password-1"),
    });
    const owner = { email: "owner@bwp.test", password: "Owner-Password-1" };
    expect((await attemptPasswordLogin(db, owner, { portal: "admin", clientAddress: "10.5.5.5" })).ok).toBe(true);
    for (let a = 0; a < 5; a++) {
      await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          attemptPasswordLogin(
            db,
            { email: owner.email, password: `x${a}${i}` },
            { portal: "admin", clientAddress: `10.6.6.${a}` },
          ),
        ),
      );
    }
    // The account is held for new addresses…
    expect(await attemptPasswordLogin(db, owner, { portal: "admin", clientAddress: "10.4.4.4" })).toMatchObject({
      ok: false,
      status: 429,
    });
    // …but not for the owner's own.
    expect((await attemptPasswordLogin(db, owner, { portal: "admin", clientAddress: "10.5.5.5" })).ok).toBe(true);
  });
});
