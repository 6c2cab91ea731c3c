import { Link } from "react-router";
import type { SearchOutcome } from "~/models/sellers.server";

/**
 * What the directory says about a search beside its results: that the results are close matches only,
 * "Did you mean …?", and the closest categories when nothing matched. Plain links, no JavaScript needed.
 */
export function SearchNotice({
  text,
  outcome,
  hrefFor,
}: {
  text: string;
  outcome: Pick<SearchOutcome, "relaxed" | "did_you_mean" | "closest_categories">;
  hrefFor: (change: { search?: string; category?: string }) => string;
}) {
  const didYouMean = outcome.did_you_mean ? (
    <p>
      Did you mean{" "}
      <Link to={hrefFor({ search: outcome.did_you_mean })} className="search-suggestion">
        {outcome.did_you_mean}
      </Link>
      ?
    </p>
  ) : null;
  if (outcome.relaxed)
    return (
      <div className="notice search-notice" role="status">
        <p>No exact matches for “{text}” — showing close matches.</p>
        {didYouMean}
      </div>
    );
  if (!didYouMean && !outcome.closest_categories.length) return null;
  return (
    <div className="search-notice">
      {didYouMean}
      {outcome.closest_categories.length ? (
        <>
          <p>Or browse a category close to your search:</p>
          <ul className="row chips" aria-label="Categories close to your search">
            {outcome.closest_categories.map((c) => (
              <li key={c.slug}>
                <Link to={hrefFor({ search: "", category: c.slug })} className="chip">
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
