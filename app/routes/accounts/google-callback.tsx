import { useEffect, useRef, useState } from "react";
import { data, Form, Link, redirect, useActionData, useSearchParams } from "react-router";
import { getDb } from "~db/client";
import type { Route } from "./+types/google-callback";
import { privatePageMeta } from "~/lib/seo";
import { useLocalePath, useT } from "~/components/i18n";
import { translateMessage } from "~/lib/form-messages";
import { translatorFromMatches } from "~/lib/i18n";
import { DEFAULT_LOCALE, localePath } from "~/lib/locales";
import { messagesFor, pageLocale } from "~/services/i18n.server";
import { GOOGLE_FAILURES, googleCallbackSchema, isGoogleFailure } from "~/lib/validation/google";
import { CALLBACK_PATH, googleSignInLanguage } from "~/services/google-oidc.server";
import { homeForRole } from "~/lib/permissions";
import { readForm } from "~/services/forms.server";
import { completeGoogleSignIn } from "~/services/auth.server";
import { getSessionUser } from "~/services/session.server";
import { sellerLanguage } from "~/models/users.server";
import { refuseCrossOrigin } from "~/services/csrf.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(translatorFromMatches(matches)("accounts.google.metaTitle"));

// Google returns to one fixed address, the English one: when the sign-in started on a Hindi or Kannada page
// (its language rides in the signed state cookie), it goes on, with the provider's answer, to the same page
// in that language, which speaks it, errors included. Once signed in (the script's exchange done), the
// address without a code sends her on to her home in her account's language.
export async function loader(args: Route.LoaderArgs) {
  const { request } = args;
  const url = new URL(request.url);
  if (!url.searchParams.has("code")) {
    const user = await getSessionUser(request);
    if (user) throw redirect(homeForRole(user.role, await sellerLanguage(getDb(), user.id)));
  }
  // The language switcher's own link on the page that was forwarded (same-origin) is her choice of
  // language: it is not sent back to the language the sign-in started in.
  if (!args.params.lang && request.headers.get("Sec-Fetch-Site") !== "same-origin") {
    const started = await googleSignInLanguage(request);
    if (started !== DEFAULT_LOCALE)
      throw redirect(`${localePath(started, CALLBACK_PATH)}${url.search}`, {
        headers: { "Cache-Control": "no-store" },
      });
  }
  return { messages: messagesFor(pageLocale(args), ["accounts"]) };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

type Me = { role: string };

/** Without JavaScript the page posts the provider's answer here (the "Continue" button): the same exchange as POST /api/sessions. */
export async function action({ request, context }: Route.ActionArgs) {
  refuseCrossOrigin(request);
  const form = Object.fromEntries(await readForm(request));
  const parsed = googleCallbackSchema.safeParse(form);
  if (!parsed.success) return data({ error: "accounts.google.noCode" }, { status: 400 });
  const result = await completeGoogleSignIn(getDb(), request, parsed.data, context.clientAddress);
  if (!result.ok) return data({ error: result.error }, { status: result.status });
  return redirect(homeForRole(result.user.role, result.user.language), { headers: result.headers });
}

/**
 * Where the provider sends the browser back. The page posts the code (with its state) to
 * POST /api/sessions once per page load, then fetches GET /api/users/me and goes on by role.
 */
export default function GoogleCallback() {
  const t = useT();
  const to = useLocalePath();
  const [params] = useSearchParams();
  const exchanged = useRef(false);
  const code = params.get("code");
  // A return without a code is known from the address alone; only the exchange's own failures are state.
  const missingCode = code
    ? null
    : params.get("error_description") || params.get("error")
      ? t("accounts.google.cancelled")
      : t("accounts.google.noCode");
  const [exchangeError, setError] = useState<string | null>(null);
  const posted = useActionData<typeof action>();
  const error = missingCode ?? (posted?.error ? translateMessage(t, posted.error) : null) ?? exchangeError;
  useEffect(() => {
    if (exchanged.current || !code) return;
    exchanged.current = true;
    (async () => {
      const response = await fetch("/api/sessions", {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ code, state: params.get("state"), iss: params.get("iss") }),
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { error?: string; reason?: unknown } | null;
        console.error(`Failed to exchange code for session token: API responded with HTTP status ${response.status}`);
        setError(isGoogleFailure(body?.reason) ? t(GOOGLE_FAILURES[body.reason]) : t("accounts.google.failed"));
        return;
      }
      const me = await fetch("/api/users/me", { credentials: "include", headers: { Accept: "application/json" } });
      if (!me.ok) {
        setError(t("accounts.google.userFailed", { status: me.status }));
        return;
      }
      const user = (await me.json()) as Me;
      // A seller's dashboard is in her language, which only the server knows: this page's loader sends her on.
      window.location.replace(user.role === "seller" ? window.location.pathname : homeForRole(user.role));
    })().catch(() => setError(t("accounts.google.failed")));
  }, [code, params, t]);

  return (
    <div className="auth-page">
      <section className="card auth-card" aria-live="polite">
        {error ? (
          <>
            <h1>{t("accounts.google.failedTitle")}</h1>
            <p className="form-error" role="alert">
              {error}
            </p>
            <p>
              <Link to={to("/seller-login")} className="btn btn-primary btn-block">
                {t("accounts.google.backToLogin")}
              </Link>
            </p>
          </>
        ) : (
          <>
            <div className="page-spinner" aria-hidden="true" />
            <h1 className="auth-center">{t("accounts.google.signingIn")}</h1>
            <noscript>
              <Form method="post" className="auth-center">
                <input type="hidden" name="code" value={code ?? ""} />
                <input type="hidden" name="state" value={params.get("state") ?? ""} />
                <input type="hidden" name="iss" value={params.get("iss") ?? ""} />
                <button type="submit" className="btn btn-primary btn-block">
                  {t("accounts.google.continue")}
                </button>
              </Form>
            </noscript>
          </>
        )}
      </section>
    </div>
  );
}
