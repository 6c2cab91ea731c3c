import { getFormProps, usePublicForm } from "~/lib/form";
import { LinkButtons } from "~/components/link-buttons";
import { IconCard } from "~/components/icon-card";
import { data, Form, redirect } from "react-router";
import { Field, FormErrors, Honeypot, emailInputProps } from "~/components/forms";
import { getDb } from "~db/client";
import newsletterForm from "~/lib/forms/newsletter";
import { useClientValidation } from "~/lib/use-client-validation";
import { NEWSLETTER_MESSAGES, type SubscribeOutcome } from "~/models/enquiries.server";
import { subscribeWithWelcome } from "~/services/newsletter.server";
import { readPublicForm } from "~/services/forms.server";
import type { Route } from "./+types/newsletter";
import { publicCacheHeaders } from "~/services/response-cache/cache-control.server";
import { privatePageMeta } from "~/lib/seo";

// /newsletter: where the newsletter forms post. Without JavaScript the visitor lands here (a plain
// success page, or the form again with its error); with JavaScript the forms read the JSON-ish reply.

export function meta() {
  return privatePageMeta("Newsletter");
}

export function loader({ request }: Route.LoaderArgs) {
  const status = new URL(request.url).searchParams.get("status");
  const outcome = status && status in NEWSLETTER_MESSAGES ? (status as SubscribeOutcome) : null;
  return { message: outcome ? NEWSLETTER_MESSAGES[outcome] : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const post = await readPublicForm(request, context.clientAddress, newsletterForm);
  if (!post.ok) {
    const errors = post.refused
      ? [post.refused.message]
      : (post.reply.error?.email ?? post.reply.error?.source ?? ["Failed to subscribe. Please try again."]);
    return data({ ok: false as const, errors, result: post.reply }, { status: post.status, headers: post.headers });
  }
  const outcome = await subscribeWithWelcome(getDb(), post.value);
  if (post.formData.get("_js") === "1") return { ok: true as const, message: NEWSLETTER_MESSAGES[outcome] };
  return redirect(`/newsletter?status=${outcome}`);
}

export const headers: Route.HeadersFunction = publicCacheHeaders;

export default function Newsletter({ loaderData, actionData }: Route.ComponentProps) {
  const validation = useClientValidation("newsletter");
  const [form, fields] = usePublicForm({
    id: "newsletter-page",
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    ...validation.options,
  });
  return (
    <IconCard icon="💌" stack={false}>
      {loaderData.message ? (
        <>
          <h1>You're on the list</h1>
          <p className="form-success" role="status">
            {loaderData.message}
          </p>
          <LinkButtons
            centered
            links={[
              ["/", "Back to the home page"],
              ["/directory", "Browse the directory"],
            ]}
          />
        </>
      ) : (
        <>
          <h1>Stay updated</h1>
          <p className="muted">Community news, events and new businesses, about twice a month. Unsubscribe any time.</p>
          <Form method="post" {...getFormProps(form)} className="stack">
            <Honeypot />
            <input type="hidden" name="source" value="website" />
            <FormErrors errors={form.errors} />
            <Field
              label="Email address"
              errors={fields.email.errors}
              inputProps={emailInputProps(fields.email, { placeholder: "you@example.com" })}
            />
            <button type="submit" className="btn btn-primary btn-block">
              Subscribe
            </button>
          </Form>
        </>
      )}
    </IconCard>
  );
}
