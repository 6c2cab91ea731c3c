import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SiteUnderTest, startSite } from "../support/site";

// What staff read of the backups (docs/decisions/225-backups-leave-the-machine.md), from the built server: the
// last good backup on /admin/settings, a failed run on the admin dashboard, in the catalogue's words; and in /metrics.

const ADMIN = { email: "backup-admin@example.in", password: "a-long-admin-password-1" };
let site: SiteUnderTest | undefined;

beforeAll(async () => {
  site = await startSite("backup-pages", { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
}, 60_000);
afterAll(() => site?.stop());

/** A gauge's sample in /metrics (read from loopback, as a Prometheus on the machine does). */
async function metric(name: string): Promise<string | undefined> {
  const text = await (await fetch(`${site!.base}/metrics`)).text();
  return new RegExp(`^${name} (\\S+)$`, "m").exec(text)?.[1];
}

async function page(path: string, cookie: string): Promise<string> {
  const res = await fetch(`${site!.base}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
  expect(res.status).toBe(200);
  return res.text();
}

describe("the backups on the admin pages", () => {
  it("shows the last good backup, its size, place and drill, and lists a failed run on the dashboard", async () => {
    const { base, db } = site!;
    const login = await fetch(`${base}/api/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.get("set-cookie")!.split(";")[0]!;

    expect(await page("/admin/settings", cookie)).toContain("No backup has been recorded yet.");
    expect(await page("/admin", cookie)).not.toContain("Backups failing");
    expect(await metric("bwp_backup_failing")).toBe("0");
    expect(await metric("bwp_backup_last_success_timestamp_seconds")).toBeUndefined();

    const at = new Date(Date.now() - 3_600_000).toISOString();
    await db
      .insertInto("backup_runs")
      .values({
        name: "backup-pages",
        started_at: at,
        finished_at: at,
        ok: 1,
        size_bytes: 5 * 1024 * 1024,
        local_path: "/srv/backups/backup-pages",
        s3_url: "s3://bwp-backups/backups/backup-pages.tar.enc",
      })
      .execute();
    const settings = await page("/admin/settings", cookie);
    expect(settings).toContain("Last good backup");
    expect(settings).toMatch(/5(\.0)? MB/);
    expect(settings).toContain("the bucket, encrypted: s3://bwp-backups/backups/backup-pages.tar.enc");
    expect(settings).toContain("Not restored in a drill yet. Run: npm run db:restore -- --drill --from s3://");
    expect(await metric("bwp_backup_last_success_timestamp_seconds")).toBe(String(Math.floor(Date.parse(at) / 1000)));

    await db
      .insertInto("backup_runs")
      .values({
        name: "backup-failed",
        started_at: new Date().toISOString(),
        finished_at: new Date().toISOString(),
        ok: 0,
        error: "the backup bucket refuses these credentials",
      })
      .execute();
    const dashboard = await page("/admin", cookie);
    expect(dashboard).toContain("Backups failing");
    expect(dashboard).toContain("the backup bucket refuses these credentials");
    expect(await metric("bwp_backup_failing")).toBe("1");
    expect(await metric("bwp_backup_failures")).toBe("1");
  }, 30_000);
});
