import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { ErrorList, Field } from "~/components/forms";
import { ArrowLeftIcon, ShieldIcon } from "~/components/icons";
import { PasswordField } from "~/components/password-field";
import { loginSchema } from "~/lib/validation/accounts";
import { safeRedirectPath } from "~/lib/redirect";
import { handlePageLogin } from "~/services/auth.server";
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
  return null;
}

// Decision 6: credentials are checked on the server (handlePageLogin), and nowhere else.
export function action({ request, context }: Route.ActionArgs) {
  return handlePageLogin(request, context.clientAddress, "admin", (_user, redirectTo) => adminTarget(redirectTo));
}

export default function AdminLogin({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const busy =
    navigation.state !== "idle" &&
    navigation.formMethod === "POST" &&
    navigation.formAction?.startsWith("/admin/login");
  const [form, fields] = useForm({
    id: "admin-login",
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    constraint: getZodConstraint(loginSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });
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
        <Form method="post" {...getFormProps(form)} className="stack">
          <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
          {form.errors?.length ? (
            <div className="form-error" role="alert" id={form.errorId}>
              <ErrorList errors={form.errors} />
            </div>
          ) : null}
          <Field
            label="Email"
            errors={fields.email.errors}
            inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "username" }}
          />
          <PasswordField
            label="Password"
            errors={fields.password.errors}
            inputProps={{
              name: fields.password.name,
              id: fields.password.id,
              required: true,
              autoComplete: "current-password",
            }}
          />
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? "Signing In..." : "Sign In to Admin Portal"}
          </button>
        </Form>
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
