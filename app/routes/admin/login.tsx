import { Link, redirect } from "react-router";
import { AuthCard } from "~/components/auth-card";
import { ArrowLeftIcon, ShieldIcon } from "~/components/icons";
import { LoginForm, SecondStepForm } from "~/components/login-form";
import { loginSchema } from "~/lib/validation/accounts";
import { safeAdminPath } from "~/lib/redirect";
import { handlePageLogin, handleSecondStep } from "~/services/auth.server";
import { boundedFormRequest } from "~/services/forms.server";
import { formConstraints } from "~/services/form-constraints.server";
import { getSessionUser, pendingSecondStep } from "~/services/session.server";
import { PasskeySignIn } from "~/components/passkey-buttons";
import { secondFactorFactsOf } from "~/models/second-factor.server";
import { getDb } from "~db/client";
import { forwardRetryAfter } from "~/services/rate-limit.server";
import { messagesFor } from "~/services/i18n.server";
import { DEFAULT_LOCALE } from "~/lib/locales";
import type { Route } from "./+types/login";
import { privatePageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = () => privatePageMeta("Admin Login");

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  if (user && (user.role === "admin" || user.role === "moderator"))
    throw redirect(safeAdminPath(new URL(request.url).searchParams.get("redirectTo")));
  const pending = await pendingSecondStep(request);
  const passkeys = pending ? (await secondFactorFactsOf(getDb(), pending.user.id)).passkeys : 0;
  return {
    constraint: formConstraints(loginSchema),
    secondStep: pending ? { email: pending.user.email, passkey: passkeys > 0 } : null,
    // English: the sign-in's field rules are the seller sign-in's (forms catalogue keys).
    messages: messagesFor(DEFAULT_LOCALE, ["forms"]),
  };
}

// A refused sign-in's Retry-After reaches the answer (React Router keeps an action's headers only when passed on).
export const headers = (args: Route.HeadersArgs) => forwardRetryAfter(args);

// docs/decisions/006-admin-login-server-only.md: credentials are checked on the server (handlePageLogin), and nowhere
// else. The second step (a staff account with a second factor) posts here too, with intent "code" or "cancel".
export async function action({ request, context }: Route.ActionArgs) {
  const bounded = await boundedFormRequest(request);
  const intent = (await bounded.clone().formData()).get("intent");
  if (intent === "code" || intent === "cancel")
    return handleSecondStep(
      bounded,
      context.clientAddress,
      safeAdminPath(new URL(request.url).searchParams.get("redirectTo")),
    );
  return handlePageLogin(bounded, context.clientAddress, "admin", (_user, redirectTo) => safeAdminPath(redirectTo));
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const { secondStep } = loaderData;
  // After a refused code the loader still finds the half-done sign-in; after an expired one it does not.
  const onSecondStep = secondStep !== null && actionData?.step !== "password";
  return (
    <AuthCard
      admin
      icon={<ShieldIcon />}
      title={onSecondStep ? "Two-step verification" : "Admin Portal"}
      lead={
        onSecondStep
          ? `Your password was right. Now prove it is you, ${secondStep.email}.`
          : "Sign in to manage sellers, categories, reviews and enquiries."
      }
    >
      {onSecondStep ? (
        <SecondStepForm
          lastResult={actionData?.step === "code" ? actionData.result : undefined}
          passkey={secondStep.passkey ? <PasskeySignIn /> : undefined}
        />
      ) : (
        <LoginForm
          portal="admin"
          lastResult={actionData?.step === "password" ? actionData.result : undefined}
          constraint={loaderData.constraint}
        />
      )}
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
