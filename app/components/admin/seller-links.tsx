import type { ReactNode } from "react";
import { Link } from "react-router";
import { withParams } from "~/lib/paging";

/** A seller's identity card (SVG), to view in a new tab or download. */
export function IdentityCardLink({
  sellerId,
  format,
  className,
  children,
}: {
  sellerId: number;
  format: "view" | "download";
  className: string;
  children: ReactNode;
}) {
  return (
    <a
      className={className}
      href={`/api/admin/sellers/${sellerId}/identity-card?format=${format}`}
      target="_blank"
      rel="noreferrer"
    >
      {children}
    </a>
  );
}

/** Ticks every row of the page (?selected=all, so it works without JavaScript), or clears that. */
export function SelectAllLink({ params, allSelected }: { params: URLSearchParams; allSelected: boolean }) {
  return allSelected ? (
    <Link to={withParams(params, { selected: null })} className="small">
      Clear selection
    </Link>
  ) : (
    <Link to={withParams(params, { selected: "all" })} className="small">
      Select all on this page
    </Link>
  );
}
