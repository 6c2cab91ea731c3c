import { Link, useSearchParams } from "react-router";
import { ChoiceFilter, DateFilter, SearchFilter } from "~/components/filter-fields";
import { getDb } from "~db/client";
import { EmptyState } from "~/components/admin/empty-state";
import { AUDIT_PAGE_SIZES } from "~/lib/validation/constants";
import { auditFiltersFrom } from "~/lib/validation/audit";
import { auditLines } from "~/lib/audit-details";
import { formatDate } from "~/lib/dates";
import { pageInfo, pagingFrom } from "~/lib/paging";
import { auditActions, listAuditLog } from "~/models/audit.server";
import { requirePermission } from "~/services/session.server";
import { FilterBar } from "~/components/admin/filter-bar";
import type { Route } from "./+types/audit";
import { privatePageMeta } from "~/lib/seo";
import { DataTable } from "~/components/admin/data-table";

// /admin/audit (admins): the audit log, read-only, newest first, filtered by actor, action and dates.

export const meta: Route.MetaFunction = () => privatePageMeta("Audit Log | Admin");

export async function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(request, "audit.view", context);
  const params = new URL(request.url).searchParams;
  const db = getDb();
  const filters = auditFiltersFrom(params);
  const paging = pagingFrom(params, AUDIT_PAGE_SIZES);
  const [{ entries, total }, actions] = await Promise.all([listAuditLog(db, filters, paging), auditActions(db)]);
  const families = [...new Set(actions.map((a) => `${a.split(".")[0]}.`))];
  return {
    filters,
    info: pageInfo(paging, total),
    actions: [...families, ...actions].sort(),
    entries: entries.map(({ details, ...e }) => ({ ...e, lines: auditLines(details) })),
  };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

const timeFormat = new Intl.DateTimeFormat("en-IN", { hour: "2-digit", minute: "2-digit", timeZone: "Asia/Kolkata" });

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { filters, info, actions, entries } = loaderData;
  const [params] = useSearchParams();
  const filtered = !!(filters.actor || filters.action || filters.from || filters.to);
  return (
    <div className="stack">
      <h1 className="admin-title">Audit Log</h1>
      <p className="muted">
        Every change made in the back-office and every sign-in attempt: who, what, when and from where. Read-only.
      </p>
      <FilterBar label="Filter the audit log" clearTo="/admin/audit" values={filters} idPrefix="a">
        <SearchFilter label="Who (email)" name="actor" placeholder="e.g. admin@" />
        <ChoiceFilter
          label="Action"
          name="action"
          choices={actions.map((a) => ({ value: a, label: a.endsWith(".") ? `${a}* (all)` : a }))}
          anyLabel="All actions"
        />
        <DateFilter label="From" name="from" />
        <DateFilter label="To" name="to" />
      </FilterBar>
      {entries.length === 0 ? (
        <EmptyState title="No Entries Found">
          {filtered ? "No audit entries match these filters." : "Changes and sign-ins appear here."}
        </EmptyState>
      ) : (
        <>
          <DataTable
            label="Audit log table"
            columns={["When", "Who", "Action", "Target", "From", "Changes"]}
            pagination={{ info, params }}
          >
            {entries.map((e) => (
              <tr key={e.id} className="audit-row">
                <td className="small nowrap">
                  {formatDate(e.created_at)}
                  <br />
                  <span className="muted">{timeFormat.format(new Date(e.created_at))}</span>
                </td>
                <td className="small">{e.actor_email ?? "System"}</td>
                <td>
                  <code className="small">{e.action}</code>
                </td>
                <td className="small">
                  {e.target_type === "seller" && e.target_id ? (
                    <Link to={`/admin/sellers/edit/${e.target_id}`}>seller #{e.target_id}</Link>
                  ) : e.target_type ? (
                    `${e.target_type} #${e.target_id}`
                  ) : (
                    "—"
                  )}
                </td>
                <td className="small muted">{e.ip ?? "—"}</td>
                <td className="small">
                  {e.lines.length ? (
                    <ul className="plain-list audit-lines">
                      {e.lines.map((l, i) => (
                        <li key={`${l.field}-${i}`}>
                          <span className="muted">{l.field}:</span> {l.text}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <span className="muted">—</span>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
    </div>
  );
}
