import { formatCount } from "~/lib/format";
import { parseWithZod } from "@conform-to/zod/v4";
import { ChoiceOptions, titledChoices } from "~/components/forms";
import { IdentityCardLink, SelectAllLink } from "~/components/admin/seller-links";
import { ChoiceFilter, SearchFilter, StatusFilter, yesNoChoices } from "~/components/filter-fields";
import { data, Form, Link, useNavigation, useSearchParams } from "react-router";
import { getDb } from "~db/client";
import { AccountEmailBadge, Badge, StatusBadge } from "~/components/admin/badge";
import { EmptyState } from "~/components/admin/empty-state";
import { ActionError, ConfirmButton, DeleteConfirmSection } from "~/components/admin/confirm";
import { SelectAll } from "~/components/admin/select-all";
import { BULK_SELLER_ACTIONS, SELLER_STATUS_VALUES } from "~/lib/validation/constants";
import { firstError } from "~/lib/validation/messages";
import { sellerFiltersFrom, sellerIntentSchema } from "~/lib/validation/sellers-admin";
import { formatRupees } from "~/lib/constants";
import { formatDate } from "~/lib/dates";
import { pageInfo, pagingFrom, returnUrl, withParams } from "~/lib/paging";
import { can } from "~/lib/permissions";
import { subscriptionExpiry } from "~/lib/subscription";
import { publicUploadUrl } from "~/lib/upload-urls";
import { getAdminSeller, listAdminSellers, sellerCounts } from "~/models/sellers-admin.server";
import { keysAwaitingVariants } from "~/models/image-variant-jobs.server";
import { changeSellers } from "~/services/sellers-admin.server";
import { redirectWithFlash, requirePermission } from "~/services/session.server";
import { privateUploadUrl } from "~/services/uploads.server";
import { FilterBar } from "~/components/admin/filter-bar";
import type { Route } from "./+types/sellers";
import { readForm } from "~/services/forms.server";
import { privatePageMeta } from "~/lib/seo";
import { httpStatusOf } from "~/lib/refusal";
import { DataTable } from "~/components/admin/data-table";
import { identityCardHint } from "~/lib/subscription";
import { paidOnlineOf } from "~/models/payments.server";
import { PaidOnline } from "~/components/admin/paid-online";
import { CardSection } from "~/components/card-section";

export const meta: Route.MetaFunction = () => privatePageMeta("Sellers | Admin");

const PAGE_SIZES = [20, 50, 100] as const;
const DELETE_QUESTION = "Are you sure you want to delete this seller? This action cannot be undone.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requirePermission(request, "sellers.manage", context);
  const params = new URL(request.url).searchParams;
  const db = getDb();
  const filters = sellerFiltersFrom(params);
  const paging = pagingFrom(params, PAGE_SIZES);
  const [list, counts] = await Promise.all([listAdminSellers(db, filters, paging), sellerCounts(db)]);
  const detailsId = Number(params.get("details")) || null;
  const details = detailsId ? await getAdminSeller(db, detailsId) : null;
  const paidOnline = details ? (await paidOnlineOf(db, [details.id])).get(details.id) : undefined;
  const confirmId = params.get("confirm") === "delete" ? Number(params.get("id")) || null : null;
  const confirm = confirmId ? await getAdminSeller(db, confirmId) : null;
  // Photos whose smaller copies the background queue has not written yet.
  const preparing = await keysAwaitingVariants(
    db,
    [...list.sellers.map((s) => s.profile_photo), details?.profile_photo].filter((k): k is string => !!k),
  );
  return {
    filters,
    info: pageInfo(paging, list.total),
    counts,
    sellers: list.sellers.map((s) => ({
      ...s,
      photo: publicUploadUrl(s.profile_photo),
      photoPreparing: !!s.profile_photo && preparing.has(s.profile_photo),
      expiry: subscriptionExpiry(s.subscription_end_date),
      cardHint: identityCardHint(s),
    })),
    details: details
      ? {
          id: details.id,
          name: details.business_name || details.owner_name,
          email: details.email,
          status: details.status,
          is_verified: details.is_verified,
          payment_status: details.payment_status,
          payment_reference: details.payment_reference,
          amount_paid: details.amount_paid,
          id_proof_type: details.id_proof_type,
          photo: publicUploadUrl(details.profile_photo),
          photoPreparing: !!details.profile_photo && preparing.has(details.profile_photo),
          idProof: details.id_proof_document ? privateUploadUrl(details.id_proof_document) : null,
          payment: details.payment_screenshot ? privateUploadUrl(details.payment_screenshot) : null,
          paidOnline: paidOnline ?? null,
        }
      : null,
    confirm: confirm ? { id: confirm.id, name: confirm.business_name || confirm.owner_name } : null,
    canDelete: can(user.role, "sellers.delete"),
    canExport: can(user.role, "exports.download"),
  };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requirePermission(request, "sellers.manage", context);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: sellerIntentSchema });
  if (submission.status !== "success") {
    return data({ error: firstError(submission.error) }, { status: 400 });
  }
  if (submission.value.intent === "delete" && !can(user.role, "sellers.delete"))
    return data({ error: "You do not have permission to do this" }, { status: 403 });
  const result = await changeSellers(getDb(), user.actor, submission.value);
  if (!result.ok) return data({ error: result.message }, { status: httpStatusOf(result.reason) });
  const drop = ["confirm", "id", "selected", ...(submission.value.intent === "delete" ? ["details"] : [])];
  return redirectWithFlash(request, returnUrl("/admin/sellers", formData.get("back"), drop), result.message);
}

