import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "~/lib/redirect";

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
  ])("falls back for %j", (to) => {
    expect(safeRedirectPath(to, "/home")).toBe("/home");
  });

  it("keeps same-site paths, normalised and percent-encoded", () => {
    expect(safeRedirectPath("/admin/reviews?status=pending#top")).toBe("/admin/reviews?status=pending#top");
    expect(safeRedirectPath("/directory?search=café")).toBe("/directory?search=caf%C3%A9");
    expect(safeRedirectPath("/seller/1/../2")).toBe("/seller/2");
    expect(safeRedirectPath("/%09/not-a-tab")).toBe("/%09/not-a-tab");
    expect(safeRedirectPath(null, "/admin")).toBe("/admin");
  });
});
