import { IntentButton } from "~/components/admin/intent-button";
import { data, Link, redirect } from "react-router";
import { getDb } from "~db/client";
import { Badge, StatusBadge } from "~/components/admin/badge";
import { DataTable } from "~/components/admin/data-table";
import { FilterBar } from "~/components/admin/filter-bar";
import { ChoiceFilter, DateFilter, SearchFilter } from "~/components/filter-fields";
import { formatDateTime } from "~/lib/dates";
import { formatPaise, PAYMENT_STATUSES } from "~/lib/payments";
import { paymentFiltersFrom } from "~/lib/validation/payments";
import { privatePageMeta } from "~/lib/seo";
import { listPaymentEvents, listPayments } from "~/models/payments.server";
import { readForm } from "~/services/forms.server";
import { checkWithGateway } from "~/services/payments/index.server";
import { requirePermission } from "~/services/session.server";
import type { Route } from "./+types/payments";
import { ActionNotices } from "~/components/admin/action-notices";

// /admin/payments (admins): every online payment and every verified gateway event, filtered by status,
// date and seller, with a CSV export and "check with gateway" for a webhook that never came.

export const meta: Route.MetaFunction = () => privatePageMeta("Payments | Admin");

export async function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(request, "payments.manage", context);
  const url = new URL(request.url);
  const filters = paymentFiltersFrom(url.searchParams);
  const db = getDb();
  const [payments, events] = await Promise.all([listPayments(db, filters), listPaymentEvents(db, filters)]);
  return { filters, payments, events, message: url.searchParams.get("checked") };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requirePermission(request, "payments.manage", context);
  const form = await readForm(request);
  const id = Number(form.get("id"));
  if (form.get("intent") !== "check" || !Number.isInteger(id) || id < 1)
    return data({ error: "Choose a payment to check." }, { status: 400 });
  const result = await checkWithGateway(getDb(), id, user.actor);
  if (!result.ok) return data({ error: result.message }, { status: result.status });
  return redirect(`/admin/payments?${new URLSearchParams({ checked: result.message })}`);
}

export default function AdminPayments({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, payments, events, message } = loaderData;
  return (
    <div className="stack">
      <h1 className="admin-title">Payments</h1>
      <p className="muted">
        Online payments as the gateway's verified webhooks reported them. A payment is paid only by a verified event
        whose amount, currency and reference match; anything else is flagged here. A webhook that never came: check the
        payment with the gateway.
      </p>
      <ActionNotices done={message} error={actionData?.error} />
      <FilterBar
        label="Filter the payments"
        clearTo="/admin/payments"
        values={filters}
        idPrefix="p"
        exportTo="/admin/payments/export.csv"
      >
        <ChoiceFilter label="Status" name="status" choices={PAYMENT_STATUSES} anyLabel="All" />
        <DateFilter label="From" name="from" />
        <DateFilter label="To" name="to" />
        <SearchFilter label="Seller" name="seller" placeholder="Id, name, email or business" maxLength={100} />
      </FilterBar>
      <DataTable
        label="Payments"
        testId="payments-table"
        columns={["Created", "Reference", "Seller", "Amount", "Status", "Gateway payment", "Check"]}
      >
        {payments.map((p) => (
          <tr key={p.id}>
            <td>{formatDateTime(p.created_at)}</td>
            <td>
              {p.reference} ({p.purpose})
            </td>
            <td>
              {p.seller_id ? (
                <Link to={`/admin/sellers/edit/${p.seller_id}`}>{p.business_name || p.owner_name}</Link>
              ) : (
                "deleted"
              )}
            </td>
            <td>{formatPaise(p.amount_paise)}</td>
            <td>
              <StatusBadge status={p.status} /> {p.flag ? <Badge tone="danger">Flagged: {p.flag}</Badge> : null}
            </td>
            <td>
              {p.gateway_payment_id ?? "—"}
              {p.method ? ` (${p.method})` : ""}
              {p.paid_at ? ` · ${formatDateTime(p.paid_at)}` : ""}
              {p.refunded_at ? ` · refunded ${formatDateTime(p.refunded_at)}` : ""}
            </td>
            <td>
              {p.link_id ? (
                <IntentButton intent="check" fields={{ id: p.id }}>
                  Check with gateway
                </IntentButton>
              ) : null}
            </td>
          </tr>
        ))}
      </DataTable>
      <h2 className="h3">Gateway events</h2>
      <DataTable
        label="Gateway events"
        testId="payment-events-table"
        columns={["Received", "Event", "Payment", "Outcome"]}
      >
        {events.map((e) => (
          <tr key={e.id}>
            <td>{formatDateTime(e.received_at)}</td>
            <td>
              {e.event} <span className="muted small">{e.event_id}</span>
            </td>
            <td>
              {e.reference ?? "—"} {e.gateway_payment_id ?? ""}
              {e.amount_paise !== null ? ` · ${formatPaise(e.amount_paise)} ${e.currency ?? ""}` : ""}
            </td>
            <td>
              <strong>{e.outcome}</strong> {e.reason}
            </td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
