import type { ReactNode } from "react";
import { Form, Link, useLocation } from "react-router";
import { FilterValues } from "../filter-fields";

/**
 * The filter bar of every admin list: a GET form (it works without JavaScript) whose fields start from
 * the URL. It is keyed by the query string, so after any navigation — "Clear Filters", a tab, the back
 * button — the fields show what the URL says, never what was typed before. With `exportTo`, an
 * "Export CSV" link beside the buttons downloads the list as filtered (the values, nothing else of the URL).
 */
export function FilterBar({
  label,
  clearTo,
  values,
  idPrefix,
  className = "filters cols-48",
  exportTo,
  children,
}: {
  label: string;
  clearTo: string;
  /** What the URL filters by, by field name: the fields start from it. */
  values: Parameters<typeof FilterValues>[0]["values"];
  idPrefix: string;
  className?: string;
  /** the list's CSV export (a path); the filters' values are added to it */
  exportTo?: string;
  children: ReactNode;
}) {
  const { search } = useLocation();
  return (
    <Form key={search} method="get" className={className} role="search" aria-label={label}>
      <FilterValues idPrefix={idPrefix} values={values}>
        {children}
      </FilterValues>
      <div className="row">
        <button type="submit" className="btn btn-sm btn-primary">
          Apply
        </button>
        <Link to={clearTo} className="btn btn-sm">
          Clear Filters
        </Link>
        {exportTo ? (
          <a className="btn btn-sm" href={withValues(exportTo, values)} download>
            Export CSV
          </a>
        ) : null}
      </div>
    </Form>
  );
}

/** A path with the filters that are set as its query. */
function withValues(path: string, values: Parameters<typeof FilterValues>[0]["values"]): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value != null && value !== "") query.set(name, String(value));
  const text = String(query);
  return text ? `${path}?${text}` : path;
}
