import { getInputProps, getSelectProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { useForm } from "~/lib/form";
import { IdentityCardLink } from "~/components/admin/seller-links";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { getDb } from "~db/client";
import { AccountEmailBadge, Badge, StatusBadge } from "~/components/admin/badge";
import {
  ChoiceOptions,
  Field,
  FormErrors,
  ImageFileField,
  numericCodeProps,
  SelectField,
  TextareaField,
  titledChoices,
} from "~/components/forms";
import { SellerCategoryFields } from "~/components/seller-category-fields";
import {
  SellerContactFields,
  SellerHoursFields,
  SellerProfileFields,
  SellerTranslationFields,
} from "~/components/seller-profile-fields";
import {
  ADMIN_NOTES_MAX_LENGTH,
  PAYMENT_STATUS_VALUES,
  SELLER_IMAGE_FIELDS,
  SELLER_STATUS_VALUES,
} from "~/lib/validation/constants";
import { adminSellerFormSchema } from "~/lib/validation/sellers-admin";
import { APPLICATION_MESSAGES } from "~/lib/validation/messages";
import { parseId } from "~/lib/validation/params";
import { formatRupees, ID_PROOF_TYPES, PLANS, planById, planDuration } from "~/lib/constants";
import { adminSellerFormValues } from "~/lib/seller-fields";
import { publicUploadUrl } from "~/lib/upload-urls";
import { listActiveCategories, listActiveSubcategories } from "~/models/categories.server";
import { getSellerForEditor } from "~/models/sellers-admin.server";
import { saveSellerFromEditor } from "~/services/sellers-admin.server";
import { orUploadsDown, uploadsDownHeaders } from "~/services/upload-store.server";
import { forwardRetryAfter } from "~/services/rate-limit.server";
import { redirectWithFlash, requirePermission } from "~/services/session.server";
import { privateUploadUrl } from "~/services/uploads.server";
import { readMultipartForm, unreadFormMessage } from "~/services/multipart.server";
import { paidOnlineOf } from "~/models/payments.server";
import { PaidOnline } from "~/components/admin/paid-online";
import type { Route } from "./+types/seller-edit";
import { privatePageMeta } from "~/lib/seo";
import { httpStatusOf } from "~/lib/refusal";
import { LeadReport } from "~/components/lead-report";
import { todayIso } from "~/lib/dates";
import { leadWindow } from "~/lib/leads";
import { sellerLeadReport } from "~/models/leads.server";
import { identityCardHint } from "~/lib/subscription";

// /admin/sellers/edit/:id and /admin/sellers/new — one editor for both (the route module is registered
// twice). A multipart form that works without JavaScript; images are replaced only when one is chosen.

export const meta: Route.MetaFunction = ({ data }) =>
  privatePageMeta(
    `${data && "seller" in data && data.seller ? `Edit ${data.seller.name}` : data && "notFound" in data ? "Seller Not Found" : "Add Seller"} | Admin`,
  );

const PART_MAX_BYTES = 1024 * 1024;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requirePermission(request, "sellers.manage", context);
  const db = getDb();
  const [categories, subcategories] = await Promise.all([listActiveCategories(db), listActiveSubcategories(db)]);
  const choices = {
    categories: categories.map(({ id, name }) => ({ id, name })),
    subcategories: subcategories.map(({ id, name, category_id }) => ({ id, name, category_id })),
  };
  if (params.id === undefined) {
    return {
      ...choices,
      seller: null,
      values: { status: "pending", payment_status: "pending" } as Record<string, unknown>,
    };
  }
  const id = parseId(params.id);
  const editor = id ? await getSellerForEditor(db, id) : null;
  if (!editor) return data({ notFound: true as const }, { status: 404 });
  const { row } = editor;
  const leads = await sellerLeadReport(db, row.id, leadWindow(todayIso()));
  const paidOnline = (await paidOnlineOf(db, [row.id])).get(row.id) ?? null;
  const productImages = (() => {
    try {
      const list: unknown = JSON.parse(row.product_images);
      return Array.isArray(list)
        ? list
            .filter((k): k is string => typeof k === "string")
            .map((k) => publicUploadUrl(k)!)
            .filter(Boolean)
        : [];
    } catch {
      return [];
    }
  })();
  return {
    ...choices,
    values: adminSellerFormValues(row, editor.categoryIds, editor.subcategoryIds) as Record<string, unknown>,
    leads,
    seller: {
      id: row.id,
      renewalRequestedAt: row.renewal_requested_at,
      name: row.business_name || row.owner_name,
      status: row.status,
      is_verified: row.is_verified === 1,
      accountEmail: editor.accountEmail,
      cardHint: identityCardHint(row),
      documents: {
        photo: publicUploadUrl(row.profile_photo),
        idProof: row.id_proof_document ? privateUploadUrl(row.id_proof_document) : null,
        idProofType: ID_PROOF_TYPES.find((t) => t.value === row.id_proof_type)?.label ?? null,
        payment: row.payment_screenshot ? privateUploadUrl(row.payment_screenshot) : null,
        paymentStatus: row.payment_status,
        paymentReference: row.payment_reference,
        paidOnline,
        amount: row.amount_paid,
        products: productImages,
      },
    },
  };
}

