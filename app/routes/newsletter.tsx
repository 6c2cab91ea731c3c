import { useForm } from "~/lib/form";
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
import { useLocalePath, useT } from "~/components/i18n";
import { translatorFromMatches } from "~/lib/i18n";
import { localePath } from "~/lib/locales";
import { messagesFor, pageLocale, translatorFor } from "~/services/i18n.server";

// /newsletter: where the newsletter forms post. Without JavaScript the visitor lands here (a plain
// success page, or the form again with its error); with JavaScript the forms read the JSON-ish reply.

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(translatorFromMatches(matches)("newsletter.meta.title"));
}

export function loader(args: Route.LoaderArgs) {
  const locale = pageLocale(args);
  const status = new URL(args.request.url).searchParams.get("status");
  const outcome = status && status in NEWSLETTER_MESSAGES ? (status as SubscribeOutcome) : null;
  return {
    message: outcome ? translatorFor(locale)(`newsletter.outcome.${outcome}`) : null,
    messages: messagesFor(locale, ["newsletter"]),
  };
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const locale = pageLocale(args);
  const t = translatorFor(locale);
  const post = await readPublicForm(request, context.clientAddress, newsletterForm);
  if (!post.ok) {
    const errors = post.refused
      ? [post.refused.message]
      : (post.reply.error?.email ?? post.reply.error?.source ?? [t("newsletter.page.failed")]);
    return data({ ok: false as const, errors, result: post.reply }, { status: post.status, headers: post.headers });
  }
  const outcome = await subscribeWithWelcome(getDb(), post.value, locale);
  if (post.formData.get("_js") === "1") return { ok: true as const, message: t(`newsletter.outcome.${outcome}`) };
  return redirect(localePath(locale, `/newsletter?status=${outcome}`));
}

export const headers: Route.HeadersFunction = publicCacheHeaders;

export default function Newsletter({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalePath();
  const validation = useClientValidation("newsletter");
  const [form, fields] = useForm({
    id: "newsletter-page",
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    ...validation.options,
  });
  return (
    <IconCard icon="💌" stack={false}>
      {loaderData.message ? (
        <>
          <h1>{t("newsletter.onList.title")}</h1>
          <p className="form-success" role="status">
            {loaderData.message}
          </p>
          <LinkButtons
            centered
            links={[
              [to("/"), t("newsletter.backHome")],
              [to("/directory"), t("newsletter.browse")],
            ]}
          />
        </>
      ) : (
        <>
          <h1>{t("newsletter.page.title")}</h1>
          <p className="muted">{t("newsletter.page.text")}</p>
          <Form method="post" {...form.props} className="stack">
            <Honeypot />
            <input type="hidden" name="source" value="website" />
            <FormErrors errors={form.errors} />
            <Field
              label={t("newsletter.page.emailLabel")}
              errors={fields.email.errors}
              inputProps={emailInputProps(fields.email, { placeholder: "you@example.com", translate: "no" })}
            />
            <button type="submit" className="btn btn-primary btn-block">
              {t("newsletter.page.subscribe")}
            </button>
          </Form>
        </>
      )}
    </IconCard>
  );
}
