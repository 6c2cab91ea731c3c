import { getInputProps, getSelectProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { useForm } from "~/lib/form";
import { CardSection } from "~/components/card-section";
import { FormSent } from "~/components/success-screen";
import { PageHero } from "~/components/page-hero";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { Faq } from "~/components/faq";
import {
  emailInputProps,
  Field,
  FormErrors,
  Honeypot,
  mobileInputProps,
  nameInputProps,
  Required,
  SelectField,
  TextareaField,
} from "~/components/forms";
import { MailIcon, MapPinIcon, MessageIcon, PhoneIcon } from "~/components/icons";
import { getDb } from "~db/client";
import { T, useLocale, useLocalePath, useT } from "~/components/i18n";
import { CONTACT, PLANS, QUERY_TYPES, TEXT_LIMITS } from "~/lib/constants";
import { formatCount } from "~/lib/format";
import { type MessageKey, translatorFromMatches } from "~/lib/i18n";
import { localePath } from "~/lib/locales";
import { useClientValidation } from "~/lib/use-client-validation";
import contactForm from "~/lib/forms/contact";
import { submitContactMessage } from "~/services/contact.server";
import { formConstraints } from "~/services/form-constraints.server";
import { readPublicForm } from "~/services/forms.server";
import { messagesFor, pageLocale } from "~/services/i18n.server";
import type { Route } from "./+types/contact";
import { publicCacheHeaders } from "~/services/response-cache/cache-control.server";
import { pageMeta, privatePageMeta } from "~/lib/seo";

/** One line of the team's contact details: an icon, what it is, and the detail. */
function ContactDetail({ icon, label, children }: { icon: React.ReactNode; label: string; children: React.ReactNode }) {
  return (
    <li>
      {icon}{" "}
      <span>
        <strong className="block">{label}</strong>
        {children}
      </span>
    </li>
  );
}

/** The query types' words (the form posts the English value the schema knows). */
const QUERY_TYPE_KEYS: Record<(typeof QUERY_TYPES)[number], MessageKey> = {
  "General Inquiry": "contact.queryType.general",
  "Business Listing": "contact.queryType.listing",
  "Technical Support": "contact.queryType.support",
  Partnership: "contact.queryType.partnership",
  "Media & Press": "contact.queryType.press",
  Feedback: "contact.queryType.feedback",
  Complaint: "contact.queryType.complaint",
  Other: "contact.queryType.other",
};

export function meta({ matches, location }: Route.MetaArgs) {
  const t = translatorFromMatches(matches);
  // The thank-you screen after a message is a form result, not a page to index.
  if (new URLSearchParams(location.search).has("sent")) return privatePageMeta(t("contact.meta.sentTitle"));
  return pageMeta(matches, {
    title: t("contact.meta.title"),
    description: t("contact.meta.description"),
    path: "/contact",
  });
}

// The form's native attributes (required, pattern) come from the schema here, so the page needs no zod.
export function loader(args: Route.LoaderArgs) {
  return {
    constraint: formConstraints(contactForm.schema),
    messages: messagesFor(pageLocale(args), ["contact"]),
  };
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const post = await readPublicForm(request, context.clientAddress, contactForm);
  if (!post.ok) return data({ result: post.reply }, { status: post.status, headers: post.headers });
  const locale = pageLocale(args);
  await submitContactMessage(getDb(), post.value, locale);
  return redirect(localePath(locale, "/contact?sent=1#message"));
}

export const headers: Route.HeadersFunction = publicCacheHeaders;

/** The contact page's questions, the plan prices quoted from the one plan table. */
function useContactFaq() {
  const t = useT();
  const locale = useLocale();
  const plans = PLANS.map((p) =>
    t(p.featured ? "contact.faq.planFeatured" : "contact.faq.plan", {
      price: `₹${formatCount(p.amount, locale)}`,
      months: p.months,
      name: p.name,
    }),
  ).join(", ");
  return [
    { q: t("contact.faq.list.q"), a: t("contact.faq.list.a") },
    { q: t("contact.faq.plans.q"), a: t("contact.faq.plans.a", { plans }) },
    { q: t("contact.faq.reply.q"), a: t("contact.faq.reply.a") },
    { q: t("contact.faq.update.q"), a: t("contact.faq.update.a") },
    { q: t("contact.faq.free.q"), a: t("contact.faq.free.a") },
  ];
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalePath();
  const faq = useContactFaq();
  const [searchParams] = useSearchParams();
  const sent = searchParams.get("sent") === "1";
  return (
    <>
      <PageHero eyebrow={t("contact.hero.eyebrow")} title={t("contact.hero.title")} lead={t("contact.hero.lead")} />
      <div className="container section contact-layout cols-56">
        <aside className="stack">
          <CardSection id="details" title={t("contact.details.title")}>
            <ul className="contact-list">
              <ContactDetail icon={<MailIcon />} label={t("contact.details.email")}>
                <a href={`mailto:${CONTACT.email}`} translate="no">
                  {CONTACT.email}
                </a>
              </ContactDetail>
              <ContactDetail icon={<PhoneIcon />} label={t("contact.details.phone")}>
                <a href={CONTACT.phoneHref}>{CONTACT.phone}</a>
              </ContactDetail>
              <ContactDetail icon={<MapPinIcon />} label={t("contact.details.office")}>
                <span translate="no">{CONTACT.address}</span>
              </ContactDetail>
              <ContactDetail icon={<MessageIcon />} label={t("contact.details.hours")}>
                {t("contact.details.hoursValue")}
              </ContactDetail>
            </ul>
          </CardSection>
          <CardSection id="quick" title={t("contact.quick.title")}>
            <ul className="quick-links">
              <li>
                <Link to={to("/list-your-business")}>{t("contact.quick.listYourBusiness")}</Link>
              </li>
              <li>
                <Link to={to("/register")}>{t("contact.quick.apply")}</Link>
              </li>
              <li>
                <Link to={to("/directory")}>{t("contact.quick.directory")}</Link>
              </li>
              <li>
                <a href={CONTACT.communityUrl} target="_blank" rel="noopener noreferrer">
                  {t("contact.quick.community")}
                </a>
              </li>
              <li>
                <a href={CONTACT.phoneHref}>{t("contact.quick.call")}</a>
              </li>
            </ul>
          </CardSection>
        </aside>
        <section className="card card-pad" id="message" aria-labelledby="form-heading">
          {sent ? (
            <FormSent
              title="contact.sent.title"
              message="contact.sent.message"
              link={["/contact#message", "contact.sent.again"]}
            />
          ) : (
            <ContactForm lastResult={actionData?.result} constraint={loaderData.constraint} />
          )}
        </section>
      </div>
      <section className="container section-tight" aria-labelledby="contact-faq-heading">
        <h2 id="contact-faq-heading">{t("contact.faq.title")}</h2>
        <Faq items={faq} headingId="contact-faq-heading" />
      </section>
    </>
  );
}

function ContactForm({
  lastResult,
  constraint,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  constraint: Route.ComponentProps["loaderData"]["constraint"];
}) {
  const t = useT();
  const navigation = useNavigation();
  const to = useLocalePath();
  const busy = navigation.state === "submitting" && !!navigation.formAction?.startsWith(to("/contact"));
  const validation = useClientValidation("contact", { shouldRevalidate: "onInput" });
  const [form, fields] = useForm({
    id: "contact-form",
    lastResult: navigation.state === "idle" ? lastResult : null,
    constraint,
    ...validation.options,
  });
  return (
    <>
      <h2 id="form-heading">{t("contact.form.title")}</h2>
      <p className="small muted">
        <T k="contact.form.requiredNote" components={{ req: (text) => <span className="req">{text}</span> }} />
      </p>
      <Form method="post" {...form.props} className="stack" preventScrollReset>
        <Honeypot />
        <FormErrors errors={form.errors} />
        <div className="form-grid">
          <Field
            label={<Required>{t("contact.form.name")}</Required>}
            errors={fields.name.errors}
            inputProps={nameInputProps(fields.name)}
          />
          <Field
            label={<Required>{t("contact.form.email")}</Required>}
            errors={fields.email.errors}
            inputProps={emailInputProps(fields.email)}
          />
          <Field
            label={t("contact.form.mobile")}
            errors={fields.mobile.errors}
            inputProps={mobileInputProps(fields.mobile)}
          />
          <SelectField
            label={<Required>{t("contact.form.queryType")}</Required>}
            errors={fields.query_type.errors}
            selectProps={getSelectProps(fields.query_type)}
          >
            <option value="">{t("contact.form.chooseTopic")}</option>
            {QUERY_TYPES.map((q) => (
              <option key={q} value={q}>
                {t(QUERY_TYPE_KEYS[q])}
              </option>
            ))}
          </SelectField>
          <Field
            className="span-2"
            label={t("contact.form.subject")}
            errors={fields.subject.errors}
            inputProps={{ ...getInputProps(fields.subject, { type: "text" }), maxLength: TEXT_LIMITS.subject }}
          />
          <TextareaField
            className="span-2"
            label={<Required>{t("contact.form.message")}</Required>}
            errors={fields.message.errors}
            textareaProps={{ ...getTextareaProps(fields.message), rows: 6, maxLength: TEXT_LIMITS.message }}
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t("contact.form.sending") : t("contact.form.send")}
        </button>
      </Form>
    </>
  );
}
