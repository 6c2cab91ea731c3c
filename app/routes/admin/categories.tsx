import { IntentButton } from "~/components/admin/intent-button";
import { parseWithZod } from "@conform-to/zod/v4";
import { ChoiceFilter } from "~/components/filter-fields";
import { data, Link, useSearchParams } from "react-router";
import { EmptyState } from "~/components/admin/empty-state";
import { getDb } from "~db/client";
import { Badge } from "~/components/admin/badge";
import { Pagination } from "~/components/admin/pagination";
import { ActionError, ConfirmButton, DeleteConfirmSection } from "~/components/admin/confirm";
import { deleteQuestion, firstError } from "~/lib/validation/messages";
import { categoryListIntentSchema } from "~/lib/validation/categories";
import { categoryTabFrom } from "~/lib/validation/constants";
import { parseId } from "~/lib/validation/params";
import { categoryEmoji } from "~/lib/constants";
import { pageInfo, pagingFrom, returnUrl, withParams } from "~/lib/paging";
import { listAdminCategories, listAdminSubcategories } from "~/models/categories-admin.server";
import { readForm } from "~/services/forms.server";
import { deleteCatalogueItem, saveCatalogueItem } from "~/services/categories-admin.server";
import { redirectWithFlash, requirePermission } from "~/services/session.server";
import { FilterBar } from "~/components/admin/filter-bar";
import type { Route } from "./+types/categories";
import { privatePageMeta } from "~/lib/seo";
import { httpStatusOf } from "~/lib/refusal";
import { DataTable } from "~/components/admin/data-table";

export const meta: Route.MetaFunction = () => privatePageMeta("Categories | Admin");

const ONE_TIME_KEYS = ["confirm", "kind", "id"];
const SUBCATEGORY_PAGE_SIZE = [25] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(request, "categories.manage", context);
  const params = new URL(request.url).searchParams;
  const db = getDb();
  const [categories, allSubcategories] = await Promise.all([listAdminCategories(db), listAdminSubcategories(db)]);
  // The subcategories tab: optionally one parent's (?category=id), 25 a page.
  const parent = parseId(params.get("category") ?? undefined);
  const matching = parent ? allSubcategories.filter((s) => s.category_id === parent) : allSubcategories;
  const info = pageInfo(pagingFrom(params, SUBCATEGORY_PAGE_SIZE), matching.length);
  const subcategories = matching.slice((info.page - 1) * info.limit, info.page * info.limit);
  const confirmId = params.get("confirm") === "delete" ? Number(params.get("id")) : NaN;
  const confirmCategory = params.get("kind") === "category" ? categories.find((c) => c.id === confirmId) : undefined;
  const confirmSub =
    params.get("kind") === "subcategory" ? allSubcategories.find((s) => s.id === confirmId) : undefined;
  const confirm = confirmCategory
    ? {
        kind: "category" as const,
        id: confirmCategory.id,
        name: confirmCategory.name,
        subcategories: confirmCategory.subcategory_count,
      }
    : confirmSub
      ? { kind: "subcategory" as const, id: confirmSub.id, name: confirmSub.name, subcategories: 0 }
      : null;
  return {
    categories,
    subcategories,
    subcategoryTotal: allSubcategories.length,
    parent: parent ? String(parent) : "",
    info,
    confirm,
  };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requirePermission(request, "categories.manage", context);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: categoryListIntentSchema });
  if (submission.status !== "success") return data({ error: firstError(submission.error) }, { status: 400 });
  const intent = submission.value;
  const actor = user.actor;
  const result =
    intent.intent === "toggle"
      ? await saveCatalogueItem(getDb(), actor, intent.kind, intent.id, { is_active: intent.is_active === "1" })
      : await deleteCatalogueItem(getDb(), actor, intent.kind, intent.id);
  if (!result.ok) return data({ error: result.message }, { status: httpStatusOf(result.reason) });
  return redirectWithFlash(
    request,
    returnUrl("/admin/categories", formData.get("back"), ONE_TIME_KEYS),
    result.message,
  );
}

function Icon({ icon, name }: { icon: string | null; name: string }) {
  return (
    <span className="category-icon" aria-hidden="true">
      {icon || categoryEmoji(name)}
    </span>
  );
}

function ActiveBadge({ active }: { active: number }) {
  return <Badge tone={active ? "success" : "neutral"}>{active ? "Active" : "Inactive"}</Badge>;
}

function ToggleForm({
  kind,
  id,
  name,
  active,
  back,
}: {
  kind: "category" | "subcategory";
  id: number;
  name: string;
  active: number;
  back: string;
}) {
  return (
    <IntentButton
      intent="toggle"
      fields={{ kind, id, is_active: active ? "0" : "1", back }}
      label={`${active ? "Deactivate" : "Activate"} ${name}`}
    >
      {active ? "Deactivate" : "Activate"}
    </IntentButton>
  );
}

