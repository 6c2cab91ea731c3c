import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~db/client";
import { createSeller, createStaffRow, createUserRow } from "~db/seed/factories";
import { addMonths, todayIso } from "~/lib/dates";
import { applySellerAction, streamSellersForExport } from "~/models/sellers-admin.server";
import { neutraliseFormula } from "~/services/csv.server";
import { changeSellers } from "~/services/sellers-admin.server";
import { setAccountLanguage } from "~/models/users.server";
import { uploadsDir } from "~/services/upload-folders.server";
import { storeImage } from "~/services/uploads.server";
import { createTestDb } from "../support/test-db";
import { pngImage } from "../support/images";
import { goLiveChanges, identityCardHint } from "~/lib/subscription";

let db: DB;
let cleanup: () => Promise<void>;
const actor = { id: 0, email: "boss@example.in", ip: "10.1.1.1" };
beforeAll(async () => {
  ({ db, cleanup } = await createTestDb());
  actor.id = await createStaffRow(db, { email: actor.email, name: "Boss" });
});
afterAll(() => cleanup());

describe("going live", () => {
  const base = {
    id: 1,
    status: "pending" as const,
    is_verified: 0,
    is_featured: 0,
    is_paid: 0,
    payment_status: "pending" as const,
    subscription_start_date: null,
    subscription_end_date: null,
    renewal_requested_at: null,
    amount_paid: 1499,
    subscription_months: 6,
    owner_name: "A",
    business_name: "B",
    email: "a@b.in",
  };

  it("starts the subscription today and ends it after the plan's months", () => {
    expect(goLiveChanges(base, "2026-01-31")).toEqual({
      status: "active",
      subscription_start_date: "2026-01-31",
      subscription_end_date: "2026-07-31",
    });
  });
  it("keeps a subscription that already started", () => {
    expect(
      goLiveChanges(
        { ...base, subscription_start_date: "2026-01-01", subscription_end_date: "2026-07-01" },
        "2026-03-01",
      ),
    ).toEqual({ status: "active", subscription_start_date: "2026-01-01" });
  });
  it("features the Elite plan (docs/decisions/015-one-plan-table.md)", () => {
    expect(goLiveChanges({ ...base, amount_paid: 4999, subscription_months: 12 }, "2026-01-01")).toMatchObject({
      is_featured: 1,
      subscription_end_date: "2027-01-01",
    });
  });
});

describe("identity card availability", () => {
  it("names the first missing condition in the spec's order", () => {
    expect(identityCardHint({ is_verified: 0, is_paid: 0, status: "pending" })).toBe("Not Verified");
    expect(identityCardHint({ is_verified: 1, is_paid: 0, status: "pending" })).toBe("Not Paid");
    expect(identityCardHint({ is_verified: 1, is_paid: 1, status: "inactive" })).toBe("Not Active");
    expect(identityCardHint({ is_verified: 1, is_paid: 1, status: "active" })).toBeNull();
  });
});

