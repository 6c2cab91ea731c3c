import type { ReactNode } from "react";
import { Form, Link, useLocation } from "react-router";
import { FilterValues } from "../filter-fields";

/**
 * The filter bar of every admin list: a GET form (it works without JavaScript) whose fields start from
 * the URL. It is keyed by the query string, so after any navigation — "Clear Filters", a tab, the back
 * button — the fields show what the URL says, never what was typed before.
 */
export function FilterBar({
  label,
  clearTo,
  values,
  idPrefix,
  className = "filters",
  children,
}: {
  label: string;
  clearTo: string;
  /** What the URL filters by, by field name: the fields start from it. */
  values: Parameters<typeof FilterValues>[0]["values"];
  idPrefix: string;
  className?: string;
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
      </div>
    </Form>
  );
}
