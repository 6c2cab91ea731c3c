import { getTextareaProps } from "@conform-to/react";
import { useForm } from "~/lib/form";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { getDb } from "~db/client";
import { ActionError, ConfirmPanel, RemoveButton } from "~/components/admin/confirm";
import { DataTable } from "~/components/admin/data-table";
import { EmptyState } from "~/components/admin/empty-state";
import { Field, FormErrors, RequiredMark, TextareaField } from "~/components/forms";
import { formatDate } from "~/lib/dates";
import { withParams } from "~/lib/paging";
import { privatePageMeta } from "~/lib/seo";
import { SYNONYM_LIMITS } from "~/lib/validation/constants";
import { synonymGroupFormSchema } from "~/lib/validation/search-synonyms";
import { type MatchRule, searchAdminAction, searchAdminPage } from "~/services/search-admin.server";
import { SEARCH_MAX_LENGTH } from "~/lib/constants";
import { requirePermission } from "~/services/session.server";
import type { Route } from "./+types/search";

// /admin/search: why a search finds what it finds (?try=), the groups of spelling variants and synonyms the
// search applies (add, edit, remove), and what visitors searched for in the last 30 days, each search a click
// away from a group of its own.

export const meta: Route.MetaFunction = () => privatePageMeta("Search | Admin");

export async function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(request, "search.manage", context);
  return searchAdminPage(getDb(), new URL(request.url).searchParams);
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requirePermission(request, "search.manage", context);
  return searchAdminAction(request, getDb(), user.actor);
}

type LoaderData = Route.ComponentProps["loaderData"];
type ActionData = Route.ComponentProps["actionData"];

