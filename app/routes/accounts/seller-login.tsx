import { Link, redirect } from "react-router";
import { AuthCard } from "~/components/auth-card";
import { GoogleSignInButton } from "~/components/google-sign-in";
import { LoginForm } from "~/components/login-form";
import { loginSchema } from "~/lib/validation/accounts";
import { safeRedirectPath } from "~/lib/redirect";
import { homeForRole } from "~/lib/permissions";
import { handlePageLogin } from "~/services/auth.server";
import { formConstraints } from "~/services/form-constraints.server";
import { googleSignInEnabled } from "~/services/google-oidc.server";
import { getSessionUser } from "~/services/session.server";
import { forwardRetryAfter } from "~/services/rate-limit.server";
import type { Route } from "./+types/seller-login";
import { privatePageMeta } from "~/lib/seo";
import { T, useLocalePath, useT } from "~/components/i18n";
import { translatorFromMatches } from "~/lib/i18n";
import { messagesFor, pageLocale } from "~/services/i18n.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(translatorFromMatches(matches)("accounts.login.metaTitle"));

export async function loader(args: Route.LoaderArgs) {
  const { request } = args;
  const locale = pageLocale(args);
  const user = await getSessionUser(request);
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  if (user) throw redirect(safeRedirectPath(redirectTo, homeForRole(user.role, locale)));
  return {
    googleEnabled: googleSignInEnabled(),
    constraint: formConstraints(loginSchema),
    messages: messagesFor(locale, ["accounts"]),
  };
}

export const headers = (args: Route.HeadersArgs) => forwardRetryAfter(args, {});

export function action(args: Route.ActionArgs) {
  const { request, context } = args;
  // A seller lands on her dashboard in her own language (her account's choice); staff on the back-office.
  return handlePageLogin(request, context.clientAddress, "seller", (user, redirectTo) =>
    safeRedirectPath(redirectTo, homeForRole(user.role, user.language)),
  );
}

export default function SellerLogin({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalePath();
  return (
    <AuthCard icon="👩‍💼" title={t("accounts.login.title")} lead={t("accounts.login.lead")}>
      <LoginForm portal="seller" lastResult={actionData?.result} constraint={loaderData.constraint} />
      {loaderData.googleEnabled ? (
        <>
          <div className="auth-divider">
            <span>{t("accounts.login.or")}</span>
          </div>
          <GoogleSignInButton />
        </>
      ) : null}
      <p className="auth-foot">
        <T
          k="accounts.login.noAccount"
          components={{ link: (text) => <Link to={to("/seller-signup")}>{text}</Link> }}
        />
      </p>
    </AuthCard>
  );
}
