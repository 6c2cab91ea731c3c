import { IntentButton } from "~/components/admin/intent-button";
import { data, Link, redirect } from "react-router";
import { getDb } from "~db/client";
import { DataTable } from "~/components/admin/data-table";
import { FilterBar } from "~/components/admin/filter-bar";
import { ChoiceFilter, DateFilter } from "~/components/filter-fields";
import { formatDateTime } from "~/lib/dates";
import { privatePageMeta } from "~/lib/seo";
import { listActiveCategories } from "~/models/categories.server";
import { QUOTE_STATUSES } from "~/lib/quotes";
import { listQuoteRequests, matchesOfRequests, quoteFiltersFrom } from "~/models/quotes.server";
import { readForm } from "~/services/forms.server";
import { markSpamAsStaff, setExcludedAsStaff } from "~/services/quotes.server";
import { can } from "~/lib/permissions";
import { requirePermission } from "~/services/session.server";
import type { Route } from "./+types/quotes";
import { ActionNotices } from "~/components/admin/action-notices";

// /admin/quotes: every request for quotes with its matches and answers, filters and a CSV export; staff
// mark a request as spam (it stops, and counts against its address) or exclude a seller from requests.
// Who may do which is app/lib/permissions.ts: the list and spam are `quotes.manage` (moderators too); the
// CSV is an export (`exports.download`) and excluding a seller changes her (`sellers.manage`): admins only.

export const meta: Route.MetaFunction = () => privatePageMeta("Quote requests | Admin");

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requirePermission(request, "quotes.manage", context);
  const url = new URL(request.url);
  const filters = quoteFiltersFrom(url.searchParams);
  const db = getDb();
  const [requests, categories] = await Promise.all([listQuoteRequests(db, filters), listActiveCategories(db)]);
  const matches = await matchesOfRequests(
    db,
    requests.map((r) => r.id),
  );
  return {
    filters,
    requests: requests.map((r) => ({ ...r, matches: matches.filter((m) => m.requestId === r.id) })),
    categories: categories.map((c) => ({ slug: c.slug, name: c.name })),
    done: url.searchParams.get("done"),
    canExport: can(user.role, "exports.download"),
    canChangeSellers: can(user.role, "sellers.manage"),
  };
}

const id = (v: FormDataEntryValue | null) => (/^\d{1,12}$/.test(String(v ?? "")) ? Number(v) : 0);

export async function action({ request, context }: Route.ActionArgs) {
  const user = requirePermission(request, "quotes.manage", context);
  const form = await readForm(request);
  const intent = form.get("intent");
  const db = getDb();
  if (intent === "spam") {
    if (!(await markSpamAsStaff(db, user.actor, id(form.get("id")))))
      return data({ error: "That request is not there, or is already marked as spam." }, { status: 409 });
    return redirect("/admin/quotes?done=Marked+as+spam");
  }
  if (intent === "exclude" || intent === "include") {
    requirePermission(request, "sellers.manage", context);
    if (!(await setExcludedAsStaff(db, user.actor, id(form.get("seller_id")), intent === "exclude")))
      return data({ error: "Seller not found." }, { status: 404 });
    return redirect(`/admin/quotes?done=${intent === "exclude" ? "Seller+excluded" : "Seller+included"}`);
  }
  return data({ error: "Choose an action." }, { status: 400 });
}

export default function AdminQuotes({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, requests, categories, done, canExport, canChangeSellers } = loaderData;
  return (
    <div className="stack">
      <h1 className="admin-title">Quote requests</h1>
      <p className="muted">
        Requests for quotes and the sellers each went to. Marking a request as spam stops it (sellers can no longer
        answer it or see it) and counts against its email address; an excluded seller gets no new requests.
      </p>
      <ActionNotices done={done} error={actionData?.error} />
      <FilterBar
        label="Filter the quote requests"
        clearTo="/admin/quotes"
        values={filters}
        idPrefix="q"
        exportTo={canExport ? "/admin/quotes/export.csv" : undefined}
      >
        <ChoiceFilter label="Status" name="status" choices={QUOTE_STATUSES} anyLabel="All" />
        <ChoiceFilter
          label="Category"
          name="category"
          choices={categories.map((c) => ({ value: c.slug, label: c.name }))}
          anyLabel="All"
          names
        />
        <DateFilter label="From" name="from" />
        <DateFilter label="To" name="to" />
      </FilterBar>
      <DataTable
        label="Quote requests"
        testId="quotes-table"
        columns={["Created", "Request", "From", "Status", "Sellers and answers", "Action"]}
      >
        {requests.map((r) => (
          <tr key={r.id} id={`quote-${r.id}`}>
            <td>{formatDateTime(r.createdAt)}</td>
            <td>
              <strong>{r.categoryName}</strong>, {r.locality}, {r.city} — by {r.neededBy}
              <br />
              {r.need}
            </td>
            <td>
              {r.name}
              <br />
              {r.email}
              {r.mobile ? (
                <>
                  <br />
                  {r.mobile}
                </>
              ) : null}
            </td>
            <td>
              {r.status} ({r.answered}/{r.matched} answered)
            </td>
            <td>
              <ul>
                {r.matches.map((m) => (
                  <li key={m.sellerId}>
                    {canChangeSellers ? (
                      <Link to={`/admin/sellers/edit/${m.sellerId}`}>{m.businessName || m.ownerName}</Link>
                    ) : (
                      m.businessName || m.ownerName
                    )}
                    : {m.status}
                    {m.answer ? ` — "${m.answer}"${m.price !== null ? ` (₹${m.price})` : ""}` : ""}{" "}
                    {canChangeSellers ? (
                      <IntentButton
                        intent={m.excluded ? "include" : "exclude"}
                        fields={{ seller_id: m.sellerId }}
                        style={{ display: "inline" }}
                      >
                        {m.excluded ? "Include seller again" : "Exclude seller"}
                      </IntentButton>
                    ) : m.excluded ? (
                      "(excluded)"
                    ) : null}
                  </li>
                ))}
              </ul>
            </td>
            <td>
              {r.status !== "spam" ? (
                <IntentButton intent="spam" fields={{ id: r.id }} danger>
                  Mark as spam
                </IntentButton>
              ) : (
                "spam"
              )}
            </td>
          </tr>
        ))}
      </DataTable>
      {requests.length ? null : <p className="muted">No requests match these filters.</p>}
    </div>
  );
}