/** A row's Edit link, its activate/deactivate toggle and its Delete (confirmed first). */
function RowActions({
  kind,
  item,
  params,
  back,
}: {
  kind: "category" | "subcategory";
  item: { id: number; name: string; is_active: number; subcategory_count?: number };
  params: URLSearchParams;
  back: string;
}) {
  return (
    <div className="row-actions">
      <Link
        to={`/admin/${CATALOGUE_PATH[kind]}/edit/${item.id}`}
        className="btn btn-sm"
        aria-label={`Edit ${item.name}`}
      >
        Edit
      </Link>
      <ToggleForm kind={kind} id={item.id} name={item.name} active={item.is_active} back={back} />
      <ConfirmButton
        label="Delete"
        href={withParams(params, { confirm: "delete", kind, id: item.id })}
        question={deleteQuestion(kind, item.name, item.subcategory_count)}
        action="/admin/categories"
        fields={{ intent: "delete", kind, id: item.id, back }}
        confirmLabel="Delete"
        danger
      />
    </div>
  );
}

const CATALOGUE_PATH = { category: "categories", subcategory: "subcategories" } as const;

function SubcategoryTable({
  rows,
  params,
  back,
}: {
  rows: Route.ComponentProps["loaderData"]["subcategories"];
  params: URLSearchParams;
  back: string;
}) {
  return (
    <DataTable
      label="Subcategories table"
      columns={["Icon", "Name", "Slug", "Parent category", "Sellers", "Status", "Actions"]}
    >
      {rows.map((s) => (
        <tr key={s.id}>
          <td>
            <Icon icon={s.icon || s.category_icon} name={s.category_name} />
          </td>
          <th scope="row">{s.name}</th>
          <td>
            <code>{s.slug}</code>
          </td>
          <td>{s.category_name}</td>
          <td>{s.seller_count}</td>
          <td>
            <ActiveBadge active={s.is_active} />
          </td>
          <td>
            <RowActions kind="subcategory" item={s} params={params} back={back} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

export default function AdminCategories({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const { categories, subcategories, subcategoryTotal, parent, info, confirm } = loaderData;
  const tab = categoryTabFrom(params);
  const back = `?${params.toString()}`;
  const cancelHref = withParams(params, { confirm: null, kind: null, id: null });

  return (
    <div className="stack">
      <div className="row" style={{ justifyContent: "space-between" }}>
        <h1 className="admin-title">Categories Management</h1>
        <div className="row">
          <Link to="/admin/categories/new" className="btn btn-primary btn-sm">
            Add Category
          </Link>
          <Link
            to={parent ? `/admin/subcategories/new?category_id=${parent}` : "/admin/subcategories/new"}
            className="btn btn-sm"
          >
            Add Subcategory
          </Link>
        </div>
      </div>
      <ActionError message={actionData?.error} />
      {confirm ? (
        <DeleteConfirmSection
          title={`Delete ${confirm.name}?`}
          question={deleteQuestion(confirm.kind, confirm.name, confirm.subcategories)}
          action="/admin/categories"
          fields={{ intent: "delete", kind: confirm.kind, id: confirm.id, back: cancelHref }}
          cancelHref={cancelHref}
        />
      ) : null}

      <nav className="tabs" aria-label="Categories sections">
        <Link to="/admin/categories" aria-current={tab === "categories" ? "page" : undefined}>
          Categories ({categories.length})
        </Link>
        <Link to="?tab=subcategories" aria-current={tab === "subcategories" ? "page" : undefined}>
          Subcategories ({subcategoryTotal})
        </Link>
      </nav>

      {tab === "categories" ? (
        categories.length === 0 ? (
          <EmptyState title="No Categories Yet">
            Add the first category; sellers choose from the active ones.
          </EmptyState>
        ) : (
          <DataTable
            label="Categories table"
            columns={["Icon", "Name", "Slug", "Description", "Subcategories", "Sellers", "Status", "Actions"]}
          >
            {categories.map((c) => (
              <tr key={c.id}>
                <td>
                  <Icon icon={c.icon} name={c.name} />
                </td>
                <th scope="row">{c.name}</th>
                <td>
                  <code>{c.slug}</code>
                </td>
                <td className="small">{c.description || <span className="muted">—</span>}</td>
                <td>
                  <Link
                    to={`?tab=subcategories&category=${c.id}`}
                    aria-label={`${c.subcategory_count} subcategories of ${c.name}`}
                  >
                    {c.subcategory_count}
                  </Link>
                </td>
                <td>{c.seller_count}</td>
                <td>
                  <ActiveBadge active={c.is_active} />
                </td>
                <td>
                  <RowActions kind="category" item={c} params={params} back={back} />
                </td>
              </tr>
            ))}
          </DataTable>
        )
      ) : (
        <>
          <FilterBar
            label="Filter subcategories"
            clearTo="?tab=subcategories"
            values={{ category: parent }}
            idPrefix="s"
          >
            <input type="hidden" name="tab" value="subcategories" />
            <ChoiceFilter
              label="Parent category"
              name="category"
              choices={categories.map((c) => ({ value: String(c.id), label: c.name }))}
              anyLabel="All categories"
            />
          </FilterBar>
          {subcategories.length === 0 ? (
            <EmptyState title="No Subcategories Found">
              Subcategories narrow a category down; sellers pick them after their categories.
            </EmptyState>
          ) : (
            <SubcategoryTable rows={subcategories} params={params} back={back} />
          )}
          <Pagination info={info} params={params} />
        </>
      )}
    </div>
  );
}
