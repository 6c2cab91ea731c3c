import { describe, expect, it } from "vitest";
import { FORM_MAX_BYTES, FORM_TOO_LARGE_MESSAGE, readForm } from "~/services/forms.server";

// Page forms are read within a byte limit before they are parsed: a large body, declared or sent in
// chunks without a length, is refused with 413 and never held whole.
function chunked(totalBytes: number): { request: Request; pulled: () => number } {
  let sent = 0;
  const chunk = new TextEncoder().encode(`message=${"a".repeat(16 * 1024 - 8)}`);
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= totalBytes) return controller.close();
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  const request = new Request("http://x.test/contact", {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    duplex: "half",
  } as RequestInit);
  return { request, pulled: () => sent };
}

async function statusOf(promise: Promise<unknown>): Promise<{ status: number; message: unknown }> {
  try {
    await promise;
    return { status: 200, message: null };
  } catch (thrown) {
    const t = thrown as { init?: { status?: number }; data?: unknown };
    return { status: t.init?.status ?? 500, message: t.data };
  }
}

describe("page forms are read within a limit", () => {
  it("refuses a chunked 30 MB body: past the limit nothing is kept, and past 16 MB nothing more is read", async () => {
    const { request, pulled } = chunked(30 * 1024 * 1024);
    expect(await statusOf(readForm(request))).toEqual({ status: 413, message: FORM_TOO_LARGE_MESSAGE });
    expect(pulled()).toBeGreaterThan(FORM_MAX_BYTES);
    expect(pulled()).toBeLessThan(16 * 1024 * 1024 + 64 * 1024);
  });

  it("a refused small overrun is read to its end, so the client gets the 413 rather than a reset", async () => {
    const { request, pulled } = chunked(FORM_MAX_BYTES + 200 * 1024);
    expect((await statusOf(readForm(request))).status).toBe(413);
    expect(pulled()).toBeGreaterThanOrEqual(FORM_MAX_BYTES + 200 * 1024);
  });

  it("refuses a declared length over the limit without reading", async () => {
    const request = new Request("http://x.test/contact", {
      method: "POST",
      body: "a=1",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(FORM_MAX_BYTES + 1) },
    });
    expect((await statusOf(readForm(request))).status).toBe(413);
  });

  it("reads a normal form", async () => {
    const form = await readForm(
      new Request("http://x.test/contact", {
        method: "POST",
        body: new URLSearchParams({ name: "Asha", message: "Hello" }),
      }),
    );
    expect(form.get("name")).toBe("Asha");
    expect(form.get("message")).toBe("Hello");
  });
});
