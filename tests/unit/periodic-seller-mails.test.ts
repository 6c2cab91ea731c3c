import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createSeller } from "~db/seed/factories";
import { addDays, todayIso } from "~/lib/dates";
import { runStartupTasks, stopStartupTasks } from "~/services/startup.server";
import { type SiteUnderTest, startSite } from "../support/site";
import { createTestDb } from "../support/test-db";

// The server runs the sellers' renewal reminders and monthly reports itself (at its start, then every
// hour), with no operator's script: the built server (`npm run build` first) is started on a database
// that already holds sellers due for them, and the mails it queued are read from its outbox. The hourly
// run is the same start-up tasks in this process, with its interval timers and clock faked.

let site: SiteUnderTest | undefined;
const today = todayIso();
// Within 14 days of its end date a listing's reminder is due (it names the days left, 10 or 9 when India's
// date moves on before the server's run).
const sellers = [
  { email: "ends-soon@example.in", business_name: "Ten Days Textiles", end: addDays(today, 10) },
  { email: "reports-off@example.in", business_name: "Quiet Crafts", end: addDays(today, 200), off: true },
];

beforeAll(async () => {
  site = await startSite(
    "periodic-mails",
    { SESSION_SECRET: "periodic-mails-test-secret-0123456789" },
    {
      prepare: async (db) => {
        for (const s of sellers) {
          const id = await createSeller(db, {
            email: s.email,
            business_name: s.business_name,
            status: "active",
            subscription_start_date: addDays(today, -400),
            subscription_end_date: s.end,
          });
          if (s.off) await db.updateTable("sellers").set({ performance_mail_off: 1 }).where("id", "=", id).execute();
        }
      },
    },
  );
}, 60_000);

afterAll(() => site?.stop());

describe("the server's own run of the sellers' mails", () => {
  it("queues a due renewal reminder and last month's report at its start, and none to a seller who opted out", async () => {
    const db = site!.db;
    const subjectsTo = async (email: string) =>
      (
        await db.selectFrom("mail_outbox").select("subject").where("to_address", "=", email).orderBy("id").execute()
      ).map((m) => m.subject);
    await expect.poll(async () => (await subjectsTo(sellers[0]!.email)).length, { timeout: 15_000 }).toBe(2);
    const [reminder, report] = await subjectsTo(sellers[0]!.email);
    expect(reminder).toMatch(/^Your BWP Directory listing ends in (10|9) days$/);
    expect(report).toMatch(/^Your listing in [A-Z][a-z]+: 0 views, 0 WhatsApp taps, 0 calls$/);
    const kinds = await db
      .selectFrom("seller_mails")
      .innerJoin("sellers", "sellers.id", "seller_mails.seller_id")
      .select(["sellers.email", "seller_mails.kind"])
      .orderBy("seller_mails.kind")
      .execute();
    expect(kinds).toEqual([
      { email: "ends-soon@example.in", kind: "renewal-14" },
      { email: "ends-soon@example.in", kind: "report" },
    ]);
    expect(await subjectsTo("reports-off@example.in")).toEqual([]);
    expect(site!.server.logLines().some((l) => l.msg === "queued the sellers' periodic mails")).toBe(true);
  });
});

describe("the hourly run of the sellers' mails", () => {
  it("runs again an hour after the start: a listing due since then gets its reminder", async () => {
    const { db, cleanup } = await createTestDb();
    // Only the interval timers and the clock are faked: the database and the election keep real time.
    vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"] });
    vi.setSystemTime(new Date(`${todayIso()}T06:30:00Z`));
    try {
      const today = todayIso();
      const early = await createSeller(db, {
        email: `hourly-early-${process.pid}@example.in`,
        status: "active",
        subscription_start_date: addDays(today, -400),
        subscription_end_date: addDays(today, 10),
      });
      const kindsOf = async (sellerId: number) =>
        (
          await db.selectFrom("seller_mails").select("kind").where("seller_id", "=", sellerId).orderBy("kind").execute()
        ).map((m) => m.kind);
      await runStartupTasks(db);
      await expect.poll(() => kindsOf(early), { timeout: 15_000 }).toEqual(["renewal-14", "report"]);

      // A listing that comes due after the start (renewed with an earlier end, say) waits for the next run.
      const late = await createSeller(db, {
        email: `hourly-late-${process.pid}@example.in`,
        status: "active",
        subscription_start_date: addDays(today, -400),
        subscription_end_date: addDays(today, 10),
      });
      await vi.advanceTimersByTimeAsync(60 * 60_000);
      await expect.poll(() => kindsOf(late), { timeout: 15_000 }).toEqual(["renewal-14", "report"]);
      expect(await kindsOf(early)).toEqual(["renewal-14", "report"]);
    } finally {
      await stopStartupTasks();
      vi.useRealTimers();
      await cleanup();
    }
  });
});