export const headers = (args: Route.HeadersArgs) => forwardRetryAfter(args, { "Cache-Control": "no-store" });

type ActionReply = { result: SubmissionResult<string[]> };

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requirePermission(request, "sellers.manage", context);
  const id = params.id === undefined ? null : parseId(params.id);
  if (params.id !== undefined && !id) throw data("Seller Not Found", { status: 404 });
  const read = await readMultipartForm(request, {
    maxFileSize: PART_MAX_BYTES,
    maxFiles: SELLER_IMAGE_FIELDS.length,
    maxTotalSize: 4 * PART_MAX_BYTES,
  });
  if (!read.ok) {
    const message = unreadFormMessage(read.problem, "Failed to update seller");
    return data<ActionReply>({ result: { status: "error", error: { "": [message] } } }, { status: read.status });
  }
  const formData = read.formData;
  const hideFields = [...SELLER_IMAGE_FIELDS];
  const submission = parseWithZod(formData, { schema: adminSellerFormSchema });
  if (submission.status !== "success") {
    const tooBig = Object.values(submission.error ?? {}).some((list) => list?.includes(APPLICATION_MESSAGES.tooBig));
    return data<ActionReply>({ result: submission.reply({ hideFields }) }, { status: tooBig ? 413 : 400 });
  }
  const { profile_photo, id_proof_document, payment_screenshot, ...input } = submission.value;
  const result = await orUploadsDown(() =>
    saveSellerFromEditor(getDb(), user.actor, id, input, {
      profile_photo,
      id_proof_document,
      payment_screenshot,
    }),
  );
  if (!result.ok && "retryAfterSeconds" in result) {
    return data<ActionReply>(
      { result: submission.reply({ formErrors: [result.message], hideFields }) },
      { status: result.status, headers: uploadsDownHeaders(result) },
    );
  }
  if (!result.ok) {
    const { "": formErrors, ...fieldErrors } = result.fieldErrors;
    return data<ActionReply>(
      { result: submission.reply({ fieldErrors, formErrors, hideFields }) },
      { status: httpStatusOf(result.reason) },
    );
  }
  return redirectWithFlash(
    request,
    "/admin/sellers",
    result.created ? "Seller created successfully." : "Seller updated successfully.",
  );
}

export default function AdminSellerEditor({ loaderData, actionData }: Route.ComponentProps) {
  if ("notFound" in loaderData) {
    return (
      <div className="card card-pad empty-state stack" role="alert">
        <h1 className="admin-title">Seller Not Found</h1>
        <p className="muted">The seller you're looking for doesn't exist.</p>
        <p>
          <Link to="/admin/sellers" className="btn btn-primary btn-sm">
            Back to Sellers
          </Link>
        </p>
      </div>
    );
  }
  return <SellerEditor loaderData={loaderData} lastResult={actionData?.result} />;
}

type EditorData = Exclude<Route.ComponentProps["loaderData"], { notFound: true }>;

