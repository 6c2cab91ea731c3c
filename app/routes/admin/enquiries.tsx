import { useEffect, useRef, useState } from "react";
import { ChoiceFilter, SearchFilter, StatusFilter } from "~/components/filter-fields";
import { Link, useLocation, useSearchParams } from "react-router";
import { EmptyState } from "~/components/admin/empty-state";
import { getDb } from "~db/client";
import { StatusBadge } from "~/components/admin/badge";
import { type EnquiryDetail, EnquiryDetails } from "~/components/admin/enquiry-details";
import { Pagination } from "~/components/admin/pagination";
import {
  ENQUIRY_PAGE_SIZE,
  ENQUIRY_STATUS_LABELS,
  ENQUIRY_STATUSES,
  NEWSLETTER_STATUSES,
} from "~/lib/validation/constants";
import { enquiryFiltersFrom, subscriptionFiltersFrom } from "~/lib/validation/enquiries";
import { NEWSLETTER_SOURCES, newsletterSourceLabel, QUERY_TYPES } from "~/lib/constants";
import { formatDate } from "~/lib/dates";
import { truncate } from "~/lib/format";
import { pageInfo, pagingFrom } from "~/lib/paging";
import { can } from "~/lib/permissions";
import { listAdminEnquiries, listAdminSubscriptions } from "~/models/enquiries.server";
import { requirePermission } from "~/services/session.server";
import { FilterBar } from "~/components/admin/filter-bar";
import type { Route } from "./+types/enquiries";
import { privatePageMeta } from "~/lib/seo";
import { DataTable } from "~/components/admin/data-table";

export const meta: Route.MetaFunction = () => privatePageMeta("Form Enquiries | Admin");

type Tab = "enquiries" | "newsletter";
const tabOf = (params: URLSearchParams): Tab => (params.get("tab") === "newsletter" ? "newsletter" : "enquiries");

// /admin/enquiries — Contact Enquiries and Newsletter Subscriptions (admins and moderators): tab, search,
// filters and page in the URL; an enquiry's detail view is a page (/admin/enquiries/:id) or, with
// JavaScript, a dialog; the CSV exports are offered to those who may download them (admins).
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const tab = tabOf(params);
  const user = requirePermission(request, tab === "newsletter" ? "newsletter.view" : "enquiries.manage", context);
  const db = getDb();
  const paging = pagingFrom(params, [ENQUIRY_PAGE_SIZE]);
  const canExport = can(user.role, "exports.download");
  if (tab === "newsletter") {
    const filters = subscriptionFiltersFrom(params);
    const { subscriptions, total } = await listAdminSubscriptions(db, filters, paging);
    return {
      tab,
      canExport,
      info: pageInfo(paging, total),
      enquiries: null,
      enquiryFilters: null,
      subscriptions,
      subscriptionFilters: filters,
    };
  }
  const filters = enquiryFiltersFrom(params);
  const { enquiries, total } = await listAdminEnquiries(db, filters, paging);
  return {
    tab,
    canExport,
    info: pageInfo(paging, total),
    enquiries,
    enquiryFilters: filters,
    subscriptions: null,
    subscriptionFilters: null,
  };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

function Tabs({ tab }: { tab: Tab }) {
  return (
    <nav className="tabs" aria-label="Form Enquiries sections">
      <Link to="/admin/enquiries" aria-current={tab === "enquiries" ? "page" : undefined}>
        Contact Enquiries
      </Link>
      <Link to="/admin/enquiries?tab=newsletter" aria-current={tab === "newsletter" ? "page" : undefined}>
        Newsletter Subscriptions
      </Link>
    </nav>
  );
}

/** The export link keeps the list's filters (none: everything). */
function exportHref(path: string, filters: Record<string, string>): string {
  const qs = new URLSearchParams(Object.entries(filters).filter(([, v]) => v)).toString();
  return qs ? `${path}?${qs}` : path;
}

