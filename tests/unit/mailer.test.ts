import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~db/client";
import { getMail } from "~/models/mail.server";
import { sendMail } from "~/services/mailer.server";
import { createTestDb } from "../support/test-db";

// The mailer against a real SMTP server listening on a random loopback port (not a mock of our code).

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
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "", to: session.envelope.rcptTo.map((r) => r.address), raw });
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
  delete process.env.MAIL_FROM;
  await cleanup();
});

describe("mailer", () => {
  it("sends through SMTP when SMTP_URL is set and marks the outbox row sent", async () => {
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}?ignoreTLS=true`;
    process.env.MAIL_FROM = "BWP Test <noreply@bwp.test>";
    const result = await sendMail(db, { to: "asha@example.in", subject: "Hello Asha", text: "Your application arrived." });
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

  it("records a failure when the SMTP server cannot be reached (and does not throw)", async () => {
    process.env.SMTP_URL = "smtp://127.0.0.1:1?ignoreTLS=true&connectionTimeout=2000";
    const result = await sendMail(db, { to: "x@example.in", subject: "S", text: "T" });
    expect(result.status).toBe("failed");
    expect((await getMail(db, result.id))?.status).toBe("failed");
  });

  it("writes to the log when SMTP_URL is not set", async () => {
    delete process.env.SMTP_URL;
    const result = await sendMail(db, { to: "y@example.in", subject: "Logged", text: "Body" });
    expect(result.status).toBe("logged");
    expect((await getMail(db, result.id))?.status).toBe("logged");
  });
});
