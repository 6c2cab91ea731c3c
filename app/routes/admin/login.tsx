import { Link, redirect } from "react-router";
import { ArrowLeftIcon, ShieldIcon } from "~/components/icons";
import { LoginForm } from "~/components/login-form";
import { loginSchema } from "~/lib/validation/accounts";
import { safeRedirectPath } from "~/lib/redirect";
import { handlePageLogin } from "~/services/auth.server";
import { formConstraints } from "~/services/form-constraints.server";
import { getSessionUser } from "~/services/session.server";
import type { Route } from "./+types/login";
import { privatePageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = () => privatePageMeta("Admin Login");

/** Only back into the admin portal after sign-in. */
function adminTarget(to: FormDataEntryValue | string | null): string {
  const path = safeRedirectPath(to, "/admin");
  return path === "/admin" || path.startsWith("/admin/") ? path : "/admin";
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  if (user && (user.role === "admin" || user.role === "moderator"))
    throw redirect(adminTarget(new URL(request.url).searchParams.get("redirectTo")));
  return { constraint: formConstraints(loginSchema) };
}

// Decision 6: credentials are checked on the server (handlePageLogin), and nowhere else.
export function action({ request, context }: Route.ActionArgs) {
  return handlePageLogin(request, context.clientAddress, "admin", (_user, redirectTo) => adminTarget(redirectTo));
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="auth-page auth-page-admin">
      <section className="card auth-card" aria-labelledby="admin-login-heading">
        <div className="auth-head">
          <span className="auth-icon auth-icon-admin" aria-hidden="true">
            <ShieldIcon />
          </span>
          <h1 id="admin-login-heading">Admin Portal</h1>
          <p className="muted">Sign in to manage sellers, categories, reviews and enquiries.</p>
        </div>
        <LoginForm portal="admin" lastResult={actionData?.result} constraint={loaderData.constraint} />
        <p className="notice small auth-notice" role="note">
          <ShieldIcon /> This is a restricted area. Every sign-in attempt is logged with its time and address.
        </p>
        <p className="auth-foot">
          <Link to="/" className="row" style={{ gap: 6, justifyContent: "center" }}>
            <ArrowLeftIcon /> Back to Website
          </Link>
        </p>
      </section>
    </div>
  );
}
