import { readFileSync } from "node:fs";
import { request } from "node:http";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SiteUnderTest, startSite } from "../support/site";
import { testEngine } from "../support/test-db";

// /metrics against the built server (docs/decisions/224-metrics.md): who may read it, what it counts
// (by route id, never by address), that it is never cached, and, in a cluster, that whichever worker
// answers gives the whole site's counts with the database's gauges counted once.

const TOKEN = "metrics-test-token-0123456789";

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** A GET on a fresh connection (in a cluster, each goes to the next worker). */
function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request(`${base}${path}`, { agent: false, headers: { Connection: "close", ...headers } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    })
      .on("error", reject)
      .end();
  });
}

/** The samples of a metric in the text: `name{labels} value` lines, as label strings to values. */
function samples(text: string, name: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(\{[^}]*\})? (\S+)$/.exec(line);
    if (match && match[1] === name) found.set(match[2] ?? "", Number(match[3]));
  }
  return found;
}

const sum = (text: string, name: string, where: (labels: string) => boolean) =>
  [...samples(text, name)].filter(([labels]) => where(labels)).reduce((total, [, value]) => total + value, 0);
const scrape = async (base: string) => (await get(base, "/metrics")).body;
const requestsOf = (text: string, route: string) =>
  sum(text, "bwp_http_requests_total", (labels) => labels.includes(`route="${route}"`));
const seriesOf = (text: string, route: string) =>
  [...samples(text, "bwp_http_requests_total").keys()].filter((labels) => labels.includes(`route="${route}"`));

async function queueMail(site: SiteUnderTest) {
  await site.db
    .insertInto("mail_outbox")
    .values({
      to_address: "queued@example.com",
      subject: "Waiting",
      text_body: "A mail still to be sent.",
      status: "queued",
      created_at: new Date(Date.now() - 60_000).toISOString(),
    })
    .execute();
}

