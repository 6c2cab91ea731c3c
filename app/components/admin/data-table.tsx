import type { ReactNode } from "react";

/**
 * The back-office's table: a keyboard-scrollable region (a wide table scrolls on a phone, and keyboard
 * users can scroll it: axe `scrollable-region-focusable`), its header row, and the rows given as children.
 */
export function DataTable({ label, columns, children }: { label: string; columns: ReactNode[]; children: ReactNode }) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={label}>
      <table className="data-table">
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
  );
}
