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

export const meta: Route.MetaFunction = () => privatePageMeta("Seller Login");

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  if (user) throw redirect(safeRedirectPath(redirectTo, homeForRole(user.role)));
  return { googleEnabled: googleSignInEnabled(), constraint: formConstraints(loginSchema) };
}

export const headers = (args: Route.HeadersArgs) => forwardRetryAfter(args, {});

export function action({ request, context }: Route.ActionArgs) {
  return handlePageLogin(request, context.clientAddress, "seller", (user, redirectTo) =>
    safeRedirectPath(redirectTo, homeForRole(user.role, user.language)),
  );
}

export default function SellerLogin({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AuthCard icon="👩‍💼" title="Seller Login" lead="Sign in to manage your listing, reviews and subscription.">
      <LoginForm portal="seller" lastResult={actionData?.result} constraint={loaderData.constraint} />
      {loaderData.googleEnabled ? (
        <>
          <div className="auth-divider">
            <span>or</span>
          </div>
          <GoogleSignInButton />
        </>
      ) : null}
      <p className="auth-foot">
        Don't have an account? <Link to="/seller-signup">Create a seller account</Link>
      </p>
    </AuthCard>
  );
}
