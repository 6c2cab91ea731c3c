import type { ReactNode } from "react";
import type { PageInfo } from "~/lib/paging";
import { Pagination } from "./pagination";

/**
 * The back-office's table: a keyboard-scrollable region (a wide table scrolls on a phone, and keyboard
 * users can scroll it: axe `scrollable-region-focusable`), its header row, and the rows given as children.
 */
export function DataTable({
  label,
  columns,
  pagination,
  testId,
  children,
}: {
  label: string;
  columns: ReactNode[];
  /** The page links under the table, for a list that has pages. */
  pagination?: { info: PageInfo; params: URLSearchParams };
  /** The table's `data-testid`, for a test that reads its rows. */
  testId?: string;
  children: ReactNode;
}) {
  return (
    <>
      <div className="table-scroll" tabIndex={0} role="region" aria-label={label}>
        <table className="data-table" data-testid={testId}>
          <thead>
            <tr>
              {columns.map((column, i) => (
                <th key={i} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
      {pagination ? <Pagination info={pagination.info} params={pagination.params} /> : null}
    </>
  );
}
