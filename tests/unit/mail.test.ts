import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reloadConfig } from "~/services/config.server";
import type { DB } from "~db/client";
import { failedMail, getMail } from "~/models/mail-outbox.server";
import { MAIL_MAX_ATTEMPTS, retryDelayMs, retryDueMail, sendMail } from "~/services/mail.server";
import { createTestDb } from "../support/test-db";

// Sending mail against a real SMTP server listening on a random loopback port (not a mock of our code).

type Received = { from: string; to: string[]; raw: string };
let server: SMTPServer;
let port: number;
const received: Received[] = [];
let db: DB;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  ({ db, cleanup } = await createTestDb());
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => (raw += chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  delete process.env.SMTP_URL;
  reloadConfig();
  delete process.env.MAIL_FROM;
  reloadConfig();
  await cleanup();
});

describe("mail", () => {
  it("sends through SMTP when SMTP_URL is set and marks the outbox row sent", async () => {
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}?ignoreTLS=true`;
    reloadConfig();
    process.env.MAIL_FROM = "BWP Test <noreply@bwp.test>";
    reloadConfig();
    const result = await sendMail(db, {
      to: "asha@example.in",
      subject: "Hello Asha",
      text: "Your application arrived.",
    });
    expect(result.status).toBe("sent");
    const mail = received.at(-1)!;
    expect(mail.from).toBe("noreply@bwp.test");
    expect(mail.to).toEqual(["asha@example.in"]);
    expect(mail.raw).toContain("Subject: Hello Asha");
    expect(mail.raw).toContain("Your application arrived.");
    const row = await getMail(db, result.id);
    expect(row).toMatchObject({ status: "sent", attempts: 1, to_address: "asha@example.in" });
    expect(row?.sent_at).toBeTruthy();
  });

  it("retries a message the SMTP server refused, with growing waits, then marks it failed (never throws)", async () => {
    process.env.SMTP_URL = "smtp://127.0.0.1:1?ignoreTLS=true&connectionTimeout=2000";
    reloadConfig();
    const start = Date.now();
    const result = await sendMail(db, { to: "x@example.in", subject: "S", text: "T" });
    expect(result.status).toBe("queued");
    let row = (await getMail(db, result.id))!;
    expect(row).toMatchObject({ status: "queued", attempts: 1 });
    expect(Date.parse(row.next_attempt_at!) - start).toBeGreaterThanOrEqual(retryDelayMs(1) - 1000);
    // Not due yet: nothing is tried.
    expect(await retryDueMail(db, start)).toEqual([]);
    let now = start;
    for (let attempt = 2; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
      now = Date.parse(row.next_attempt_at!) + 1;
      const [again] = (await retryDueMail(db, now)).filter((r) => r.id === result.id);
      row = (await getMail(db, result.id))!;
      expect(row.attempts).toBe(attempt);
      expect(again.status).toBe(attempt === MAIL_MAX_ATTEMPTS ? "failed" : "queued");
      if (attempt < MAIL_MAX_ATTEMPTS)
        expect(Date.parse(row.next_attempt_at!) - now).toBeGreaterThanOrEqual(retryDelayMs(attempt) - 1000);
    }
    expect(row).toMatchObject({ status: "failed", attempts: MAIL_MAX_ATTEMPTS, next_attempt_at: null });
    expect(row.last_error).toBeTruthy();
    expect((await failedMail(db)).recent.map((m) => m.id)).toContain(result.id);
  });

  it("delivers a queued message once the SMTP server answers again", async () => {
    process.env.SMTP_URL = "smtp://127.0.0.1:1?ignoreTLS=true&connectionTimeout=2000";
    reloadConfig();
    const result = await sendMail(db, { to: "later@example.in", subject: "Later", text: "Arrives on the retry." });
    expect(result.status).toBe("queued");
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}?ignoreTLS=true`;
    reloadConfig();
    const row = (await getMail(db, result.id))!;
    const [retried] = (await retryDueMail(db, Date.parse(row.next_attempt_at!) + 1)).filter((r) => r.id === result.id);
    expect(retried.status).toBe("sent");
    expect(received.at(-1)?.raw).toContain("Arrives on the retry.");
    expect(await getMail(db, result.id)).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("writes to the log when SMTP_URL is not set", async () => {
    delete process.env.SMTP_URL;
    reloadConfig();
    const result = await sendMail(db, { to: "y@example.in", subject: "Logged", text: "Body" });
    expect(result.status).toBe("logged");
    expect((await getMail(db, result.id))?.status).toBe("logged");
  });
});