export default function AdminSearch({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const { groups, top, empty, confirm, groupOf, days } = loaderData;
  const cancelHref = withParams(params, { confirm: null, id: null });
  const error = actionData && "error" in actionData ? actionData.error : undefined;
  return (
    <div className="stack">
      <h1 className="admin-title">Search</h1>
      <p className="muted">
        A word of a synonym group also finds every other word of it (saree finds sari). Changes apply to the next
        search, no re-indexing needed.
      </p>
      <ActionError message={error} />
      <ExplainSearch tried={loaderData.tried} explanation={loaderData.explanation} />
      {confirm ? (
        // The confirm step without JavaScript (with it, the row's Remove opens the same panel in a dialog).
        <section className="card card-pad" aria-labelledby="confirm-heading">
          <h2 id="confirm-heading" className="h3">
            Remove the group {confirm.terms.join(", ")}?
          </h2>
          <ConfirmPanel
            question={removeQuestion(confirm.terms)}
            action="/admin/search"
            fields={{ intent: "delete", id: confirm.id }}
            confirmLabel="Remove"
            danger
            cancelHref={cancelHref}
          />
        </section>
      ) : null}
      {/* A new key (another group, another searched word) starts the form afresh from its values. */}
      <GroupForm
        key={loaderData.editing ? `edit-${loaderData.editing.id}` : `new-${loaderData.word}`}
        loaderData={loaderData}
        actionData={actionData}
      />
      <section className="stack" aria-labelledby="groups-heading">
        <h2 id="groups-heading" className="h3">
          Synonym groups ({groups.length})
        </h2>
        {groups.length === 0 ? (
          <EmptyState title="No Synonym Groups">Add a group above: its words will find each other.</EmptyState>
        ) : (
          <DataTable label="Synonym groups table" columns={["Words", "Last changed", "Actions"]}>
            {groups.map((g) => {
              const name = g.terms.join(", ");
              return (
                <tr key={g.id}>
                  <th scope="row">{name}</th>
                  <td className="small">{formatDate(g.updated_at)}</td>
                  <td>
                    <div className="row-actions">
                      <Link to={`?edit=${g.id}#group-form`} className="btn btn-sm" aria-label={`Edit ${name}`}>
                        Edit
                      </Link>
                      <RemoveButton
                        href={withParams(params, { confirm: "delete", id: g.id, edit: null, word: null })}
                        question={removeQuestion(g.terms)}
                        action="/admin/search"
                        fields={{ intent: "delete", id: g.id }}
                      />
                    </div>
                  </td>
                </tr>
              );
            })}
          </DataTable>
        )}
      </section>
      <div className="form-grid-2">
        <SearchTable kind="top" days={days} rows={top} groupOf={groupOf} />
        <SearchTable kind="empty" days={days} rows={empty} groupOf={groupOf} />
      </div>
    </div>
  );
}

/** What each rule means, in the words staff read in the explanation's tables. */
const RULE_LABELS: Record<MatchRule, string> = {
  typed: "As typed",
  variant: "Variant (plural or singular)",
  synonym: "Synonym group",
  category: "Category name in another language",
  sound: "Sounds alike",
  transliteration: "Same sound, another script",
  typo: "Typo (one edit)",
  "second typo": "Typo (two edits)",
};

/**
 * A GET form: a search as a visitor would make it, explained word by word (the index's words each finds, by
 * which rule, and how many sellers), and its first page with the words each seller matched.
 */
function ExplainSearch({ tried, explanation }: { tried: LoaderData["tried"]; explanation: LoaderData["explanation"] }) {
  return (
    <section className="card card-pad stack" aria-labelledby="explain-heading">
      <h2 id="explain-heading" className="h3">
        Explain a search
      </h2>
      <Form key={tried} method="get" role="search" aria-label="Explain a search" className="row">
        <Field
          label="Search as a visitor would"
          hint="Shows what each word finds and why: as typed, a variant, a synonym, a sound-alike in any script, or a typo."
          inputProps={{
            id: "explain-try",
            name: "try",
            type: "search",
            defaultValue: tried,
            maxLength: SEARCH_MAX_LENGTH,
          }}
        />
        <button type="submit" className="btn btn-primary btn-sm">
          Explain
        </button>
      </Form>
      {tried && !explanation ? <p className="muted">“{tried}” has no word to search for.</p> : null}
      {explanation ? (
        <>
          <p>
            {explanation.total} {explanation.total === 1 ? "business" : "businesses"} found
            {explanation.relaxed ? " (no business matched every word: these match the most of them)" : ""}.
          </p>
          {explanation.words.map((w) => (
            <DataTable
              key={w.word}
              label={`What “${w.word}” finds`}
              columns={["Word in the index", "Why", "Sellers (whole word)", "Sellers (beginning)"]}
            >
              {w.alternatives.map((a) => (
                <tr key={a.term}>
                  <th scope="row">{a.term}</th>
                  <td>{RULE_LABELS[a.rule]}</td>
                  <td>{a.whole}</td>
                  <td>{a.beginning}</td>
                </tr>
              ))}
            </DataTable>
          ))}
          {explanation.results.length ? (
            <DataTable label="First page of the results" columns={["Business", "Matched"]}>
              {explanation.results.map((r) => (
                <tr key={r.id}>
                  <th scope="row">
                    <Link to={`/seller/${r.id}`}>{r.name}</Link>
                  </th>
                  <td className="small">
                    {r.matched
                      .map((m) =>
                        m.terms.length
                          ? `${m.word}: ${m.terms.map((t) => `${t.term} (${RULE_LABELS[t.rule].toLowerCase()})`).join(", ")}`
                          : `${m.word}: not matched`,
                      )
                      .join("; ")}
                  </td>
                </tr>
              ))}
            </DataTable>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

function removeQuestion(terms: string[]): string {
  return `Remove the group ${terms.join(", ")}? Searches for one of these words will no longer find the others.`;
}

/** The add form, or the edit form of ?edit=id; ?word= starts a new group with a searched word. */
function GroupForm({ loaderData, actionData }: { loaderData: LoaderData; actionData: ActionData }) {
  const { editing, word } = loaderData;
  const navigation = useNavigation();
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  const [form, fields] = useForm({
    id: `synonym-group-${editing?.id ?? "new"}`,
    lastResult: navigation.state === "idle" ? lastResult : null,
    defaultValue: { words: editing ? editing.terms.join(", ") : word ? `${word}, ` : "" },
    constraint: getZodConstraint(synonymGroupFormSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: synonymGroupFormSchema }),
  });
  const busy = navigation.state === "submitting";
  const title = editing ? `Edit the group ${editing.terms.join(", ")}` : "Add a synonym group";
  return (
    // The links to the form name its section (#group-form): the form's own id is conform's, which its
    // fields point to (form=…).
    <section id="group-form" aria-labelledby="group-form-heading">
      <Form
        method="post"
        action={editing ? `/admin/search?edit=${editing.id}` : "/admin/search"}
        {...form.props}
        className="form-section"
        aria-labelledby="group-form-heading"
      >
        <h2 id="group-form-heading" className="h3">
          {title}
        </h2>
        <FormErrors errors={form.errors} />
        <input type="hidden" name="intent" value="save" />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        <TextareaField
          label={<>Words {RequiredMark}</>}
          errors={fields.words.errors}
          hint={`Two to ${SYNONYM_LIMITS.words} single words (letters and digits), separated by commas or new lines, e.g. saree, sari, sarees. A word can be in one group only.`}
          textareaProps={{
            ...getTextareaProps(fields.words),
            rows: 3,
            maxLength: SYNONYM_LIMITS.text,
            autoFocus: word && !editing ? true : undefined,
          }}
        />
        <div className="row">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? "Saving…" : editing ? "Save group" : "Add group"}
          </button>
          {editing || word ? (
            <Link to="/admin/search" className="btn">
              Cancel
            </Link>
          ) : null}
        </div>
      </Form>
    </section>
  );
}

type StatRow = LoaderData["top"][number];

/** A table of searched words, each with a link to a group with it (its own group if it has one). */
// The two tables of searches: the most searched, and those that found nothing.
const SEARCH_TABLES = {
  top: {
    id: "top-searches",
    title: (days: number) => `Most searched, last ${days} days`,
    empty: "No searches counted yet. Visitors' searches of the directory appear here within a minute.",
    columns: ["Search", "Searches", "Found nothing", "Synonyms"],
    cells: (r: StatRow): React.ReactNode[] => [r.searches, r.empty_searches],
  },
  empty: {
    id: "empty-searches",
    title: (days: number) => `Found nothing, last ${days} days`,
    empty: "Every search of these days found at least one business.",
    columns: ["Search", "Times", "Last searched", "Synonyms"],
    cells: (r: StatRow): React.ReactNode[] => [r.empty_searches, formatDate(r.last_day)],
  },
};

function SearchTable({
  kind,
  days,
  rows,
  groupOf,
}: {
  kind: keyof typeof SEARCH_TABLES;
  days: number;
  rows: StatRow[];
  groupOf: Record<string, number>;
}) {
  const { id, empty, columns, cells } = SEARCH_TABLES[kind];
  const title = SEARCH_TABLES[kind].title(days);
  return (
    <section className="stack" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="h3">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <DataTable label={`${title}: table`} columns={columns}>
          {rows.map((r) => {
            const group = groupOf[r.query];
            return (
              <tr key={r.query}>
                <th scope="row">{r.query}</th>
                {cells(r).map((cell, i) => (
                  <td key={i}>{cell}</td>
                ))}
                <td>
                  {group ? (
                    <Link
                      to={`?edit=${group}#group-form`}
                      className="btn btn-sm"
                      aria-label={`Edit the group of ${r.query}`}
                    >
                      Edit group
                    </Link>
                  ) : (
                    <Link
                      to={`?word=${encodeURIComponent(r.query)}#group-form`}
                      className="btn btn-sm"
                      aria-label={`Add synonyms for ${r.query}`}
                    >
                      Add synonyms
                    </Link>
                  )}
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
    </section>
  );
}
