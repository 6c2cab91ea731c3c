import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { ErrorList, Field } from "~/components/forms";
import { GoogleSignInButton } from "~/components/google-sign-in";
import { PasswordField } from "~/components/password-field";
import { loginSchema } from "~/lib/validation/accounts";
import { safeRedirectPath } from "~/lib/redirect";
import { useClientValidation } from "~/lib/use-client-validation";
import { homeForRole } from "~/lib/permissions";
import { handlePageLogin } from "~/services/auth.server";
import { formConstraints } from "~/services/form-constraints.server";
import { googleSignInEnabled } from "~/services/google-oidc.server";
import { getSessionUser } from "~/services/session.server";
import type { Route } from "./+types/seller-login";
import { privatePageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = () => privatePageMeta("Seller Login");

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  if (user) throw redirect(safeRedirectPath(redirectTo, homeForRole(user.role)));
  return { googleEnabled: googleSignInEnabled(), constraint: formConstraints(loginSchema) };
}

export function action({ request, context }: Route.ActionArgs) {
  return handlePageLogin(request, context.clientAddress, "seller", (user, redirectTo) =>
    safeRedirectPath(redirectTo, homeForRole(user.role)),
  );
}

export default function SellerLogin({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const busy =
    navigation.state !== "idle" &&
    navigation.formMethod === "POST" &&
    navigation.formAction?.startsWith("/seller-login");
  const validation = useClientValidation("login");
  const [form, fields] = useForm({
    id: "seller-login",
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    constraint: loaderData.constraint,
    ...validation.options,
  });
  return (
    <div className="auth-page">
      <section className="card auth-card" aria-labelledby="login-heading">
        <div className="auth-head">
          <span className="auth-icon" aria-hidden="true">
            👩‍💼
          </span>
          <h1 id="login-heading">Seller Login</h1>
          <p className="muted">Sign in to manage your listing, reviews and subscription.</p>
        </div>
        <Form method="post" {...getFormProps(form)} onFocus={validation.load} className="stack">
          <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
          {form.errors?.length ? (
            <div className="form-error" role="alert" id={form.errorId}>
              <ErrorList errors={form.errors} />
            </div>
          ) : null}
          <Field
            label="Email"
            errors={fields.email.errors}
            inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
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
            {busy ? "Signing In..." : "Sign In"}
          </button>
        </Form>
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
      </section>
    </div>
  );
}