describe("/metrics in one process", () => {
  let site: SiteUnderTest;
  beforeAll(async () => {
    site = await startSite("metrics", { METRICS_TOKEN: TOKEN });
  }, 60_000);
  afterAll(() => site?.stop());

  it("answers this machine, and elsewhere only the token: text format, never stored", async () => {
    const local = await get(site.base, "/metrics");
    expect(local.status).toBe(200);
    expect(local.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(local.headers["cache-control"]).toBe("no-store");
    expect(local.body).toMatch(/^# HELP /m);
    expect(local.body).toContain("nodejs_eventloop_lag_seconds");
    expect(local.body).toMatch(/^bwp_build_info\{version="[^"]+",node="v\d+/m);

    // Through a proxy (a proxy header) or with a wrong token: 401, whatever the connection's address.
    const proxied = await get(site.base, "/metrics", { "X-Forwarded-For": "203.0.113.9" });
    expect(proxied.status).toBe(401);
    expect(proxied.headers["www-authenticate"]).toMatch(/^Bearer/);
    expect(proxied.body).not.toContain("bwp_");
    const wrong = await get(site.base, "/metrics", { Authorization: `Bearer ${TOKEN}x` });
    expect(wrong.status).toBe(401);
    const withToken = await get(site.base, "/metrics", {
      Authorization: `Bearer ${TOKEN}`,
      "X-Forwarded-For": "203.0.113.9",
    });
    expect(withToken.status).toBe(200);
    expect(withToken.headers["cache-control"]).toBe("no-store");
    // Asked again: never an answer of the response cache.
    expect((await get(site.base, "/metrics")).headers["x-cache"]).toBeUndefined();
  });

  it("counts requests by route id: fifty addresses of a route are one series, every 404 one more", async () => {
    const route = "routes/api/categories";
    const before = await scrape(site.base);
    for (let i = 0; i < 50; i++) expect((await get(site.base, `/api/categories?n=${i}`)).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await get(site.base, `/no/such/page-${i}`)).status).toBe(404);
    await get(site.base, `/api/sellers/999999`);
    const after = await scrape(site.base);
    expect(requestsOf(after, route) - requestsOf(before, route)).toBe(50);
    expect(seriesOf(after, route)).toEqual([`{route="${route}",method="GET",status="200"}`]);
    expect(seriesOf(after, "not-found")).toEqual([`{route="not-found",method="GET",status="404"}`]);
    expect(requestsOf(after, "not-found") - requestsOf(before, "not-found")).toBe(11);
    expect(after).not.toContain("page-");
    const durations = samples(after, "bwp_http_request_duration_seconds_count");
    expect(durations.get(`{route="${route}",method="GET"}`)).toBeGreaterThanOrEqual(50);
  });

  it("counts the response cache's hits, and a queued mail in the outbox", async () => {
    const hits = (text: string) => sum(text, "bwp_response_cache_lookups_total", (l) => l.includes('"hit"'));
    await get(site.base, "/api/categories?cache=1");
    const before = await scrape(site.base);
    const again = await get(site.base, "/api/categories?cache=1");
    expect(again.headers["x-cache"]).toBe("HIT");
    const after = await scrape(site.base);
    expect(hits(after) - hits(before)).toBe(1);
    expect(samples(after, "bwp_response_cache_entries").get("")).toBeGreaterThan(0);

    const queued = (text: string) => samples(text, "bwp_mail_outbox_messages").get('{status="queued"}');
    const waiting = queued(after) ?? 0;
    await queueMail(site);
    const later = await scrape(site.base);
    expect(queued(later)).toBe(waiting + 1);
    expect(samples(later, "bwp_mail_outbox_oldest_queued_seconds").get("")).toBeGreaterThanOrEqual(59);
    expect(samples(later, "bwp_ready").get("")).toBe(1);
  });

  it("reports the database's pool (PostgreSQL) or its file's size (SQLite)", async () => {
    const text = await scrape(site.base);
    if (testEngine === "postgres") {
      expect(samples(text, "bwp_database_pool_connections").get('{state="total"}')).toBeGreaterThan(0);
      expect(samples(text, "bwp_database_file_bytes").size).toBe(0);
    } else {
      expect(samples(text, "bwp_database_file_bytes").get("")).toBeGreaterThan(0);
      expect(samples(text, "bwp_database_pool_connections").size).toBe(0);
    }
  });

  it("has alert rules in Prometheus' shape that name only the metrics it exposes", async () => {
    // The samples' names, and the declared metrics' (a labelled counter has no sample before its first event).
    const exposed = new Set<string>();
    for (const line of (await scrape(site.base)).split("\n")) {
      const declared = /^# TYPE (\S+) (\w+)$/.exec(line);
      if (declared && declared[2] === "histogram")
        for (const part of ["_bucket", "_sum", "_count"]) exposed.add(declared[1] + part);
      else if (declared) exposed.add(declared[1]);
      else if (line && !line.startsWith("#")) exposed.add(line.split(/[{ ]/)[0]);
    }
    const rules = yaml.load(readFileSync(ALERTS, "utf8")) as { groups: { name: string; rules: unknown[] }[] };
    expect(Object.keys(rules)).toEqual(["groups"]);
    const alerts = rules.groups.flatMap((group) => {
      expect(Object.keys(group).sort()).toEqual(["name", "rules"]);
      return group.rules as Record<string, unknown>[];
    });
    expect(alerts.length).toBeGreaterThanOrEqual(6);
    for (const rule of alerts) {
      expect(Object.keys(rule).sort(), String(rule.alert)).toEqual(["alert", "annotations", "expr", "for", "labels"]);
      expect(rule.alert).toMatch(/^[A-Z][A-Za-z0-9]+$/);
      expect(rule.for).toMatch(/^\d+[smh]$/);
      expect(Object.keys(rule.annotations as object).sort()).toEqual(["description", "summary"]);
      expect((rule.labels as { severity?: string }).severity).toMatch(/^(page|ticket)$/);
      const names = metricNamesIn(String(rule.expr));
      expect(names.length, String(rule.expr)).toBeGreaterThan(0);
      for (const name of names) expect(exposed, `${rule.alert} reads ${name}`).toContain(name);
    }
    // The parser of names itself.
    expect(metricNamesIn('sum by (le) (rate(a_bucket{route!~"x|y"}[5m])) / b > 0.1 and on (job) c_total')).toEqual([
      "a_bucket",
      "b",
      "c_total",
    ]);
  });

  // The tests run in any order (CI shuffles them): the site is left with the metrics on again.
  it("METRICS=off: nothing served (404)", async () => {
    await site.restart({ METRICS: "off" });
    try {
      const off = await get(site.base, "/metrics", { Authorization: `Bearer ${TOKEN}` });
      expect(off.status).toBe(404);
      expect(off.body).not.toContain("bwp_");
    } finally {
      await site.restart({ METRICS: "on" });
    }
  }, 60_000);
});

// A YAML parser already in node_modules (ESLint's); the rules file is plain YAML for Prometheus.
const yaml = createRequire(import.meta.url)("js-yaml") as { load: (text: string) => unknown };
const ALERTS = "ops/prometheus/alerts.yml";
const PROMQL_WORDS = new Set([
  "and",
  "or",
  "unless",
  "bool",
  "offset",
  "by",
  "without",
  "on",
  "ignoring",
  "Inf",
  "NaN",
]);

/** The metric names a PromQL expression reads (functions, label matchers, ranges and keywords left out). */
function metricNamesIn(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, "")
    .replace(/\[[^\]]*\]/g, "")
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, "");
  return [...bare.matchAll(/[A-Za-z_:][\w:]*(?!\s*\()/g)]
    .filter((m) => !/[\w:(]/.test(bare[m.index + m[0].length] ?? "") && !/\d/.test(bare[m.index - 1] ?? ""))
    .map((m) => m[0])
    .filter((word) => !PROMQL_WORDS.has(word));
}

describe("/metrics in a cluster", () => {
  let site: SiteUnderTest;
  beforeAll(async () => {
    site = await startSite("metrics-cluster", { WEB_CONCURRENCY: "2" });
  }, 60_000);
  afterAll(() => site?.stop());

  it("gives the whole site's counts whichever worker answers, the database's gauges once", async () => {
    const route = "routes/api/categories";
    const before = await scrape(site.base);
    for (let i = 0; i < 6; i++) await get(site.base, `/api/categories?w=${i}`);
    await queueMail(site);
    // Fresh connections go to the workers in turn: these two scrapes are answered by both.
    const answers = [await scrape(site.base), await scrape(site.base)];
    for (const text of answers) {
      expect(requestsOf(text, route) - requestsOf(before, route)).toBe(6);
      expect(samples(text, "bwp_mail_outbox_messages").get('{status="queued"}')).toBe(1);
      expect(samples(text, "bwp_ready").get("")).toBe(1);
    }
  });
});
