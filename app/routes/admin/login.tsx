import { Link, redirect } from "react-router";
import { AuthCard } from "~/components/auth-card";
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
    <AuthCard
      admin
      icon={<ShieldIcon />}
      title="Admin Portal"
      lead="Sign in to manage sellers, categories, reviews and enquiries."
    >
      <LoginForm portal="admin" lastResult={actionData?.result} constraint={loaderData.constraint} />
      <p className="notice small auth-notice" role="note">
        <ShieldIcon /> This is a restricted area. Every sign-in attempt is logged with its time and address.
      </p>
      <p className="auth-foot">
        <Link to="/" className="row" style={{ gap: 6, justifyContent: "center" }}>
          <ArrowLeftIcon /> Back to Website
        </Link>
      </p>
    </AuthCard>
  );
}
