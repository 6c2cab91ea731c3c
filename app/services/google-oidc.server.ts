import * as oidc from "openid-client";
import { createCookie } from "react-router";
import type { DB } from "~db/client";
import { DEFAULT_LOCALE, type Locale, localeOr } from "~/lib/locales";
import { GOOGLE_FAILURES, type GoogleFailure } from "~/lib/validation/google";
import { saveOAuthState, takeOAuthState } from "~/models/oauth-states.server";
import { type AccountUser, findOrCreateGoogleUser } from "~/models/users.server";
import { removeErasedFiles } from "./account-settings.server";
import { config as siteConfig, sessionSecrets } from "./config.server";
import { logger } from "./logger.server";
import { publicOrigin } from "./public-url.server";
import { isSiteAddress } from "./reserved-addresses.server";

// "Sign in with Google" (docs/decisions/010-google-sign-in.md): OpenID Connect authorization code flow with PKCE, state
// and nonce, through openid-client (discovery, token exchange, ID token validation). The state is kept
// in the database (one use) and bound to the browser by a short-lived signed cookie, which also carries the
// language of the page she started from: Google returns to one fixed address, and the callback page speaks
// that language (it can name only one of the site's three, so it sends her nowhere else).

export const CALLBACK_PATH = "/auth/google/callback";

type Settings = { issuer: string; clientId: string; clientSecret: string };

function settings(): Settings | null {
  return siteConfig().google;
}

export function googleSignInEnabled(): boolean {
  return settings() !== null;
}

let discovered: { key: string; config: Promise<oidc.Configuration> } | undefined;

function configuration(s: Settings): Promise<oidc.Configuration> {
  const key = `${s.issuer}|${s.clientId}`;
  if (discovered?.key !== key) {
    const issuerUrl = new URL(s.issuer);
    // Plain http only for a provider on this machine (the tests' provider); real issuers are https.
    const loopback = ["127.0.0.1", "localhost", "[::1]"].includes(issuerUrl.hostname);
    const config = oidc.discovery(issuerUrl, s.clientId, s.clientSecret, undefined, {
      execute: loopback && issuerUrl.protocol === "http:" ? [oidc.allowInsecureRequests] : [],
      timeout: 10,
    });
    config.catch(() => {
      if (discovered?.config === config) discovered = undefined;
    });
    discovered = { key, config };
  }
  return discovered.config;
}

const stateCookie = () =>
  createCookie("__oauth_state", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: 600,
    secure: siteConfig().cookieSecure,
    secrets: sessionSecrets(),
  });

function redirectUri(request: Request): string {
  return `${publicOrigin(request)}${CALLBACK_PATH}`;
}

export type GoogleError = { ok: false; status: 400 | 403 | 404 | 503; error: string; reason: GoogleFailure };

function failure(status: GoogleError["status"], reason: GoogleFailure): GoogleError {
  return { ok: false, status, error: GOOGLE_FAILURES[reason], reason };
}
const notConfigured = failure(404, "not_configured");
const unavailable = failure(503, "unavailable");

/** What the state cookie holds: the state, and the language of the page the sign-in started from. */
type BrowserState = { state: string; language: Locale };

function browserStateOf(value: unknown): BrowserState | null {
  // A cookie set before the language was kept in it (a sign-in under way during an upgrade) is the state alone.
  if (typeof value === "string") return value ? { state: value, language: DEFAULT_LOCALE } : null;
  if (!value || typeof value !== "object") return null;
  const { state, language } = value as Record<string, unknown>;
  if (typeof state !== "string" || !state) return null;
  return { state, language: localeOr(language) };
}

/** The language of the page this browser started its Google sign-in from (English when none is under way). */
export async function googleSignInLanguage(request: Request): Promise<Locale> {
  return browserStateOf(await stateCookie().parse(request.headers.get("Cookie")))?.language ?? DEFAULT_LOCALE;
}