function SellerEditor({
  loaderData,
  lastResult,
}: {
  loaderData: EditorData;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { seller, categories, subcategories, values } = loaderData;
  const leads = "leads" in loaderData ? loaderData.leads : null;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useForm({
    id: seller ? `seller-${seller.id}` : "seller-new",
    lastResult: navigation.state === "idle" ? lastResult : null,
    defaultValue: values,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: adminSellerFormSchema }),
  });
  const initialPlan = typeof fields.plan.initialValue === "string" ? fields.plan.initialValue : "";
  const [planId, setPlanId] = useState(initialPlan);
  const plan = planById(planId);
  const hasErrors = !!(form.errors?.length || Object.values(form.allErrors ?? {}).some((e) => e?.length));
  const title = seller ? `Edit Seller: ${seller.name}` : "Add Seller";

  return (
    <div className="stack seller-editor">
      <div className="row" style={{ justifyContent: "space-between" }}>
        <h1 className="admin-title">{title}</h1>
        <Link to="/admin/sellers" className="btn btn-sm">
          Back to Sellers
        </Link>
      </div>
      {seller ? (
        <p className="row">
          <StatusBadge status={seller.status} />
          {seller.is_verified ? <Badge tone="success">Verified</Badge> : <Badge tone="neutral">Not verified</Badge>}
          <AccountEmailBadge state={seller.accountEmail} />
          {seller.renewalRequestedAt ? <Badge tone="warning">Renewal to check</Badge> : null}
          <a href={`/seller/${seller.id}`} target="_blank" rel="noreferrer" className="small">
            Public profile (opens in a new tab)
          </a>
          <Link to={`/admin/sellers/${seller.id}/delete-account`} className="small">
            Delete account and data
          </Link>
        </p>
      ) : null}
      {leads ? <LeadReport report={leads} headingId="leads-heading" title="Leads (last 30 days)" /> : null}

      <Form
        method="post"
        encType="multipart/form-data"
        {...form.props}
        className="application-form"
        aria-busy={busy || undefined}
      >
        <FormErrors errors={form.errors} fieldsInvalid={hasErrors} />

        <SellerContactFields fields={fields} legend="Basic Information" />
        <SellerProfileFields fields={fields} part="business" requireBusiness={false} />
        <SellerTranslationFields fields={fields} />
        <SellerCategoryFields categories={categories} subcategories={subcategories} fields={fields} />
        <SellerProfileFields fields={fields} part="online" />
        <SellerHoursFields fields={fields} />

        <fieldset className="form-section">
          <legend className="form-legend">Documents and Images</legend>
          <p className="field-hint">
            ID documents and payment screenshots are private: they open only for signed-in staff. Choose a file only to
            replace one.
          </p>
          <div className="doc-grid">
            <Document label="Profile photo" href={seller?.documents.photo ?? null} name={seller?.name} />
            <Document
              label={`ID document${seller?.documents.idProofType ? ` (${seller.documents.idProofType})` : ""}`}
              href={seller?.documents.idProof ?? null}
              name={seller?.name}
            />
            <Document
              label="Payment screenshot"
              href={seller?.documents.payment ?? null}
              name={seller?.name}
              caption={
                seller ? (
                  <>
                    <StatusBadge status={seller.documents.paymentStatus || "pending"} />{" "}
                    {formatRupees(seller.documents.amount)}
                    {seller.documents.paymentReference ? ` · UTR ${seller.documents.paymentReference}` : ""}{" "}
                    <PaidOnline paymentId={seller.documents.paidOnline} />
                  </>
                ) : null
              }
            />
            {seller?.documents.products.map((src, i) => (
              <Document key={src} label={`Product image ${i + 1}`} href={src} name={seller.name} />
            ))}
          </div>
          <div className="form-grid">
            <ImageFileField label="Replace profile photo" meta={fields.profile_photo} />
            <ImageFileField label="Replace ID document" meta={fields.id_proof_document} />
            <ImageFileField label="Replace payment screenshot" meta={fields.payment_screenshot} />
            <SelectField
              label="ID document type"
              errors={fields.id_proof_type.errors}
              selectProps={getSelectProps(fields.id_proof_type)}
            >
              <ChoiceOptions choices={ID_PROOF_TYPES} placeholder="Not given" />
            </SelectField>
          </div>
        </fieldset>

        <fieldset className="form-section">
          <legend className="form-legend">Additional Details</legend>
          <div className="form-grid">
            <SelectField label="Status" errors={fields.status.errors} selectProps={getSelectProps(fields.status)}>
              <ChoiceOptions choices={titledChoices(SELLER_STATUS_VALUES)} />
            </SelectField>
            <SelectField
              label="Payment status"
              errors={fields.payment_status.errors}
              selectProps={getSelectProps(fields.payment_status)}
            >
              <ChoiceOptions choices={titledChoices(PAYMENT_STATUS_VALUES)} />
            </SelectField>
            <div className="span-2 check-row" role="group" aria-label="Listing flags">
              <label className="check-card">
                <input {...getInputProps(fields.is_verified, { type: "checkbox" })} /> Verified
              </label>
              <label className="check-card">
                <input {...getInputProps(fields.is_featured, { type: "checkbox" })} /> Featured
              </label>
              <label className="check-card">
                <input {...getInputProps(fields.is_paid, { type: "checkbox" })} /> Paid
              </label>
            </div>
            <SelectField
              label="Package"
              errors={fields.plan.errors}
              hint="Sets the amount and the months."
              selectProps={{ ...getSelectProps(fields.plan), onChange: (e) => setPlanId(e.currentTarget.value) }}
            >
              <option value="">No package</option>
              {PLANS.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name} — {formatRupees(p.amount)}, {planDuration(p)}
                </option>
              ))}
            </SelectField>
            <Field
              label="Subscription months"
              hint="Follows the package."
              inputProps={{
                id: "subscription-months",
                type: "text",
                readOnly: true,
                value: plan ? String(plan.months) : "—",
                "aria-readonly": true,
              }}
            />
            <Field
              label="Subscription start"
              errors={fields.subscription_start_date.errors}
              hint="Set when the seller goes live if empty."
              inputProps={getInputProps(fields.subscription_start_date, { type: "date" })}
            />
            <Field
              label="Subscription end"
              errors={fields.subscription_end_date.errors}
              inputProps={getInputProps(fields.subscription_end_date, { type: "date" })}
            />
            <Field
              label="UPI transaction reference (UTR)"
              errors={fields.payment_reference.errors}
              inputProps={numericCodeProps(fields.payment_reference)}
            />
            <Field
              label="GST number"
              errors={fields.gst_number.errors}
              inputProps={{ ...getInputProps(fields.gst_number, { type: "text" }), autoComplete: "off", maxLength: 15 }}
            />
            <Field
              label="Aadhaar number"
              hint="Stored masked: only the last 4 digits are kept."
              errors={fields.aadhaar_number.errors}
              inputProps={{ ...getInputProps(fields.aadhaar_number, { type: "text" }), autoComplete: "off" }}
            />
            <TextareaField
              className="span-2"
              label="Admin notes"
              hint="Seen by staff only."
              errors={fields.admin_notes.errors}
              textareaProps={{ ...getTextareaProps(fields.admin_notes), rows: 4, maxLength: ADMIN_NOTES_MAX_LENGTH }}
            />
          </div>
        </fieldset>

        {seller ? (
          <section className="form-section identity-box" aria-labelledby="card-heading">
            <h2 id="card-heading" className="form-legend">
              BWP Identity Card
            </h2>
            {seller.cardHint ? (
              <p className="muted">
                The card is available once the seller is verified, paid and active: <strong>{seller.cardHint}</strong>.
              </p>
            ) : (
              <p className="row">
                <IdentityCardLink sellerId={seller.id} format="view" className="btn btn-sm">
                  View Identity Card
                </IdentityCardLink>
                <IdentityCardLink sellerId={seller.id} format="download" className="btn btn-sm">
                  Download Card
                </IdentityCardLink>
              </p>
            )}
          </section>
        ) : null}

        <div className="form-actions row">
          <Link to="/admin/sellers" className="btn">
            Cancel
          </Link>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? (
              <>
                <span className="spinner" aria-hidden="true" /> {seller ? "Updating..." : "Creating..."}
              </>
            ) : seller ? (
              "Update Seller"
            ) : (
              "Create Seller"
            )}
          </button>
        </div>
      </Form>
    </div>
  );
}

/** One stored image: a thumbnail opening the full size in a new window, or a fallback when missing or broken. */
function Document({
  label,
  href,
  name,
  caption,
}: {
  label: string;
  href: string | null;
  name?: string;
  caption?: React.ReactNode;
}) {
  const [broken, setBroken] = useState(false);
  return (
    <figure>
      {href && !broken ? (
        <a
          href={href}
          target="_blank"
          rel="noreferrer"
          aria-label={`${label} of ${name ?? "the seller"}, full size (opens in a new window)`}
        >
          <img
            src={href}
            alt={`${label} of ${name ?? "the seller"}`}
            width={160}
            height={120}
            loading="lazy"
            onError={() => setBroken(true)}
          />
        </a>
      ) : (
        <span
          className="doc-missing"
          role="img"
          aria-label={`${label}: ${href ? "image unavailable" : "not uploaded"}`}
        >
          {href ? "Image unavailable" : "Not uploaded"}
        </span>
      )}
      <figcaption>
        {label}
        {caption ? (
          <>
            <br />
            {caption}
          </>
        ) : null}
      </figcaption>
    </figure>
  );
}
