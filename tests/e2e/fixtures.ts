import { createHash, createHmac, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import {
  type APIResponse,
  test as base,
  type BrowserContext,
  type BrowserContextOptions,
  type CDPSession,
  expect,
  type Page,
} from "@playwright/test";
import { createCookie } from "react-router";
import type { QuoteMatchStatus, Role } from "~db/schema";
import { hashPassword } from "~/services/password.server";
import { type DB, openDatabase } from "~db/client";
import { createReviewRow, createSeller, type SellerFactoryInput } from "~db/seed/factories";
import { applicationToPay as applicationWithFee } from "../support/payments";
import { ADDRESS_CAPACITY, addressOf, serial, WORD_CAPACITY, wordOf } from "../support/unique";

let sharedDb: DB | undefined;
/** The e2e server's own SQLite file, opened by the tests to create their data (WAL allows both). */
export function e2eDb(): DB {
  sharedDb ??= openDatabase(process.env.E2E_DATABASE_PATH!);
  return sharedDb;
}

/**
 * A client address of this test alone (198.18.0.0/15, never routed; only sent as X-Forwarded-For), so
 * per-client rate limits never count two tests together: serial, not random, across all workers.
 */
export function uniqueClientAddress(): string {
  return addressOf(serial(process.env.E2E_RUN_DIR!, "address", ADDRESS_CAPACITY));
}

/**
 * A word no other call of the run returns, nor one within the search's typo tolerance of it (for the
 * same prefix): a test finds its own data, and only it, in the shared database (tests/support/unique.ts).
 */
export function uniqueWord(prefix = "t"): string {
  return `${prefix}${wordOf(serial(process.env.E2E_RUN_DIR!, "word", WORD_CAPACITY))}`;
}

/**
 * A test that sends its requests without a page (`request`, `page.request`: statuses, headers, stored
 * rows) is an HTTP test, not a flow with or without JavaScript: tagged so, it runs once, in the "http"
 * project (tests/playwright.config.ts), and is counted there. Prefer a unit test against the built
 * server (`startSite`) for new ones.
 */
export const HTTP_ONLY = { tag: "@http" };

/**
 * For a test that computes the Indian date ("today") and has the server compute it again later: when
 * the next midnight in India (18:30 UTC) falls within the test's time, waits for it to pass first, so the
 * test and the server see one date. The server's clock cannot be set from here.
 */
export async function awayFromIndianMidnight(): Promise<void> {
  const info = test.info();
  const now = Date.now();
  const day = 86_400_000;
  const offset = 5.5 * 3_600_000;
  const nextMidnight = Math.floor((now + offset) / day) * day + day - offset;
  const margin = info.timeout + 5_000;
  if (nextMidnight - now > margin) return;
  info.setTimeout(info.timeout + (nextMidnight - now) + 1_000);
  await new Promise((resolve) => setTimeout(resolve, nextMidnight - now + 1));
}

/** A browser context's options, and the client it is (default: the test's own; `uniqueClientAddress()` for another). */
export type ClientContextOptions = BrowserContextOptions & { clientAddress?: string };
/** The `clientContext` fixture, for a helper that opens contexts. */
export type ClientContext = (options?: ClientContextOptions) => Promise<BrowserContext>;

type Fixtures = {
  /** This test's client address (X-Forwarded-For of its page, its context, its `request` and `clientContext`s). */
  clientAddress: string;
  /**
   * Opens another browser context (a second person, a fresh browser) for this test's client: its
   * X-Forwarded-For, and the project's baseURL unless `options` say otherwise; closed when the test ends. The one
   * way a test opens a context (eslint.config.js refuses `newContext` in the tests), so none shares another
   * test's rate-limit bucket by forgetting the header.
   */
  clientContext: ClientContext;
  db: DB;
  makeSeller: (input?: SellerFactoryInput) => Promise<number>;
  makeReview: typeof createReviewRow extends (db: DB, ...rest: infer R) => infer T ? (...args: R) => T : never;
  jsEnabled: boolean;
};

/** The header that makes a request come from `address` (the e2e server trusts loopback's X-Forwarded-For). */
function fromClient(address: string): Record<string, string> {
  return { "X-Forwarded-For": address };
}

export const test = base.extend<Fixtures>({
  // Each test is its own client (for the per-client rate limits), via X-Forwarded-For to a server trusting
  // loopback. The header is put on the context once it exists rather than given as a context option: an option
  // that differs per test would make each test a new context, where the flow projects reuse one per worker
  // (reuseContext, tests/playwright.config.ts).
  clientAddress: async ({}, use) => {
    await use(uniqueClientAddress());
  },
  context: async ({ context, clientAddress }, use) => {
    await context.setExtraHTTPHeaders(fromClient(clientAddress));
    await use(context);
  },
  request: async ({ playwright, clientAddress }, use) => {
    const request = await playwright.request.newContext({ extraHTTPHeaders: fromClient(clientAddress) });
    await use(request);
    await request.dispose();
  },
  clientContext: async ({ browser, baseURL, clientAddress }, use) => {
    const opened: BrowserContext[] = [];
    await use(async ({ clientAddress: address = clientAddress, ...options } = {}) => {
      const context = await browser.newContext({
        baseURL,
        ...options,
        extraHTTPHeaders: { ...options.extraHTTPHeaders, ...fromClient(address) },
      });
      opened.push(context);
      return context;
    });
    await Promise.all(opened.map((context) => context.close()));
  },
  db: async ({}, use) => {
    await use(e2eDb());
  },
  makeSeller: async ({ db }, use) => {
    await use((input) => createSeller(db, input));
  },
  makeReview: async ({ db }, use) => {
    await use((sellerId, input) => createReviewRow(db, sellerId, input));
  },
  jsEnabled: async ({ javaScriptEnabled }, use) => {
    await use(javaScriptEnabled !== false);
  },
});

export { expect };

/** A refused API call: its exact status and its exact message. */
export async function expectRefused(res: APIResponse, status: number, message: string) {
  expect(res.status()).toBe(status);
  const body = await res.json();
  expect(body.error).toBe(message);
}

export const E2E_SESSION_SECRET = "e2e-session-secret-not-for-production";

/**
 * The signed unsubscribe link the server puts in each newsletter mail, computed here independently
 * (HMAC-SHA256 of "newsletter-unsubscribe:v1\n" + email with the server's SESSION_SECRET, base64url).
 */
export function unsubscribePath(email: string, token?: string): string {
  const address = email.trim().toLowerCase();
  const signed =
    token ??
    createHmac("sha256", E2E_SESSION_SECRET).update(`newsletter-unsubscribe:v1\n${address}`).digest("base64url");
  return `/newsletter/unsubscribe?${new URLSearchParams({ email: address, token: signed })}`;
}

/**
 * The signed email-verification link of an account, computed here independently (HMAC-SHA256 of
 * "email-verification:v1\n" + "id\nemail\nexpires" with the server's SESSION_SECRET, base64url).
 */
export function verifyEmailPath(
  user: { id: number; email: string },
  expires = Math.floor(Date.now() / 1000) + 3600,
  token?: string,
): string {
  const signed =
    token ??
    createHmac("sha256", E2E_SESSION_SECRET)
      .update(`email-verification:v1\n${user.id}\n${user.email.toLowerCase()}\n${expires}`)
      .digest("base64url");
  return `/verify-email?${new URLSearchParams({ id: String(user.id), expires: String(expires), token: signed })}`;
}

/** An enquiry row as the contact form stores it (status new unless told). */
export async function createEnquiryRow(
  db: DB,
  input: {
    name?: string;
    email?: string;
    mobile?: string | null;
    query_type?: string;
    subject?: string | null;
    message?: string;
    status?: "new" | "in_progress" | "resolved" | "closed";
    created_at?: string;
  } = {},
) {
  const stamp = input.created_at ?? new Date().toISOString();
  const row = await db
    .insertInto("enquiries")
    .values({
      name: input.name ?? "Asha Rao",
      email: input.email ?? `${uniqueWord("enq")}@example.test`,
      mobile: input.mobile ?? null,
      query_type: input.query_type ?? "General Inquiry",
      subject: input.subject ?? null,
      message: input.message ?? "I would like to know more about listing my shop.",
      status: input.status ?? "new",
      created_at: stamp,
      updated_at: stamp,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

// One real password hash per password and test worker, shared by the many accounts that use it.
const passwordHashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  if (!passwordHashes.has(password)) passwordHashes.set(password, hashPassword(password));
  return passwordHashes.get(password)!;
};

/** Creates a user with a known password (rows written straight to the e2e database). */
export async function createUser(db: DB, input: { role: Role; email?: string; password?: string; name?: string }) {
  const email = input.email ?? `${uniqueWord(input.role)}@example.test`;
  const password = input.password ?? "Correct-Horse-42";
  const stamp = new Date().toISOString();
  const row = await db
    .insertInto("users")
    .values({
      email,
      name: input.name ?? "Test User",
      role: input.role,
      password_hash: await hashOf(password),
      mobile: "+919876543210",
      is_active: 1,
      created_at: stamp,
      updated_at: stamp,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, email, password };
}

/**
 * Signs a browser context in as a new user of the role without the UI: a session row plus the signed
 * cookie the server expects. Sign-in flows themselves are tested through their pages.
 */
export async function signInAs(context: BrowserContext, role: Role, db: DB = e2eDb()) {
  const user = await createUser(db, { role });
  const id = randomBytes(32).toString("base64url");
  const now = new Date();
  await db
    .insertInto("sessions")
    .values({
      id,
      user_id: user.id,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + 86_400_000).toISOString(),
      ip: null,
      user_agent: "e2e",
    })
    .execute();
  const signed = await createCookie("__session", { secrets: [E2E_SESSION_SECRET] }).serialize(id);
  const value = signed.split(";")[0].split("=").slice(1).join("=");
  await context.addCookies([
    { name: "__session", value, url: process.env.E2E_BASE_URL!, httpOnly: true, sameSite: "Lax" },
  ]);
  return { ...user, sessionId: id, cookieHeader: `__session=${value}` };
}

/**
 * Whether the page runs scripts: the project's setting (the axe walk reads each page in its project's own
 * context, so a page of the js-off project is a page without JavaScript).
 */
function scriptsRun(): boolean {
  return test.info().project.use.javaScriptEnabled !== false;
}

// A page without JavaScript (Playwright's `javaScriptEnabled: false`, Chromium's script execution off) still
// answers an evaluation sent over the DevTools protocol, and its microtasks run, but no task of its own is
// ever scheduled: a timer, an animation frame or an event listener of the page's world never fires, and
// axe-core waits on `setTimeout(…, 0)` between its rules. So axe and the settle run there in an isolated
// world (as a browser extension's content script does: the same DOM and computed styles, globals of its
// own), where animation frames do fire, with timers made of microtasks and frames. The page itself stays as
// a visitor without JavaScript gets it: inline scripts never ran, `<noscript>` is rendered, `(scripting:
// none)` matches.
const ISOLATED_WORLD = "a11y-walk";
const sessions = new WeakMap<Page, Promise<CDPSession>>();

/** Timers for the isolated world: delay 0 as a microtask, a longer one on animation frames; cancellable. */
const ISOLATED_TIMERS = `(() => {
  if (globalThis.__walkTimers) return;
  globalThis.__walkTimers = true;
  const live = new Map();
  let next = 1;
  const tick = () => {
    const now = performance.now();
    for (const [id, timer] of live)
      if (timer.due <= now) {
        live.delete(id);
        timer.run();
      }
    if (live.size) requestAnimationFrame(tick);
  };
  globalThis.setTimeout = (fn, ms = 0, ...args) => {
    const id = next++;
    const run = () => (typeof fn === "function" ? fn(...args) : undefined);
    if (!(ms > 0)) {
      live.set(id, { due: Infinity, run });
      queueMicrotask(() => live.delete(id) && run());
    } else {
      live.set(id, { due: performance.now() + ms, run });
      requestAnimationFrame(tick);
    }
    return id;
  };
  globalThis.clearTimeout = (id) => void live.delete(id);
})();`;

async function isolatedEvaluate<R, A>(page: Page, fn: string | ((arg: A) => R | Promise<R>), arg?: A): Promise<R> {
  if (!sessions.has(page)) sessions.set(page, page.context().newCDPSession(page));
  const cdp = await sessions.get(page)!;
  const { frameTree } = await cdp.send("Page.getFrameTree");
  // One world per name and document: the same world again on the same document, a new one after a navigation.
  const { executionContextId } = await cdp.send("Page.createIsolatedWorld", {
    frameId: frameTree.frame.id,
    worldName: ISOLATED_WORLD,
  });
  const answer =
    typeof fn === "string"
      ? await cdp.send("Runtime.evaluate", {
          expression: `${ISOLATED_TIMERS}\n${fn}`,
          contextId: executionContextId,
        })
      : await cdp.send("Runtime.callFunctionOn", {
          functionDeclaration: `function (arg) { ${ISOLATED_TIMERS}\nreturn (${fn.toString()})(arg); }`,
          executionContextId,
          arguments: [{ value: arg }],
          awaitPromise: true,
          returnByValue: true,
        });
  if (answer.exceptionDetails)
    throw new Error(
      `in the page's isolated world: ${answer.exceptionDetails.exception?.description ?? answer.exceptionDetails.text}`,
    );
  return answer.result.value as R;
}

/**
 * Runs `fn` (or a script's source) on the page: in the page's own world when it runs scripts, in an
 * isolated world when it does not (see above). `fn` is sent as its source, as `page.evaluate` sends it.
 */
export async function inPage<R, A>(page: Page, fn: string | ((arg: A) => R | Promise<R>), arg?: A): Promise<R> {
  if (!scriptsRun()) return isolatedEvaluate(page, fn, arg);
  if (typeof fn === "string") return (await page.evaluate(fn)) as R;
  return page.evaluate(fn as (arg: unknown) => R | Promise<R>, arg as unknown);
}

/**
 * Waits until what axe measures is what a visitor sees in `pass` (the theme and width just emulated): the
 * document (reached by a click or a form post as much as by goto) has loaded with every stylesheet
 * applied, the page sees the pass's width and colour scheme, no transition is pending or running, and the
 * body's text is the theme's `--c-text`. Without it a page read before its CSS arrives shows the desktop
 * navigation unstyled at 390 px, and one read mid-way between themes shows a colour of each
 * (docs/testing.md, "Waits").
 */
export async function settleForAxe(page: Page, pass: AxePass) {
  await page.waitForLoadState("load");
  const unsettled = await inPage(
    page,
    async ({ colorScheme, width }) => {
      const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
      await Promise.all(
        links
          .filter((link) => !link.sheet)
          .map(
            (link) =>
              new Promise((resolve) => {
                link.addEventListener("load", resolve, { once: true });
                link.addEventListener("error", resolve, { once: true });
              }),
          ),
      );
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      // A bound, so a page that never settles fails with what it is waiting for, not the test's timeout.
      for (let frames = 0; frames < 600; frames++) {
        if (innerWidth !== width || !matchMedia(`(prefers-color-scheme: ${colorScheme})`).matches) {
          await frame();
          continue;
        }
        // Style is worked out lazily: a change of scheme or width starts its transitions at the next style
        // update, so one is forced, and a frame let pass, before the transitions are collected. The check
        // is repeated until none is left: a transition of an inherited property (colour) makes the
        // children's transitions start only when it ends, a level of the page per frame.
        void document.documentElement.offsetWidth;
        await frame();
        const transitions = document.getAnimations().filter((a) => a instanceof CSSTransition);
        if (transitions.length) {
          await Promise.all(transitions.map((a) => a.finished.catch(() => undefined)));
          continue;
        }
        // The known colour: the body's text against the theme's token, resolved in the scheme the page
        // shows (a theme the visitor chose, data-theme, wins over the emulated one).
        const probe = document.createElement("span");
        probe.style.colorScheme = document.documentElement.dataset.theme ?? colorScheme;
        probe.style.color = "var(--c-text)";
        document.body.append(probe);
        const token = getComputedStyle(probe).color;
        probe.remove();
        const body = getComputedStyle(document.body).color;
        if (body === token) return null;
        await frame();
      }
      return `the page did not settle on ${colorScheme} at ${width} px: innerWidth ${innerWidth}, scheme matches ${matchMedia(`(prefers-color-scheme: ${colorScheme})`).matches}, ${document.getAnimations().length} animations, body colour ${getComputedStyle(document.body).color}`;
    },
    { colorScheme: pass.colorScheme, width: pass.size.width },
  );
  if (unsettled) throw new Error(unsettled);
}

export type AxePass = { colorScheme: "light" | "dark"; size: { width: number; height: number } };

/**
 * The theme and width pairs axe checks a page in. Each project checks two complementary pairs, so every
 * page is seen in both themes and at both widths in each project, and in all four pairs across the two
 * projects — at half the cost of four passes in each (axe is most of the browser run's time).
 *
 * `state`: another state of a template already walked (an error, an empty list, a notice on the same
 * card: the walk's `sameLayoutAs`) gets one pair per project, again complementary — light on a phone
 * with JavaScript, dark on a desktop without — so it too is read in both themes and at both widths.
 */
/** What a walk or flow reads: a template, a state of it (by a click or post, or by its address), or a flow's page. */
export type AxeKind = "template" | "state" | "loaded state" | "flow";

export function axePasses(jsEnabled: boolean, kind: AxeKind = "flow"): AxePass[] {
  const phone = { width: 390, height: 844 };
  const desktop = { width: 1280, height: 800 };
  // A state reached by its address alone is walked in one project only (a11y.spec.ts), so both pairs there.
  if (kind === "loaded state")
    return [
      { colorScheme: "light", size: phone },
      { colorScheme: "dark", size: desktop },
    ];
  if (kind === "state")
    return [jsEnabled ? { colorScheme: "light", size: phone } : { colorScheme: "dark", size: desktop }];
  return jsEnabled
    ? [
        { colorScheme: "light", size: phone },
        { colorScheme: "dark", size: desktop },
      ]
    : [
        { colorScheme: "dark", size: phone },
        { colorScheme: "light", size: desktop },
        // A tablet's width, between the phone and the desktop layouts, once per template: in the
        // no-JavaScript walk (the server's HTML, no page load of its own), not in every flow's
        // expectNoA11yViolations, nor for a second state of a template already seen at that width.
        ...(kind === "template" ? [{ colorScheme: "dark" as const, size: { width: 768, height: 1024 } }] : []),
      ];
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * axe-core with every rule of the walk (WCAG 2.2's target-size included), violations as lines; the ids
 * of the rules axe could not decide ("incomplete", for a person to review) go into `incomplete`.
 */
async function axeViolations(page: Page, incomplete?: Set<string>): Promise<string[]> {
  // axe-core's source is evaluated once per document (a third of a pass's time: the next passes on the same
  // page reuse it; a navigation brings a new document without it), and axe.run called in it. No frame is
  // walked: the only one the site has is the video dialog's, a third party's page, and it is closed here.
  if (!(await inPage(page, () => "axe" in window))) await inPage(page, AXE_SOURCE);
  const results = await inPage(page, async () => {
    const { axe } = window as unknown as { axe: typeof import("axe-core") };
    const run = await axe.run(document, {
      iframes: false,
      resultTypes: ["violations"],
      rules: { "target-size": { enabled: true } },
    });
    // The first node's own message too (for color-contrast: the two colours and the ratio), so a failure
    // in CI says what axe measured.
    return {
      violations: run.violations.map(
        (v) =>
          `${v.impact} ${v.id}: ${v.help} (${v.nodes
            .map((n) => n.target.join(" "))
            .slice(0, 4)
            .join(", ")}): ${[...v.nodes[0].any, ...v.nodes[0].all, ...v.nodes[0].none]
            .map((check) => check.message)
            .join(" ")} in ${v.nodes[0].html.slice(0, 200)}`,
      ),
      incomplete: run.incomplete.map((rule) => rule.id),
    };
  });
  for (const id of results.incomplete) incomplete?.add(id);
  return results.violations;
}

/**
 * axe in each of the project's theme and width pairs (`axePasses`), on the page as it stands; violations
 * as lines, and the ids of the undecided rules of any pass added to `incomplete`.
 */
export async function violationsInPasses(
  page: Page,
  jsEnabled: boolean,
  incomplete?: Set<string>,
  kind: AxeKind = "flow",
): Promise<string[]> {
  return violationsIn(page, axePasses(jsEnabled, kind), incomplete);
}

/** axe in the given theme and width pairs, on the page as it stands (a walk that needs fewer passes). */
export async function violationsIn(page: Page, passes: AxePass[], incomplete?: Set<string>): Promise<string[]> {
  const found: string[] = [];
  // axe-core never looks inside <noscript> (in a browser with scripts it is not shown), so without
  // JavaScript, where it is what the visitor gets, its content is unwrapped into a span: the same inline
  // box around the same elements, now read by axe.
  if (!scriptsRun())
    await inPage(page, () => {
      for (const wrapper of document.querySelectorAll("noscript")) {
        const span = document.createElement("span");
        span.append(...wrapper.childNodes);
        wrapper.replaceWith(span);
      }
    });
  for (const { colorScheme, size } of passes) {
    await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
    await page.setViewportSize(size);
    await settleForAxe(page, { colorScheme, size });
    for (const line of await axeViolations(page, incomplete)) found.push(`[${colorScheme} ${size.width}px] ${line}`);
    // Not axe's, but as much a barrier on a phone: a page wider than the screen scrolls sideways.
    const overflow = await inPage(page, () => {
      const width = document.documentElement.clientWidth;
      const excess = document.documentElement.scrollWidth - width;
      if (excess <= 0) return null;
      // Name the elements that stick out while their parent does not: where the fix goes.
      const culprits = [...document.body.querySelectorAll("*")]
        .filter(
          (el) => el.getBoundingClientRect().right > width + 0.5 && el.checkVisibility({ visibilityProperty: true }),
        )
        .filter((el) => {
          // Inside a scroller (a table's wrapper, the back-office menu) sticking out is what it is for.
          for (let up = el.parentElement; up && up !== document.body; up = up.parentElement)
            if (getComputedStyle(up).overflowX !== "visible") return false;
          return true;
        })
        .filter((el) => !el.parentElement || el.parentElement.getBoundingClientRect().right <= width + 0.5)
        .slice(0, 3)
        .map(
          (el) =>
            `${el.tagName.toLowerCase()}${el.className && typeof el.className === "string" ? `.${el.className.trim().split(/\s+/).join(".")}` : ""} "${(el.textContent ?? "").trim().slice(0, 40)}"`,
        );
      return { excess, culprits };
    });
    if (overflow)
      found.push(
        `[${colorScheme} ${size.width}px] the page is ${overflow.excess} px wider than the screen: ${overflow.culprits.join(", ")}`,
      );
  }
  return found;
}

/**
 * Fails on an axe-core violation of any impact in the page as it is now, with JavaScript on (the pages
 * without it are walked by tests/e2e/a11y.spec.ts). For states a page reaches after an interaction; the
 * plain pages are walked in a11y.spec.ts.
 */
export async function expectNoA11yViolations(page: Page) {
  // Kept to the js-on project for CI's time; the no-JavaScript states are the walk's own entries.
  if (test.info().project.use.javaScriptEnabled === false)
    throw new Error("expectNoA11yViolations needs JavaScript on: call it `if (jsEnabled)`");
  // Two axe runs over a page that may list hundreds of rows the other tests made: each call brings its
  // own time, so a test that checks three states does not share one 30 s budget with its clicks.
  test.info().setTimeout(test.info().timeout + 15_000);
  // The same bar as a11y.spec.ts: its theme and width pairs, target-size included.
  const viewport = page.viewportSize();
  const found = await violationsInPasses(page, true);
  await page.emulateMedia({ colorScheme: null, reducedMotion: null });
  if (viewport) await page.setViewportSize(viewport);
  expect(found).toEqual([]);
}

/** The sign-in second-step audit actions of an account, oldest first (admin.second_factor.success|failure|throttled). */
export async function secondFactorAudit(db: DB, userId: number): Promise<{ action: string; details: string | null }[]> {
  return db
    .selectFrom("audit_log")
    .select(["action", "details"])
    .where("actor_user_id", "=", userId)
    .where("action", "in", [
      "admin.second_factor.success",
      "admin.second_factor.failure",
      "admin.second_factor.throttled",
    ])
    .orderBy("id")
    .execute();
}

export async function categoryId(db: DB, slug: string): Promise<number> {
  const row = await db.selectFrom("categories").select("id").where("slug", "=", slug).executeTakeFirstOrThrow();
  return row.id;
}

/** Signs in through a login page's form (seller or admin door), as a person would. */
export async function signInWithForm(
  page: Page,
  door: "/seller-login" | "/admin/login",
  email: string,
  password: string,
) {
  await page.goto(door);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page
    .getByRole("button", { name: door === "/admin/login" ? "Sign In to Admin Portal" : "Sign In", exact: true })
    .click();
}

/** The current __session cookie of a browser context, as a Cookie header value (or null). */
export async function sessionCookieHeader(context: BrowserContext): Promise<string | null> {
  const cookie = (await context.cookies()).find((c) => c.name === "__session");
  return cookie ? `__session=${cookie.value}` : null;
}

/** A link of the account pages signed here independently, as the server signs them (HMAC-SHA256 with its SESSION_SECRET). */
function signedLink(path: string, purpose: string, message: string, query: Record<string, string>): string {
  const token = createHmac("sha256", E2E_SESSION_SECRET).update(`${purpose}\n${message}`).digest("base64url");
  return `${path}?${new URLSearchParams({ ...query, token })}`;
}

/** The "Forgot password?" link of an account (signed over its id, email, expiry and a digest of its password hash). */
export async function resetPasswordPath(db: DB, userId: number, expires = Math.floor(Date.now() / 1000) + 600) {
  const user = await db
    .selectFrom("users")
    .select(["email", "password_hash"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  const digest = createHash("sha256")
    .update(user.password_hash ?? "no-password")
    .digest("base64url");
  return signedLink("/reset-password", "password-reset:v1", `${userId}\n${user.email}\n${expires}\n${digest}`, {
    id: String(userId),
    expires: String(expires),
  });
}

/** The link mailed to a new email address of an account. */
export function emailChangePath(user: { id: number; email: string }, to: string) {
  const expires = Math.floor(Date.now() / 1000) + 600;
  return signedLink("/confirm-email-change", "email-change:v1", `${user.id}\n${user.email}\n${to}\n${expires}`, {
    id: String(user.id),
    email: to,
    expires: String(expires),
  });
}

/** The link that confirms the deletion of an account without a password. */
export function accountDeletionPath(user: { id: number; email: string }) {
  const expires = Math.floor(Date.now() / 1000) + 600;
  return signedLink("/confirm-account-deletion", "account-deletion:v1", `${user.id}\n${user.email}\n${expires}`, {
    id: String(user.id),
    expires: String(expires),
  });
}

/** The newest link to `path` mailed to an address (through the outbox), waiting for it to be queued. */
export async function mailedLink(db: DB, to: string, path: string): Promise<string> {
  let link = "";
  await expect
    .poll(async () => {
      const mails = await db
        .selectFrom("mail_outbox")
        .select("text_body")
        .where("to_address", "=", to)
        .orderBy("id", "desc")
        .execute();
      link = mails.map((m) => new RegExp(`https?://\\S+${path}\\?\\S+`).exec(m.text_body)?.[0]).find(Boolean) ?? "";
      return link;
    })
    .not.toBe("");
  return link;
}

/** A seller's answer to a request for quotes, or her "not for me", or neither yet (`sent`). */
export type QuoteMatch = { sellerId: number; status: QuoteMatchStatus; answer?: string; price?: number };

/**
 * A request for quotes and its signed confirmation link, computed here independently (HMAC-SHA256 of
 * "quote-request:v1\n" + "id\nemail\nexpires" with the server's SESSION_SECRET, base64url): pending, or,
 * given `matches`, confirmed and sent to those sellers, with their answers.
 */
export async function quoteRequestPath(db: DB, matches?: QuoteMatch[]): Promise<string> {
  const email = `${uniqueWord("quote")}@example.in`;
  const stamp = new Date().toISOString();
  const row = await db
    .insertInto("quote_requests")
    .values({
      category_id: await categoryId(db, "fashion-and-apparel"),
      city: "Pune",
      locality: "Kothrud",
      need: "Six blouses stitched",
      needed_by: "2030-01-01",
      budget_min: null,
      budget_max: 3000,
      name: "Asha",
      email,
      mobile: null,
      language: "en-IN",
      from_seller_id: null,
      created_at: stamp,
      ...(matches ? { status: "open" as const, confirmed_at: stamp } : {}),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (matches?.length)
    await db
      .insertInto("quote_matches")
      .values(
        matches.map((m, i) => ({
          request_id: row.id,
          seller_id: m.sellerId,
          position: i + 1,
          status: m.status,
          matched_at: stamp,
          replied_at: m.status === "sent" ? null : stamp,
          answer: m.answer ?? null,
          price: m.price ?? null,
        })),
      )
      .execute();
  const expires = Math.floor(Date.now() / 1000) + 3600;
  const token = createHmac("sha256", E2E_SESSION_SECRET)
    .update(`quote-request:v1\n${row.id}\n${email}\n${expires}`)
    .digest("base64url");
  return `/quote-request?${new URLSearchParams({ id: String(row.id), expires: String(expires), token })}`;
}

/**
 * An invitation to review a seller (docs/decisions/222-reviews-people-can-trust.md), made `daysAgo` days ago and
 * used or not, and its link (the token signed here as the server signs it).
 */
export async function reviewInvitation(
  sellerId: number,
  {
    customerName = null,
    daysAgo = 0,
    used = false,
  }: { customerName?: string | null; daysAgo?: number; used?: boolean } = {},
): Promise<string> {
  const made = new Date(Date.now() - daysAgo * 86_400_000);
  const row = await e2eDb()
    .insertInto("review_invitations")
    .values({
      seller_id: sellerId,
      customer_name: customerName,
      created_at: made.toISOString(),
      expires_at: new Date(made.getTime() + 30 * 86_400_000).toISOString(),
      used_at: used ? new Date().toISOString() : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const token = createHmac("sha256", E2E_SESSION_SECRET).update(`review-invitation:v1\n${row.id}`).digest("base64url");
  return `/write-a-review/${row.id}/${token}`;
}

/** A token of the server's mailed links (`signToken`: HMAC-SHA256 of purpose + message), computed here independently. */
function mailToken(purpose: string, message: string): string {
  return createHmac("sha256", E2E_SESSION_SECRET)
    .update(purpose + message)
    .digest("base64url");
}

/** A listing's signed "Pay ₹X now" link (after applying; `renewal` from the reminder mails and the dashboard). */
export function payLinkPath(purpose: "application" | "renewal", sellerId: number): string {
  return `/pay?${new URLSearchParams({ [purpose]: String(sellerId), token: mailToken(`pay-${purpose}`, String(sellerId)) })}`;
}

/** An application waiting for its fee, under a name of its own. */
export function applicationToPay(db: DB, fields: SellerFactoryInput = {}): Promise<number> {
  return applicationWithFee(db, { business_name: uniqueWord("pay"), ...fields });
}

/**
 * The receipt link of a listing's fee paid online (a payment row as the webhook leaves it, written here):
 * the link of the receipt mail, signed for the payment's reference.
 */
export async function paidReceiptPath(db: DB): Promise<string> {
  const sellerId = await applicationToPay(db, { is_paid: 1, payment_status: "paid", owner_name: "Lakshmi Menon" });
  const stamp = new Date().toISOString();
  const reference = `bwp-a${sellerId}-${uniqueWord("r")}`;
  await db
    .insertInto("payments")
    .values({
      seller_id: sellerId,
      purpose: "application",
      reference,
      gateway: "razorpay",
      link_id: `plink_${uniqueWord("l")}`,
      amount_paise: 149_900,
      currency: "INR",
      months: 6,
      expires_at: stamp,
      status: "paid",
      gateway_payment_id: `pay_${uniqueWord("p")}`,
      method: "upi",
      paid_at: stamp,
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  return `/payments/receipt/${encodeURIComponent(reference)}?${new URLSearchParams({ token: mailToken("payment-receipt", reference) })}`;
}

/**
 * The walks' page (the axe walks, the pseudo-language walk): one browser context and page per worker,
 * each test starting from no cookies, no permissions, its own client address, and no stored data (cleared
 * when the test before it ends). Those walks only open pages and read them, in one context the site's
 * scripts and axe's are compiled once per worker rather than once per test, and no context is made per
 * test (docs/testing.md, "Where CI's time goes"). A failed test ends its worker, so the next starts afresh.
 */
export const walkTest = test.extend<object, { walkPage: Page }>({
  walkPage: [
    async ({ browser }, use, workerInfo) => {
      const { javaScriptEnabled, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL } =
        workerInfo.project.use;
      const context = await browser.newContext({
        javaScriptEnabled,
        viewport,
        userAgent,
        deviceScaleFactor,
        isMobile,
        hasTouch,
        baseURL,
      });
      await use(await context.newPage());
      await context.close();
    },
    { scope: "worker" },
  ],
  context: async ({ walkPage }, use) => {
    await use(walkPage.context());
  },
  page: async ({ walkPage, clientAddress }, use) => {
    const context = walkPage.context();
    await context.clearCookies();
    await context.clearPermissions();
    await context.setExtraHTTPHeaders(fromClient(clientAddress));
    await use(walkPage);
    // What a page stored stays with its origin (each walk site's own): cleared for the next test.
    if (/^https?:/.test(walkPage.url()))
      await inPage(walkPage, () => {
        localStorage.clear();
        sessionStorage.clear();
      });
  },
});

/**
 * A review written with an address (docs/decisions/222-reviews-people-can-trust.md) and its signed link, computed
 * here independently (HMAC-SHA256 of "review-confirm:v1\n" or "review-manage:v1\n" + "id\nemail\nexpires"):
 * the confirmation link of an unconfirmed review, or either link of a confirmed one.
 */
export async function reviewerLinkPath(
  db: DB,
  link: "confirm" | "manage",
  confirmed = link === "manage",
): Promise<string> {
  const word = uniqueWord("reviewer");
  const email = `${word}@example.in`;
  const sellerId = await createSeller(db, { business_name: `${word} Tailors`, is_verified: 1 });
  const id = await createReviewRow(db, sellerId, { reviewer_name: "Meena", status: "pending" });
  await db
    .updateTable("reviews")
    .set({ reviewer_email: email, email_confirmed_at: confirmed ? new Date().toISOString() : null })
    .where("id", "=", id)
    .execute();
  const expires = Math.floor(Date.now() / 1000) + 3600;
  const token = mailToken(`review-${link}:v1\n`, `${id}\n${email}\n${expires}`);
  const path = link === "confirm" ? "/review-confirm" : "/my-review";
  return `${path}?${new URLSearchParams({ id: String(id), expires: String(expires), token })}`;
}