function Tabs({ params, total }: { params: URLSearchParams; total: number }) {
  const tab = params.get("tab") === "export" ? "export" : "list";
  return (
    <nav className="tabs" aria-label="Sellers sections">
      <Link to="/admin/sellers" aria-current={tab === "list" ? "page" : undefined}>
        Sellers Management ({formatCount(total)})
      </Link>
      <Link to="?tab=export" aria-current={tab === "export" ? "page" : undefined}>
        Export Data
      </Link>
    </nav>
  );
}

export default function AdminSellers({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const { filters, info, counts, sellers, details, confirm, canDelete, canExport } = loaderData;
  const back = `?${params.toString()}`;
  const allSelected = params.get("selected") === "all";
  const busy = navigation.state !== "idle";

  if (params.get("tab") === "export") {
    return (
      <div className="stack">
        <h1 className="admin-title">Sellers</h1>
        <Tabs params={params} total={counts.total} />
        <CardSection id="export" title="Export sellers" className="stack" small>
          <p className="muted">
            The CSV file holds every seller: basic info, business details and categories, contact details, subscription
            dates, payment status and amounts, verification and feature status, performance metrics (views, rating,
            reviews, and each kind of lead of the last 30 days), admin notes and timestamps.
          </p>
          {canExport ? (
            <a className="btn btn-primary" href="/api/admin/sellers/export" download>
              Export All Sellers to CSV
            </a>
          ) : null}
          <dl className="stat-row">
            <div>
              <dt>Active Sellers</dt>
              <dd>{formatCount(counts.active)}</dd>
            </div>
            <div>
              <dt>Valid Subscriptions</dt>
              <dd>{formatCount(counts.valid)}</dd>
            </div>
            <div>
              <dt>Total Sellers</dt>
              <dd>{formatCount(counts.total)}</dd>
            </div>
          </dl>
        </CardSection>
      </div>
    );
  }

  return (
    <div className="stack">
      <div className="row" style={{ justifyContent: "space-between" }}>
        <h1 className="admin-title">Sellers</h1>
        <Link to="/admin/sellers/new" className="btn btn-primary btn-sm">
          Add Seller
        </Link>
      </div>
      <Tabs params={params} total={counts.total} />
      <ActionError message={actionData?.error} />
      {confirm ? (
        <DeleteConfirmSection
          title={`Delete ${confirm.name}?`}
          question={DELETE_QUESTION}
          action="/admin/sellers"
          fields={{ intent: "delete", id: confirm.id, back }}
          cancelHref={withParams(params, { confirm: null, id: null })}
        />
      ) : null}

      {details ? (
        <section className="card card-pad stack seller-details" aria-labelledby="details-heading">
          <div className="row" style={{ justifyContent: "space-between" }}>
            <h2 id="details-heading" className="h3">
              {details.name}
            </h2>
            <Link to={withParams(params, { details: null })} className="btn btn-sm">
              Close
            </Link>
          </div>
          <p className="row">
            <span>{details.email}</span> <StatusBadge status={details.status} />
            {details.is_verified ? <Badge tone="success">Verified</Badge> : null}
            <PaidOnline paymentId={details.paidOnline} />
          </p>
          {details.photo || details.idProof || details.payment ? (
            <div className="doc-grid">
              {details.photo ? (
                <figure>
                  <a href={details.photo} target="_blank" rel="noreferrer">
                    <img src={details.photo} alt={`Profile photo of ${details.name}`} width={160} height={120} />
                  </a>
                  <figcaption>
                    Profile photo
                    {details.photoPreparing ? (
                      <span className="small muted"> (smaller copies being prepared)</span>
                    ) : null}
                  </figcaption>
                </figure>
              ) : null}
              {details.idProof ? (
                <figure>
                  <a href={details.idProof} target="_blank" rel="noreferrer">
                    <img src={details.idProof} alt={`ID document of ${details.name}`} width={160} height={120} />
                  </a>
                  <figcaption>ID document ({(details.id_proof_type ?? "not given").replace(/_/g, " ")})</figcaption>
                </figure>
              ) : null}
              {details.payment ? (
                <figure>
                  <a href={details.payment} target="_blank" rel="noreferrer">
                    <img src={details.payment} alt={`Payment screenshot of ${details.name}`} width={160} height={120} />
                  </a>
                  <figcaption>
                    Payment screenshot · <StatusBadge status={details.payment_status || "pending"} />
                    <br />
                    {formatRupees(details.amount_paid)}
                    {details.payment_reference ? ` · UTR ${details.payment_reference}` : ""}
                  </figcaption>
                </figure>
              ) : null}
            </div>
          ) : (
            <p className="muted">No documents uploaded yet</p>
          )}
          <Form method="post" className="row">
            <input type="hidden" name="back" value={back} />
            <input type="hidden" name="intent" value="row" />
            <input type="hidden" name="id" value={details.id} />
            <button type="submit" name="action" value="verify" className="btn btn-primary btn-sm">
              Verify &amp; Make Live
            </button>
            {details.payment_status !== "paid" ? (
              <button type="submit" name="action" value="mark_paid" className="btn btn-sm">
                Mark paid
              </button>
            ) : null}
          </Form>
        </section>
      ) : null}

      <FilterBar label="Filter sellers" clearTo="/admin/sellers" values={filters} idPrefix="f">
        <SearchFilter placeholder="Name, email, mobile or city" />
        <StatusFilter statuses={SELLER_STATUS_VALUES} />
        <ChoiceFilter
          label="Verification"
          name="verified"
          choices={yesNoChoices("Verified", "Unverified")}
          anyLabel="All"
        />
        <ChoiceFilter label="Payment" name="paid" choices={yesNoChoices("Paid", "Unpaid")} anyLabel="All" />
        <ChoiceFilter
          label="Renewal"
          name="renewal"
          choices={[{ value: "waiting", label: "Waiting for payment check" }]}
          anyLabel="All"
        />
        <ChoiceFilter
          label="Location"
          name="pincode"
          choices={[{ value: "missing", label: "No PIN code" }]}
          anyLabel="All"
        />
      </FilterBar>

      {sellers.length === 0 ? (
        <EmptyState
          title="No sellers found"
          action={
            <Link to="/admin/sellers/new" className="btn btn-primary btn-sm">
              Add Seller
            </Link>
          }
        />
      ) : (
        <>
          <Form method="post" id="bulk-sellers" className="bulk-bar row" aria-label="Bulk actions">
            <input type="hidden" name="intent" value="bulk" />
            <input type="hidden" name="back" value={back} />
            <label htmlFor="bulk-action">With the selected sellers</label>
            <select id="bulk-action" name="bulk_action" className="input input-sm" defaultValue="">
              <option value="" disabled>
                Choose an action
              </option>
              <ChoiceOptions choices={titledChoices(BULK_SELLER_ACTIONS)} />
            </select>
            <button type="submit" className="btn btn-sm" disabled={busy}>
              Apply to selected
            </button>
            <SelectAllLink params={params} allSelected={allSelected} />
          </Form>
          <DataTable
            label="Sellers table"
            pagination={{ info, params }}
            columns={[
              <>
                <span className="visually-hidden">Select</span>
                <SelectAll form="bulk-sellers" />
              </>,
              "Seller",
              "Categories",
              "Subscription",
              "Expiry",
              "Status",
              "Identity card",
              "Actions",
            ]}
          >
            {sellers.map((s) => {
              const name = s.business_name || s.owner_name;
              return (
                <tr key={s.id}>
                  <td>
                    <input
                      type="checkbox"
                      name="ids"
                      value={s.id}
                      form="bulk-sellers"
                      defaultChecked={allSelected}
                      aria-label={`Select ${name}`}
                    />
                  </td>
                  <td>
                    <div className="seller-cell">
                      {s.photo ? (
                        <img src={s.photo} alt="" width={40} height={40} className="avatar" />
                      ) : (
                        <span className="avatar avatar-empty" aria-hidden="true">
                          {name.slice(0, 1).toUpperCase()}
                        </span>
                      )}
                      <div>
                        <strong>{name}</strong>
                        {s.photoPreparing ? <span className="small muted"> · photo being prepared</span> : null}
                        <div className="small muted">
                          {s.email} <AccountEmailBadge state={s.account_email} />
                        </div>
                        <div className="small muted">
                          {s.mobile} · {s.city}
                        </div>
                      </div>
                    </div>
                  </td>
                  <td>
                    {s.category_names ? (
                      s.category_names.split(", ").map((c) => (
                        <span key={c} className="chip chip-sm">
                          {c}
                        </span>
                      ))
                    ) : (
                      <span className="muted small">None</span>
                    )}
                  </td>
                  <td className="small">
                    <div>Start: {s.subscription_start_date ? formatDate(s.subscription_start_date) : "Not Set"}</div>
                    <div>End: {s.subscription_end_date ? formatDate(s.subscription_end_date) : "Not Set"}</div>
                    <div className="muted">
                      {s.subscription_months ?? "—"} months · {formatRupees(s.amount_paid)}
                    </div>
                  </td>
                  <td>
                    <Badge tone={s.expiry.tone === "muted" ? "neutral" : s.expiry.tone}>{s.expiry.label}</Badge>
                    {s.expiry.detail ? <div className="small muted">{s.expiry.detail}</div> : null}
                  </td>
                  <td>
                    <div className="badge-stack">
                      <StatusBadge status={s.status} />
                      <Badge tone={s.is_verified ? "success" : "neutral"}>
                        {s.is_verified ? "Verified" : "Unverified"}
                      </Badge>
                      {s.is_featured ? <Badge tone="info">Featured</Badge> : null}
                      <Badge tone={s.is_paid ? "success" : "warning"}>{s.is_paid ? "Paid" : "Unpaid"}</Badge>
                      {s.renewal_requested_at ? <Badge tone="warning">Renewal to check</Badge> : null}
                      {s.pincode === null ? <Badge tone="warning">No PIN code</Badge> : null}
                    </div>
                  </td>
                  <td>
                    {s.cardHint ? (
                      <span className="small muted">{s.cardHint}</span>
                    ) : (
                      <IdentityCardLink sellerId={s.id} format="view" className="small">
                        View card
                      </IdentityCardLink>
                    )}
                  </td>
                  <td>
                    <Form method="post" className="row-actions">
                      <input type="hidden" name="intent" value="row" />
                      <input type="hidden" name="id" value={s.id} />
                      <input type="hidden" name="back" value={back} />
                      <button type="submit" name="action" value="toggle_status" className="btn btn-sm">
                        {s.status === "active" ? "Deactivate" : "Activate"}
                      </button>
                      <button type="submit" name="action" value="toggle_verified" className="btn btn-sm">
                        {s.is_verified ? "Unverify" : "Verify"}
                      </button>
                      <button type="submit" name="action" value="toggle_featured" className="btn btn-sm">
                        {s.is_featured ? "Unfeature" : "Feature"}
                      </button>
                      {!s.is_paid ? (
                        <button type="submit" name="action" value="mark_paid" className="btn btn-sm">
                          Mark paid
                        </button>
                      ) : null}
                    </Form>
                    <div className="row-actions">
                      <Link
                        to={withParams(params, { details: s.id })}
                        className="btn btn-sm"
                        aria-label={`Details of ${name}`}
                      >
                        Details
                      </Link>
                      <a
                        href={`/admin/sellers/edit/${s.id}`}
                        target="_blank"
                        rel="noreferrer"
                        className="btn btn-sm"
                        aria-label={`Edit ${name} (opens in a new tab)`}
                      >
                        Edit
                      </a>
                      <a
                        href={`/seller/${s.id}`}
                        target="_blank"
                        rel="noreferrer"
                        className="btn btn-sm"
                        aria-label={`Public profile of ${name} (opens in a new tab)`}
                      >
                        Profile
                      </a>
                      {canDelete ? (
                        <ConfirmButton
                          label="Delete"
                          href={withParams(params, { confirm: "delete", id: s.id })}
                          question={DELETE_QUESTION}
                          action="/admin/sellers"
                          fields={{ intent: "delete", id: s.id, back }}
                          confirmLabel="Delete"
                          danger
                        />
                      ) : null}
                    </div>
                  </td>
                </tr>
              );
            })}
          </DataTable>
        </>
      )}
    </div>
  );
}