/** Starts a sign-in: the provider's authorization URL and the Set-Cookie binding its state to this browser. */
export async function startGoogleSignIn(
  db: DB,
  request: Request,
  redirectTo: string | null = null,
  language: Locale = DEFAULT_LOCALE,
): Promise<{ ok: true; redirectUrl: string; setCookie: string } | GoogleError> {
  const s = settings();
  if (!s) return notConfigured;
  let config: oidc.Configuration;
  try {
    config = await configuration(s);
  } catch {
    return unavailable;
  }
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  await saveOAuthState(db, { state, code_verifier: codeVerifier, nonce, redirect_to: redirectTo });
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri(request),
    scope: "openid email profile",
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    state,
    nonce,
  });
  return {
    ok: true,
    redirectUrl: url.href,
    setCookie: await stateCookie().serialize({ state, language } satisfies BrowserState),
  };
}

/** The provider's answer. The spec's client sends only the code: the state then comes from this browser's cookie. */
export type CallbackParams = { code: string; state?: string | null; iss?: string | null };

/**
 * Finishes a sign-in: the state must be this browser's and unused, then the code is exchanged once
 * (with the PKCE verifier) and the ID token checked. Returns the account to sign in.
 */
export async function finishGoogleSignIn(
  db: DB,
  request: Request,
  params: CallbackParams,
  clientAddress: string | null = null,
): Promise<{ ok: true; user: AccountUser; redirectTo: string | null; clearCookie: string } | GoogleError> {
  const s = settings();
  if (!s) return notConfigured;
  const clearCookie = await stateCookie().serialize("", { maxAge: 0 });
  const started = browserStateOf(await stateCookie().parse(request.headers.get("Cookie")));
  const browserState = started?.state;
  if (!browserState || (params.state != null && browserState !== params.state)) return failure(400, "wrong_browser");
  const saved = await takeOAuthState(db, browserState);
  if (!saved) return failure(400, "expired");
  let config: oidc.Configuration;
  try {
    config = await configuration(s);
  } catch {
    return unavailable;
  }
  const callbackUrl = new URL(redirectUri(request));
  callbackUrl.searchParams.set("code", params.code);
  callbackUrl.searchParams.set("state", saved.state);
  // Only one provider is configured, so an answer without `iss` (the spec's client drops it) is from it.
  callbackUrl.searchParams.set("iss", params.iss || config.serverMetadata().issuer);
  let claims: (oidc.IDToken & oidc.UserInfoResponse) | undefined;
  try {
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: saved.code_verifier,
      expectedState: saved.state,
      expectedNonce: saved.nonce ?? undefined,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    // Google puts the email in the ID token; other providers may keep it for the UserInfo endpoint.
    if (idToken && idToken.email === undefined) {
      claims = { ...idToken, ...(await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub)) };
    } else {
      claims = idToken as typeof claims;
    }
  } catch (error) {
    if (siteConfig().nodeEnv !== "test")
      logger.warn(
        { err: error instanceof Error ? error.message : String(error) },
        "Google sign-in code exchange refused",
      );
    return failure(400, "not_completed");
  }
  if (!claims) return failure(400, "not_completed");
  const email = typeof claims.email === "string" ? claims.email : null;
  const result = await findOrCreateGoogleUser(
    db,
    {
      sub: String(claims.sub),
      email,
      emailVerified: claims.email_verified === true,
      name: typeof claims.name === "string" ? claims.name : null,
    },
    // a new account speaks the language of the page she started from
    { ip: clientAddress, reservedEmail: email !== null && isSiteAddress(email), language: started?.language },
  );
  if (result.ok && result.erased) await removeErasedFiles(db, result.erased);
  if (!result.ok) {
    if (result.reason === "reserved_email") return failure(400, "reserved_email");
    return failure(
      403,
      result.reason === "staff_account"
        ? "staff_account"
        : result.reason === "inactive"
          ? "inactive"
          : "unverified_email",
    );
  }
  return { ok: true, user: result.user, redirectTo: saved.redirect_to, clearCookie };
}
