import { Link } from "react-router";
import type { SearchOutcome } from "~/services/directory.server";
import { T, useT } from "./i18n";

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
  const t = useT();
  const suggestion = outcome.did_you_mean;
  const didYouMean = suggestion ? (
    <p>
      <T
        k="directory.notice.didYouMean"
        values={{ suggestion }}
        components={{
          link: (word) => (
            <Link to={hrefFor({ search: suggestion })} className="search-suggestion" translate="no">
              {word}
            </Link>
          ),
        }}
      />
    </p>
  ) : null;
  if (outcome.relaxed)
    return (
      <div className="notice search-notice" role="status">
        <p>{t("directory.notice.relaxed", { search: text })}</p>
        {didYouMean}
      </div>
    );
  if (!didYouMean && !outcome.closest_categories.length) return null;
  return (
    <div className="search-notice">
      {didYouMean}
      {outcome.closest_categories.length ? (
        <>
          <p>{t("directory.notice.closest")}</p>
          <ul className="row chips" aria-label={t("directory.notice.closestLabel")}>
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
