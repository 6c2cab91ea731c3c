import { PageHero } from "~/components/page-hero";
import { parseWithZod } from "@conform-to/zod/v4";
import { Suspense } from "react";
import { data, redirect } from "react-router";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { T, useT } from "~/components/i18n";
import { PAY_ONLINE } from "~/lib/payments";
import { getDb } from "~db/client";
import { categoryEmoji, MAX_PRODUCT_IMAGES, planById, type PlanId } from "~/lib/constants";
import { translatorFromMatches } from "~/lib/i18n";
import { localePath } from "~/lib/locales";
import { APPLICATION_FILE_FIELDS, type ApplicationFileField } from "~/lib/validation/constants";
import { APPLICATION_MESSAGES } from "~/lib/validation/messages";
import { formMessage } from "~/lib/form-messages";
import { listActiveCategories, listActiveSubcategories } from "~/models/categories.server";
import { submitApplicationWithFiles, upiId, upiPayeeName } from "~/services/applications.server";
import { formConstraints } from "~/services/form-constraints.server";
import { categoryName, messagesFor, pageLocale } from "~/services/i18n.server";
import { checkDailyUploads, checkPublicForm } from "~/services/forms.server";
import applicationForm from "~/lib/forms/application";
import { ApplicationSubmitted } from "#lazy/application-submitted";
import { ApplicationForm } from "#lazy/application-form";
import type { RegisterActionReply } from "~/components/application-form";
import { paymentGateway, payOffer, payQuery, readPayParams } from "~/services/payments/index.server";
import { getSessionUser } from "~/services/session.server";
import { forwardRetryAfter } from "~/services/rate-limit.server";
import { readMultipartForm, unreadFormMessage } from "~/services/multipart.server";
import { orUploadsDown, uploadsDownHeaders } from "~/services/upload-store.server";
import type { Route } from "./+types/register";
import { pageMeta, privatePageMeta } from "~/lib/seo";
import { httpStatusOf } from "~/lib/refusal";

// /register — the paid listing application (docs/decisions/002-register-is-paid-application.md): one multipart form
// that works without
// JavaScript. With JavaScript the same zod schema checks it before it is sent.

export function meta({ matches, location }: Route.MetaArgs) {
  const t = translatorFromMatches(matches);
  if (new URLSearchParams(location.search).has("submitted")) return privatePageMeta(t("register.meta.submittedTitle"));
  return pageMeta(matches, {
    title: t("register.meta.title"),
    description: t("register.meta.description"),
    path: "/register",
  });
}

/** Hard cap of one part; the 200 KB rule itself is checked after parsing, so typed values survive. */
const PART_MAX_BYTES = 1024 * 1024;

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = getDb();
  const url = new URL(request.url);
  const locale = pageLocale({ context });
  const [categories, subcategories, user] = await Promise.all([
    listActiveCategories(db),
    listActiveSubcategories(db),
    getSessionUser(request),
  ]);
  const seller = user?.role === "seller" ? user : null;
  const requestedPlan = planById(url.searchParams.get("plan"))?.id ?? null;
  // With online payments on, the screenshot is optional and the page after submitting offers "Pay ₹X now".
  const online = paymentGateway() !== null;
  const submitted = url.searchParams.get("submitted") === "1";
  const toPay = online && submitted ? readPayParams(url.searchParams) : null;
  return {
    submitted,
    online,
    payOffer: toPay ? await payOffer(db, toPay.purpose, toPay.sellerId) : null,
    categories: categories.map((c) => ({ id: c.id, name: categoryName(c, locale), emoji: categoryEmoji(c.name) })),
    subcategories: subcategories.map((s) => ({ id: s.id, name: categoryName(s, locale), category_id: s.category_id })),
    upi: { id: upiId(), payee: upiPayeeName() },
    defaults: {
      plan: requestedPlan ?? undefined,
      ...(seller
        ? {
            name: seller.name,
            email: seller.email,
            mobile: seller.mobile ?? undefined,
            city: seller.city ?? undefined,
            area: seller.locality ?? undefined,
          }
        : {}),
    },
    signedInAs: seller ? seller.email : null,
    constraint: applicationConstraint(online),
    messages: messagesFor(locale, ["register", "payments"]),
  };
}

/** The file fields the visitor had chosen files for (a browser cannot keep them after a failed post). */
function chosenFileFields(formData: FormData): ApplicationFileField[] {
  return APPLICATION_FILE_FIELDS.filter((field) =>
    formData.getAll(field).some((v) => v instanceof File && (v.size > 0 || v.name !== "")),
  );
}