export default function AdminEnquiries({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const { tab, canExport, info } = loaderData;
  return (
    <div className="stack">
      <div className="row" style={{ justifyContent: "space-between" }}>
        <h1 className="admin-title">Form Enquiries</h1>
        {canExport ? (
          tab === "enquiries" && loaderData.enquiryFilters ? (
            <a
              className="btn btn-sm btn-primary"
              href={exportHref("/api/admin/enquiries/export", loaderData.enquiryFilters)}
              download
            >
              Export Enquiries (CSV)
            </a>
          ) : loaderData.subscriptionFilters ? (
            <a
              className="btn btn-sm btn-primary"
              href={exportHref("/api/admin/newsletter-subscriptions/export", loaderData.subscriptionFilters)}
              download
            >
              Export Subscriptions (CSV)
            </a>
          ) : null
        ) : null}
      </div>
      <Tabs tab={tab} />
      {loaderData.enquiries && loaderData.enquiryFilters ? (
        <EnquiriesTab enquiries={loaderData.enquiries} filters={loaderData.enquiryFilters} params={params} />
      ) : null}
      {loaderData.subscriptions && loaderData.subscriptionFilters ? (
        <SubscriptionsTab subscriptions={loaderData.subscriptions} filters={loaderData.subscriptionFilters} />
      ) : null}
      {info.total > 0 ? <Pagination info={info} params={params} /> : null}
    </div>
  );
}

type LoaderData = Route.ComponentProps["loaderData"];

function EnquiriesTab({
  enquiries,
  filters,
  params,
}: {
  enquiries: NonNullable<LoaderData["enquiries"]>;
  filters: NonNullable<LoaderData["enquiryFilters"]>;
  params: URLSearchParams;
}) {
  const back = `?${params.toString()}`;
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState<EnquiryDetail | null>(null);
  const location = useLocation();
  useEffect(() => {
    if (open && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [open]);
  // Back on the list after an update (the redirect is a new location): the dialog closes.
  useEffect(() => {
    dialog.current?.close();
  }, [location.key]);
  const filtered = !!(filters.search || filters.status || filters.query_type);
  return (
    <>
      <FilterBar
        label="Filter enquiries"
        clearTo="/admin/enquiries"
        values={filters}
        idPrefix="e"
        className="filters cols-48 filters-reviews"
      >
        <SearchFilter placeholder="Name, email, mobile, subject or message" />
        <StatusFilter statuses={ENQUIRY_STATUSES} labels={ENQUIRY_STATUS_LABELS} />
        <ChoiceFilter label="Query type" name="query_type" choices={QUERY_TYPES} anyLabel="All query types" />
      </FilterBar>
      {enquiries.length === 0 ? (
        <EmptyState title="No Enquiries Found">
          {filtered
            ? "No enquiries match your current filters."
            : "Messages sent through the contact form appear here."}
        </EmptyState>
      ) : (
        <DataTable
          label="Contact enquiries table"
          columns={["Contact", "Query", "Status", "Date", <span className="visually-hidden">Actions</span>]}
        >
          {enquiries.map((e) => (
            <tr key={e.id} className="enquiry-row">
              <td>
                <strong>{e.name}</strong>
                <div className="small muted">{e.email}</div>
                {e.mobile ? <div className="small muted">{e.mobile}</div> : null}
              </td>
              <td>
                <span className="chip chip-sm">{e.query_type}</span>
                {e.subject ? (
                  <div>
                    <strong>{e.subject}</strong>
                  </div>
                ) : null}
                <div className="small muted">{truncate(e.message, 100)}</div>
              </td>
              <td>
                <StatusBadge status={e.status} />
              </td>
              <td className="small">{formatDate(e.created_at)}</td>
              <td>
                <Link
                  to={`/admin/enquiries/${e.id}?${new URLSearchParams({ back })}`}
                  className="btn btn-sm"
                  aria-label={`View the enquiry from ${e.name}`}
                  onClick={(event) => {
                    if (!dialog.current?.showModal) return;
                    event.preventDefault();
                    setOpen(e);
                  }}
                >
                  View
                </Link>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <dialog
        ref={dialog}
        className="confirm-dialog enquiry-dialog"
        aria-labelledby="enquiry-dialog-heading"
        onClose={() => setOpen(null)}
      >
        {open ? (
          <EnquiryDetails
            key={open.id}
            enquiry={open}
            back={back}
            headingId="enquiry-dialog-heading"
            onClose={() => dialog.current?.close()}
          />
        ) : null}
      </dialog>
    </>
  );
}

function SubscriptionsTab({
  subscriptions,
  filters,
}: {
  subscriptions: NonNullable<LoaderData["subscriptions"]>;
  filters: NonNullable<LoaderData["subscriptionFilters"]>;
}) {
  const filtered = !!(filters.search || filters.status || filters.source);
  return (
    <>
      <FilterBar
        label="Filter subscriptions"
        clearTo="/admin/enquiries?tab=newsletter"
        values={filters}
        idPrefix="n"
        className="filters cols-48 filters-reviews"
      >
        <input type="hidden" name="tab" value="newsletter" />
        <SearchFilter placeholder="Email address" />
        <StatusFilter statuses={NEWSLETTER_STATUSES} />
        <ChoiceFilter label="Source" name="source" choices={NEWSLETTER_SOURCES} anyLabel="All sources" />
      </FilterBar>
      {subscriptions.length === 0 ? (
        <EmptyState title="No Subscriptions Found">
          {filtered
            ? "No subscriptions match your current filters."
            : "Newsletter sign-ups from the website appear here."}
        </EmptyState>
      ) : (
        <DataTable label="Newsletter subscriptions table" columns={["Email", "Status", "Source", "Subscribed"]}>
          {subscriptions.map((s) => (
            <tr key={s.id} className="subscription-row">
              <td>{s.email}</td>
              <td>
                <StatusBadge status={s.status} />
              </td>
              <td>{newsletterSourceLabel(s.source)}</td>
              <td className="small">{formatDate(s.created_at)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
