import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "~/lib/redirect";
import { reloadConfig } from "~/services/config.server";
import { publicOrigin } from "~/services/public-url.server";

describe("safeRedirectPath", () => {
  it.each([
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/%2fevil.example",
    "/%2F/evil.example",
    "/%5cevil.example",
    "https://evil.example",
    "javascript:alert(1)",
    "evil.example",
    " /admin",
    "/ /evil",
    "/\u0000/evil",
    "",
    "x".repeat(3000),
    // Dot segments that normalise into `//host` (docs/reliability.md, security probe finding 2).
    "/.//evil.example",
    "/x/..//evil.example",
    "/%2e//evil.example",
    "/%2E//evil.example",
    "/./\\evil.example",
    "/a/b/../..//evil.example",
    "/x/%2e%2e//evil.example",
    "/x/.%2e//evil.example",
    "/x/%2e.//evil.example",
    "/././/evil.example",
    "/..//evil.example",
    "/../..//evil.example",
    "/%2e%2e//evil.example",
    "/.//evil.example/path?q=1#h",
    "/x/.././/evil.example",
  ])("falls back for %j", (to) => {
    expect(safeRedirectPath(to, "/home")).toBe("/home");
  });

  it("keeps same-site paths, normalised and percent-encoded", () => {
    expect(safeRedirectPath("/admin/reviews?status=pending#top")).toBe("/admin/reviews?status=pending#top");
    expect(safeRedirectPath("/directory?search=café")).toBe("/directory?search=caf%C3%A9");
    expect(safeRedirectPath("/seller/1/../2")).toBe("/seller/2");
    expect(safeRedirectPath("/%09/not-a-tab")).toBe("/%09/not-a-tab");
    expect(safeRedirectPath(null, "/admin")).toBe("/admin");
    expect(safeRedirectPath("/x/../admin")).toBe("/admin");
    expect(safeRedirectPath("/./directory")).toBe("/directory");
    expect(safeRedirectPath("/.%2f/evil.example")).toBe("/.%2f/evil.example"); // an encoded slash stays a path segment
  });

  it("never returns a path a browser would read as another origin", () => {
    const pieces = [
      "/",
      ".",
      "..",
      "%2e",
      "%2E",
      "%2f",
      "%5c",
      "\\",
      "//",
      "x",
      "evil.example",
      "?",
      "#",
      "\t",
      "@",
      ":",
    ];
    // Every sequence of up to four pieces after a leading slash: what comes back is same-site or the fallback.
    const paths: string[] = [""];
    for (let depth = 0; depth < 4; depth++)
      for (const p of [...paths]) for (const piece of pieces) paths.push(p + piece);
    for (const rest of paths) {
      const out = safeRedirectPath(`/${rest}`, "/fallback");
      expect(out.startsWith("/"), JSON.stringify(rest)).toBe(true);
      expect(/^\/[/\\]/.test(out), JSON.stringify(rest)).toBe(false);
      expect(new URL(out, "https://site.example").origin, JSON.stringify(rest)).toBe("https://site.example");
    }
  });
});

describe("publicOrigin without PUBLIC_URL", () => {
  it("is the request's http or https origin, whatever scheme a proxy claimed (never the string null)", () => {
    const saved = process.env.PUBLIC_URL;
    delete process.env.PUBLIC_URL;
    reloadConfig();
    try {
      expect(publicOrigin(new Request("https://bwp.example/seller/1"))).toBe("https://bwp.example");
      expect(publicOrigin(new Request("http://127.0.0.1:3000/robots.txt"))).toBe("http://127.0.0.1:3000");
      expect(publicOrigin(new Request("gopher://bwp.example:8080/x"))).toBe("http://bwp.example:8080");
    } finally {
      if (saved === undefined) delete process.env.PUBLIC_URL;
      else process.env.PUBLIC_URL = saved;
      reloadConfig();
    }
  });
});