/** The form's constraints: the payment screenshot is required unless the page offers paying online. */
function applicationConstraint(online: boolean) {
  const constraint = formConstraints(applicationForm.schema);
  return { ...constraint, payment_screenshot: { ...constraint.payment_screenshot, required: !online } };
}

// The form is pre-filled with a signed-in seller's email and mobile: never stored by a cache.
export const headers = (args: Route.HeadersArgs) => forwardRetryAfter(args, { "Cache-Control": "private, no-store" });

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const read = await readMultipartForm(request, {
    maxFileSize: PART_MAX_BYTES,
    maxFiles: 3 + MAX_PRODUCT_IMAGES + 4,
    maxTotalSize: 8 * PART_MAX_BYTES,
  });
  if (!read.ok) {
    const message = unreadFormMessage(read.problem, APPLICATION_MESSAGES.submitFailed);
    return data<RegisterActionReply>(
      { result: { status: "error", error: { "": [message] } }, reselect: [] },
      { status: read.status },
    );
  }
  const formData = read.formData;
  const reselect = chosenFileFields(formData);
  const hideFields = [...APPLICATION_FILE_FIELDS];
  const form = applicationForm;
  // The offer to pay online holds only while online payments are on.
  if (!paymentGateway() && formData.getAll("payment_screenshot").includes(PAY_ONLINE)) {
    const files = formData.getAll("payment_screenshot").filter((v) => v !== PAY_ONLINE);
    formData.delete("payment_screenshot");
    for (const file of files) formData.append("payment_screenshot", file);
  }
  const submission = parseWithZod(formData, { schema: form.schema });
  if (submission.status !== "success") {
    const tooBig = Object.values(submission.error ?? {}).some((list) => list?.includes(APPLICATION_MESSAGES.tooBig));
    return data<RegisterActionReply>(
      { result: submission.reply({ hideFields }), reselect },
      { status: tooBig ? 413 : 400 },
    );
  }
  const guard = await checkPublicForm(form.scope, context.clientAddress, formData.get(HONEYPOT_FIELD));
  if (!guard.ok) {
    return data<RegisterActionReply>(
      { result: submission.reply({ formErrors: [guard.message], hideFields }), reselect },
      { status: guard.status, headers: guard.headers },
    );
  }
  const daily = await checkDailyUploads(context.clientAddress, 3 + submission.value.product_images.length);
  if (!daily.ok) {
    return data<RegisterActionReply>(
      { result: submission.reply({ formErrors: [daily.message], hideFields }), reselect },
      { status: daily.status, headers: daily.headers },
    );
  }

  // Each image is checked by its content and stored; a refused application keeps none of them.
  const { id_proof_document, payment_screenshot, profile_photo, product_images, ...fields } = submission.value;
  const user = await getSessionUser(request);
  const result = await orUploadsDown(() =>
    submitApplicationWithFiles(
      getDb(),
      fields,
      { id_proof_document, payment_screenshot, profile_photo, product_images },
      user?.role === "seller" ? user.id : null,
      pageLocale(args),
    ),
  );
  if (!result.ok && "retryAfterSeconds" in result) {
    return data<RegisterActionReply>(
      { result: submission.reply({ formErrors: [formMessage("forms.uploadsUnavailable")], hideFields }), reselect },
      { status: result.status, headers: uploadsDownHeaders(result) },
    );
  }
  if (!result.ok) {
    return data<RegisterActionReply>(
      { result: submission.reply({ fieldErrors: result.fieldErrors, hideFields }), reselect },
      { status: httpStatusOf(result.reason) },
    );
  }
  const done = localePath(pageLocale(args), "/register?submitted=1");
  if (!payment_screenshot)
    return redirect(`${done}&${payQuery(result.renewal ? "renewal" : "application", result.sellerId)}`);
  return redirect(done);
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { signedInAs } = loaderData;
  if (loaderData.submitted)
    return (
      <Suspense fallback={null}>
        <ApplicationSubmitted payOffer={loaderData.payOffer} />
      </Suspense>
    );
  return (
    <>
      <PageHero eyebrow={t("register.hero.eyebrow")} title={t("register.hero.title")} lead={t("register.hero.lead")}>
        {signedInAs ? (
          <p className="small">
            <T
              k="register.hero.signedInAs"
              values={{ email: signedInAs }}
              components={{ email: (text) => <strong translate="no">{text}</strong> }}
            />
          </p>
        ) : null}
      </PageHero>
      <Suspense fallback={null}>
        <ApplicationForm loaderData={loaderData} actionData={actionData} />
      </Suspense>
    </>
  );
}

export type { PlanId };
