import { getFormProps, getInputProps, getSelectProps, getTextareaProps, usePublicForm } from "~/lib/form";
import type { SubmissionResult } from "@conform-to/react";
import { CardSection } from "~/components/card-section";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { Faq } from "~/components/faq";
import {
  emailInputProps,
  Field,
  FormErrors,
  Honeypot,
  RequiredMark,
  SelectField,
  TextareaField,
} from "~/components/forms";
import { CheckIcon, MailIcon, MapPinIcon, MessageIcon, PhoneIcon } from "~/components/icons";
import { getDb } from "~db/client";
import { CONTACT, CONTACT_SUCCESS_MESSAGE, QUERY_TYPES, TEXT_LIMITS } from "~/lib/constants";
import { useClientValidation } from "~/lib/use-client-validation";
import { CONTACT_FAQ } from "~/lib/faq";
import contactForm from "~/lib/forms/contact";
import { submitContactMessage } from "~/services/contact.server";
import { pageLocale } from "~/services/i18n.server";
import { formConstraints } from "~/services/form-constraints.server";
import { readPublicForm } from "~/services/forms.server";
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

export function meta({ matches, location }: Route.MetaArgs) {
  // The thank-you screen after a message is a form result, not a page to index.
  if (new URLSearchParams(location.search).has("sent")) return privatePageMeta("Message Sent");
  return pageMeta(matches, {
    title: "Contact Us",
    description:
      "Questions about listings, partnerships or the community? Write to the BWP Directory team — we reply within 24 hours.",
    path: "/contact",
  });
}

// The form's native attributes (required, pattern) come from the schema here, so the page needs no zod.
export function loader() {
  return { constraint: formConstraints(contactForm.schema) };
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const post = await readPublicForm(request, context.clientAddress, contactForm);
  if (!post.ok) return data({ result: post.reply }, { status: post.status, headers: post.headers });
  await submitContactMessage(getDb(), post.value, pageLocale(args));
  return redirect("/contact?sent=1#message");
}

export const headers: Route.HeadersFunction = publicCacheHeaders;

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const sent = searchParams.get("sent") === "1";
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <p className="eyebrow">We're here to help</p>
          <h1>Get in touch</h1>
          <p>
            Questions about listing your business, partnerships, press or the community? Send us a message — we reply
            within 24 hours.
          </p>
        </div>
      </section>
      <div className="container section contact-layout">
        <aside className="stack">
          <CardSection id="details" title="Contact details">
            <ul className="contact-list">
              <ContactDetail icon={<MailIcon />} label="Email">
                <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a>
              </ContactDetail>
              <ContactDetail icon={<PhoneIcon />} label="Phone">
                <a href={CONTACT.phoneHref}>{CONTACT.phone}</a>
              </ContactDetail>
              <ContactDetail icon={<MapPinIcon />} label="Office">
                {CONTACT.address}
              </ContactDetail>
              <ContactDetail icon={<MessageIcon />} label="Hours">
                {CONTACT.hours}
              </ContactDetail>
            </ul>
          </CardSection>
          <CardSection id="quick" title="Quick links">
            <ul className="quick-links">
              <li>
                <Link to="/list-your-business">List your business</Link>
              </li>
              <li>
                <Link to="/register">Apply for a listing</Link>
              </li>
              <li>
                <Link to="/directory">Browse the directory</Link>
              </li>
              <li>
                <a href={CONTACT.communityUrl} target="_blank" rel="noopener noreferrer">
                  Join the community group
                </a>
              </li>
              <li>
                <a href={CONTACT.phoneHref}>Call us now</a>
              </li>
            </ul>
          </CardSection>
        </aside>
        <section className="card card-pad" id="message" aria-labelledby="form-heading">
          {sent ? <SentScreen /> : <ContactForm lastResult={actionData?.result} constraint={loaderData.constraint} />}
        </section>
      </div>
      <section className="container section-tight" aria-labelledby="contact-faq-heading">
        <h2 id="contact-faq-heading">Frequently asked questions</h2>
        <Faq items={[...CONTACT_FAQ]} headingId="contact-faq-heading" />
      </section>
    </>
  );
}

function SentScreen() {
  return (
    <div className="success-screen" role="status">
      <div className="success-icon" aria-hidden="true">
        <CheckIcon />
      </div>
      <h2 id="form-heading">Message sent!</h2>
      <p className="muted">{CONTACT_SUCCESS_MESSAGE} A copy is on its way to your inbox.</p>
      <Link to="/contact#message" className="btn btn-primary">
        Send Another Message
      </Link>
    </div>
  );
}

function ContactForm({
  lastResult,
  constraint,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  constraint: Route.ComponentProps["loaderData"]["constraint"];
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/contact") === true;
  const validation = useClientValidation("contact", { shouldRevalidate: "onInput" });
  const [form, fields] = usePublicForm({
    id: "contact-form",
    lastResult: navigation.state === "idle" ? lastResult : null,
    constraint,
    ...validation.options,
  });
  return (
    <>
      <h2 id="form-heading">Send us a message</h2>
      <p className="small muted">
        Fields marked <span className="req">*</span> are required.
      </p>
      <Form method="post" {...getFormProps(form)} className="stack" preventScrollReset>
        <Honeypot />
        <FormErrors errors={form.errors} />
        <div className="form-grid">
          <Field
            label={<>Your name {RequiredMark}</>}
            errors={fields.name.errors}
            inputProps={{
              ...getInputProps(fields.name, { type: "text" }),
              autoComplete: "name",
              maxLength: TEXT_LIMITS.name,
            }}
          />
          <Field
            label={<>Email {RequiredMark}</>}
            errors={fields.email.errors}
            inputProps={emailInputProps(fields.email)}
          />
          <Field
            label="Mobile"
            errors={fields.mobile.errors}
            inputProps={{
              ...getInputProps(fields.mobile, { type: "tel" }),
              autoComplete: "tel",
              placeholder: "+91 98765 43210",
            }}
          />
          <SelectField
            label={<>Query type {RequiredMark}</>}
            errors={fields.query_type.errors}
            selectProps={getSelectProps(fields.query_type)}
          >
            <option value="">Choose a topic</option>
            {QUERY_TYPES.map((q) => (
              <option key={q} value={q}>
                {q}
              </option>
            ))}
          </SelectField>
          <Field
            className="span-2"
            label="Subject"
            errors={fields.subject.errors}
            inputProps={{ ...getInputProps(fields.subject, { type: "text" }), maxLength: TEXT_LIMITS.subject }}
          />
          <TextareaField
            className="span-2"
            label={<>Message {RequiredMark}</>}
            errors={fields.message.errors}
            textareaProps={{ ...getTextareaProps(fields.message), rows: 6, maxLength: TEXT_LIMITS.message }}
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? "Sending…" : "Send Message"}
        </button>
      </Form>
    </>
  );
}
