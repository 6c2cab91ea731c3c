import { getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { useForm } from "~/lib/form";
import { Form, useNavigation } from "react-router";
import { REVIEW_MAX_LENGTH } from "~/lib/constants";
import { useClientValidation } from "~/lib/use-client-validation";
import { Field, FormErrors, Honeypot, TextareaField } from "./forms";
import { StarRatingField } from "./star-rating-field";
import { useT } from "./i18n";

type ReviewFormProps = {
  lastResult: SubmissionResult<string[]> | undefined;
  constraint: Parameters<typeof useForm>[0]["constraint"];
  /** Values the form starts with (an invitation's customer name). */
  defaultValue?: Record<string, string>;
};

/**
 * A seller page's "Write a Review" form (its Reviews tab): a plain post to the page (works without
 * JavaScript); the validators load when the form is first focused (`useClientValidation`).
 */
export function ReviewForm({ lastResult, constraint, defaultValue }: ReviewFormProps) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod === "POST";
  const validation = useClientValidation("review", { shouldRevalidate: "onInput" });
  const [form, fields] = useForm({
    id: "review-form",
    lastResult: navigation.state === "idle" ? lastResult : null,
    constraint,
    defaultValue,
    ...validation.options,
  });
  return (
    <Form method="post" {...form.props} className="stack" preventScrollReset>
      <Honeypot />
      <FormErrors errors={form.errors} />
      <ReviewFields formKey={form.key} fields={fields} />
      {/* Optional: a link mailed to it confirms it (docs/decisions/222-reviews-people-can-trust.md). */}
      <Field
        label={t("forms.review.emailLabel")}
        errors={fields.reviewer_email.errors}
        hint={t("forms.review.emailHint")}
        inputProps={{ ...getInputProps(fields.reviewer_email, { type: "email" }), autoComplete: "email" }}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? t("seller.form.submitting") : t("seller.form.submit")}
      </button>
      <p className="small muted" style={{ margin: 0 }}>
        {t("seller.form.note")}
      </p>
    </Form>
  );
}

type ReviewFieldsMeta = ReturnType<typeof useForm>[1];

/** A review's name, stars and text: the profile's form, and her own review's edit form (/my-review). */
export function ReviewFields({ formKey, fields }: { formKey: string; fields: ReviewFieldsMeta }) {
  const t = useT();
  return (
    <>
      <Field
        label={t("seller.form.name")}
        errors={fields.reviewer_name.errors}
        inputProps={{ ...getInputProps(fields.reviewer_name, { type: "text" }), autoComplete: "name" }}
      />
      <StarRatingField
        key={`${formKey}-rating`}
        name={fields.rating.name}
        defaultValue={fields.rating.initialValue as string | undefined}
        errors={fields.rating.errors}
        legend={t("seller.form.rating")}
        starLabel={(n) => t("seller.form.star", { n })}
      />
      <TextareaField
        label={t("seller.form.review")}
        errors={fields.review_text.errors}
        hint={t("seller.form.reviewHint", { max: REVIEW_MAX_LENGTH })}
        // her own words (a failed post's, or her review's on /my-review): not the catalogue's, never translated
        textareaProps={{ ...getTextareaProps(fields.review_text), rows: 5, translate: "no" }}
      />
    </>
  );
}
