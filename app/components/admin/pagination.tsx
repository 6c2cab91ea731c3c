import { formatCount } from "~/lib/format";
import { Link } from "react-router";
import { type PageInfo, withParams } from "~/lib/paging";

/** 'Showing x to y of z results' with Previous/Next links that keep the list's filters. */
export function Pagination({ info, params }: { info: PageInfo; params: URLSearchParams }) {
  return (
    <nav className="admin-pagination" aria-label="Pages">
      <p className="small muted" aria-live="polite">
        Showing {formatCount(info.from)} to {formatCount(info.to)} of {formatCount(info.total)} results
      </p>
      <div className="row">
        {info.page > 1 ? (
          <Link className="btn btn-sm" rel="prev" to={withParams(params, { page: info.page - 1 })}>
            Previous
          </Link>
        ) : (
          <span className="btn btn-sm" aria-disabled="true">
            Previous
          </span>
        )}
        <span className="small muted">
          Page {info.page} of {info.pages}
        </span>
        {info.page < info.pages ? (
          <Link className="btn btn-sm" rel="next" to={withParams(params, { page: info.page + 1 })}>
            Next
          </Link>
        ) : (
          <span className="btn btn-sm" aria-disabled="true">
            Next
          </span>
        )}
      </div>
    </nav>
  );
}
