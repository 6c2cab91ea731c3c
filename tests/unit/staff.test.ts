import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import type { DB } from "~db/client";
import { addModerator, changeStaffAccount, listStaff } from "~/models/staff.server";
import { createTestDb } from "../support/test-db";
import { createUserRow } from "~db/seed/factories";

let db: DB;
let cleanup: () => Promise<void>;
const stamp = new Date().toISOString();
const user = async (email: string, role: "admin" | "moderator" | "seller", is_active = 1) =>
  (
    await createUserRow(db, {
      email,
      name: email.split("@")[0],
      role,
      password_hash: null,
      is_active,
    })
  ).id;
const actorFor = (id: number, email: string) => ({ id, email, ip: "10.0.0.9" });

beforeAll(async () => ({ db, cleanup } = await createTestDb()));
afterAll(() => cleanup());

describe("staff accounts", () => {
  it("never disables or removes the actor's own account or the last active admin", async () => {
    // "The last active admin" is about every account, so this test has a database of its own.
    const own = await createTestDb();
    onTestFinished(() => own.cleanup());
    const shared = db;
    db = own.db;
    onTestFinished(() => {
      db = shared;
    });
    const first = await user("first@bwp.test", "admin");
    const me = actorFor(first, "first@bwp.test");
    expect(await changeStaffAccount(db, me, first, "disable")).toMatchObject({ ok: false, reason: "forbidden" });
    const second = await user("second@bwp.test", "admin");
    const other = actorFor(second, "second@bwp.test");
    // The first admin is the only other active one: the second cannot remove them…
    await db.updateTable("users").set({ is_active: 0 }).where("id", "=", second).execute();
    expect(await changeStaffAccount(db, other, first, "remove")).toMatchObject({
      ok: false,
      reason: "conflict",
      message: "The last active admin cannot be disabled or removed",
    });
    // …but once two admins are active, one may disable the other.
    await db.updateTable("users").set({ is_active: 1 }).where("id", "=", second).execute();
    expect(await changeStaffAccount(db, other, first, "disable")).toEqual({ ok: true });
    expect(
      (await db.selectFrom("users").select("is_active").where("id", "=", first).executeTakeFirstOrThrow()).is_active,
    ).toBe(0);
    expect(await changeStaffAccount(db, me, second, "enable")).toEqual({ ok: true });
  });

  it("adds a moderator once per email, ends a disabled account's sessions, and audits without secrets", async () => {
    const boss = await user("boss@bwp.test", "admin");
    const actor = actorFor(boss, "boss@bwp.test");
    expect(
      await addModerator(db, actor, { name: "Mod", email: "Mod@BWP.test", passwordHash: "scrypt$secret-hash" }),
    ).toEqual({ ok: true });
    expect(
      await addModerator(db, actor, { name: "Mod again", email: "mod@bwp.test", passwordHash: "x" }),
    ).toMatchObject({ ok: false, reason: "conflict", field: "email" });
    const mod = (await listStaff(db)).find((s) => s.email === "mod@bwp.test")!;
    expect(mod).toMatchObject({ role: "moderator", is_active: 1 });
    await db
      .insertInto("sessions")
      .values({
        id: "s".repeat(40),
        user_id: mod.id,
        created_at: stamp,
        expires_at: "2999-01-01T00:00:00.000Z",
        ip: null,
        user_agent: null,
      })
      .execute();
    expect(await changeStaffAccount(db, actor, mod.id, "disable")).toEqual({ ok: true });
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", mod.id).execute()).toEqual([]);
    expect(await changeStaffAccount(db, actor, mod.id, "remove")).toEqual({ ok: true });
    expect(await changeStaffAccount(db, actor, mod.id, "remove")).toMatchObject({ ok: false, reason: "not_found" });
    const audit = await db
      .selectFrom("audit_log")
      .select(["action", "details"])
      .where("target_type", "=", "user")
      .where("target_id", "=", String(mod.id))
      .orderBy("id")
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["staff.add_moderator", "staff.disable", "staff.remove"]);
    expect(JSON.stringify(audit)).not.toContain("secret-hash");
    // Sellers are not staff: the settings page cannot touch them.
    const seller = await user("seller@bwp.test", "seller");
    expect(await changeStaffAccount(db, actor, seller, "disable")).toMatchObject({ ok: false, reason: "not_found" });
  });
});
