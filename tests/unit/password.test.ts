import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSettings, reloadConfig } from "~/services/config.server";
import type { DB } from "~db/client";
import { attemptPasswordLogin } from "~/services/auth.server";
import { hashCost, hashPassword, needsRehash, verifyPassword } from "~/services/password.server";
import { createTestDb } from "../support/test-db";

let db: DB;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ db, cleanup } = await createTestDb()));
afterAll(() => cleanup());

describe("password hashing", () => {
  it("uses OWASP's scrypt parameters unless a test lowers the cost", () => {
    const saved = process.env.PASSWORD_HASH_COST;
    try {
      delete process.env.PASSWORD_HASH_COST;
      reloadConfig();
      expect(2 ** hashCost()).toBe(131072);
      // A cost outside 14–20 is refused when the settings are read (the server does not start).
      expect(() => parseSettings({ PASSWORD_HASH_COST: "3" })).toThrow(
        /PASSWORD_HASH_COST: must be a whole number from 14 to 20/,
      );
    } finally {
      process.env.PASSWORD_HASH_COST = saved;
      reloadConfig();
    }
  });

  it("redoes a weaker hash at the next successful sign-in, keeping the password", async () => {
    const stamp = new Date().toISOString();
    // A hash made before the cost was raised (N=2^14 while the setting now asks for 2^15).
    const old = await hashPassword("Mango-Chutney-77");
    const { id } = await db
      .insertInto("users")
      .values({
        email: "rehash@bwp.test",
        name: "R",
        role: "seller",
        password_hash: old,
        is_active: 1,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const saved = process.env.PASSWORD_HASH_COST;
    process.env.PASSWORD_HASH_COST = "15";
    reloadConfig();
    try {
      expect(needsRehash(old)).toBe(true);
      const failed = await attemptPasswordLogin(
        db,
        { email: "rehash@bwp.test", password: "wrong" },
        { portal: "seller", clientAddress: "10.9.9.9" },
      );
      expect(failed.ok).toBe(false);
      expect(
        (await db.selectFrom("users").select("password_hash").where("id", "=", id).executeTakeFirstOrThrow())
          .password_hash,
      ).toBe(old);
      const ok = await attemptPasswordLogin(
        db,
        { email: "rehash@bwp.test", password: "Mango-Chutney-77" },
        { portal: "seller", clientAddress: "10.9.9.9" },
      );
      expect(ok.ok).toBe(true);
      const now = (await db.selectFrom("users").select("password_hash").where("id", "=", id).executeTakeFirstOrThrow())
        .password_hash!;
      expect(now.split("$")[1]).toBe(String(2 ** 15));
      expect(needsRehash(now)).toBe(false);
      expect(await verifyPassword("Mango-Chutney-77", now)).toBe(true);
    } finally {
      process.env.PASSWORD_HASH_COST = saved;
      reloadConfig();
    }
  });
});

describe("sign-in throttling counts before the work", () => {
  it("30 parallel wrong passwords from one address: only the limit's worth are checked", async () => {
    const stamp = new Date().toISOString();
    await db
      .insertInto("users")
      .values({
        email: "burst@bwp.test",
        name: "B",
        role: "admin",
        password_hash: await hashPassword("Right-Password-1"),
        is_active: 1,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
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
    const stamp = new Date().toISOString();
    await db
      .insertInto("users")
      .values({
        email: "owner@bwp.test",
        name: "O",
        role: "admin",
        password_hash: await hashPassword("Owner-Password-1"),
        is_active: 1,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
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