describe("seller actions", () => {
  it("bulk verify makes every seller verified and live, with one audit row each holding before and after", async () => {
    const ids = [
      await createSeller(db, { status: "pending", is_verified: 0, subscription_months: 1 }),
      await createSeller(db, { status: "inactive", is_verified: 0, subscription_months: 3 }),
    ];
    expect(await applySellerAction(db, actor, ids, "verify")).toMatchObject({ ok: true, changed: ids, approved: ids });
    const rows = await db
      .selectFrom("sellers")
      .select(["status", "is_verified", "subscription_end_date"])
      .where("id", "in", ids)
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { status: "active", is_verified: 1, subscription_end_date: addMonths(todayIso(), 1) },
      { status: "active", is_verified: 1, subscription_end_date: addMonths(todayIso(), 3) },
    ]);
    const audit = await db
      .selectFrom("audit_log")
      .select(["action", "details", "ip", "actor_email"])
      .where("target_id", "in", ids.map(String))
      .execute();
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ action: "seller.verify", ip: "10.1.1.1", actor_email: "boss@example.in" });
    expect(JSON.parse(audit[0].details!).changes.is_verified).toEqual([0, 1]);
  });

  it("refuses the whole action when one id is unknown (nothing half-done), and an empty selection", async () => {
    const id = await createSeller(db, { status: "pending" });
    expect(await applySellerAction(db, actor, [id, 999999], "approve")).toMatchObject({
      ok: false,
      reason: "not_found",
    });
    expect(
      (await db.selectFrom("sellers").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status,
    ).toBe("pending");
    expect(await applySellerAction(db, actor, [], "approve")).toEqual({
      ok: false,
      reason: "conflict",
      message: "Please select sellers first",
    });
  });

  it("the row toggle deactivates a live seller and brings any other back", async () => {
    const id = await createSeller(db, { status: "active" });
    await applySellerAction(db, actor, [id], "toggle_status");
    expect(
      (await db.selectFrom("sellers").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status,
    ).toBe("inactive");
    await applySellerAction(db, actor, [id], "toggle_status");
    expect(
      (await db.selectFrom("sellers").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status,
    ).toBe("active");
  });

  it("the approval mail is in the seller's language, in English for a listing without an account", async () => {
    const stamp = new Date().toISOString();
    const email = "hindi-approval@example.in";
    const user = await createUserRow(db, {
      email,
      name: "Meera",
      role: "seller",
      is_active: 1,
      created_at: stamp,
      updated_at: stamp,
    });
    expect(await setAccountLanguage(db, user.id, "hi-IN")).toBe(true);
    const hindi = await createSeller(db, {
      email,
      user_id: user.id,
      owner_name: "Meera",
      business_name: "Meera Mehndi",
      status: "pending",
    });
    const english = await createSeller(db, {
      email: "english-approval@example.in",
      owner_name: "Lata",
      status: "pending",
    });
    expect(
      await changeSellers(db, actor, { intent: "bulk", bulk_action: "approve", ids: [hindi, english] }),
    ).toMatchObject({ ok: true });
    const mail = (to: string) =>
      db
        .selectFrom("mail_outbox")
        .select(["subject", "text_body"])
        .where("to_address", "=", to)
        .executeTakeFirstOrThrow();
    const inHindi = await mail(email);
    expect(inHindi.subject).toBe("BWP Directory पर आपकी लिस्टिंग अब लाइव है");
    expect(inHindi.text_body).toContain("प्रिय Meera जी,");
    expect(inHindi.text_body).toContain(`आपकी सार्वजनिक प्रोफ़ाइल: /hi/seller/${hindi}`);
    const inEnglish = await mail("english-approval@example.in");
    expect(inEnglish.subject).toBe("Your listing is live on BWP Directory");
    expect(inEnglish.text_body).toContain(`Your public profile: /seller/${english}`);
  });

  it("delete removes the seller and its private files", async () => {
    const id = await createSeller(db, {});
    const stored = await storeImage(db, await pngImage(), "id_proof_document");
    if (!stored.ok) throw new Error(stored.message);
    await db.updateTable("uploads").set({ seller_id: id }).where("key", "=", stored.key).execute();
    expect(await changeSellers(db, actor, { intent: "delete", id })).toEqual({
      ok: true,
      message: "Seller deleted successfully.",
    });
    expect(await db.selectFrom("sellers").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
    expect(existsSync(join(uploadsDir(), "private", stored.key))).toBe(false);
    expect(
      await db.selectFrom("uploads").select("key").where("key", "=", stored.key).executeTakeFirst(),
    ).toBeUndefined();
  });
});

describe("sellers export", () => {
  it("reads every matching seller in pages", async () => {
    const word = "exportpagetest";
    for (let i = 0; i < 7; i++) await createSeller(db, { business_name: `${word} ${i}` });
    const seen: number[] = [];
    for await (const row of streamSellersForExport(
      db,
      { search: word, status: "", verified: "", paid: "", renewal: "" },
      3,
    ))
      seen.push(row.id);
    expect(seen).toHaveLength(7);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
  });

  it("neutralises spreadsheet formulas (docs/decisions/022-csv-formulas-neutralised.md)", () => {
    for (const cell of ["=SUM(A1)", "+1", "-1", "@cmd", "\tx", "\rx"]) expect(neutraliseFormula(cell)).toBe(`'${cell}`);
    expect(neutraliseFormula("Asha's Kitchen")).toBe("Asha's Kitchen");
    expect(neutraliseFormula(null)).toBe("");
    expect(neutraliseFormula(42)).toBe("42");
  });
});
