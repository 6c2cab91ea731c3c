import { Form, Link, redirect } from "react-router";
import { ChoiceFilter, FilterValues, SearchFilter } from "~/components/filter-fields";
import { SellerCard, toSellerCard } from "~/components/seller-card";
import { DEFAULT_LOCALE } from "~/lib/locales";
import { GridIcon, ListIcon, SearchIcon, XIcon } from "~/components/icons";
import { getDb } from "~db/client";
import { CITIES, DIRECTORY_PAGE_SIZE } from "~/lib/constants";
import { directoryQueryFields, directoryQuerySchema } from "~/lib/validation/directory";
import { listActiveCategories } from "~/models/categories.server";
import { listPublicSellers } from "~/models/sellers.server";
import { formatCount } from "~/lib/format";
import { directoryPath, directoryRobots, pageMeta } from "~/lib/seo";
import { SearchNotice } from "~/components/search-notice";
import type { Route } from "./+types/directory";
import { publicCacheHeaders } from "~/services/response-cache/cache-control.server";
import { countSearch } from "~/services/search-stats.server";

export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return [{ title: "Directory | BWP Directory" }];
  const { query, pagination } = data;
  const category = data.categories.find((c) => c.slug === query.category)?.name ?? query.category;
  const what = category || "Women-Led Businesses";
  const where = query.city ? ` in ${query.city}` : "";
  let title = query.search
    ? `Search results for “${query.search}”`
    : category || query.city
      ? `${what}${where}`
      : "Directory of Women-Led Businesses";
  if (query.page > 1) title += ` — Page ${query.page}`;
  const found = `${formatCount(pagination.total)} verified women-led business${pagination.total === 1 ? "" : "es"}`;
  const description = query.search
    ? `${found} matching “${query.search}” on BWP Directory.`
    : category || query.city
      ? `Browse ${found}${category ? ` for ${category.toLowerCase()}` : ""}${where}: reviews, prices and contact details.`
      : `Browse ${found}: search by name, category and city.`;
  return pageMeta(matches, {
    title,
    description,
    path: directoryPath(query),
    robots: directoryRobots({ ...query, total: pagination.total }),
  });
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = url.searchParams;
  // The home hero search (a plain GET form): trim the text, and a blank one means the plain directory.
  const rawSearch = params.get("search");
  if (rawSearch !== null && (rawSearch.trim() === "" || rawSearch.trim() !== rawSearch)) {
    if (rawSearch.trim()) params.set("search", rawSearch.trim());
    else params.delete("search");
    const qs = params.toString();
    throw redirect(qs ? `/directory?${qs}` : "/directory");
  }
  const raw = directoryQueryFields(params);
  // The page never fails on a bad page number: it falls back to page 1 (the API answers 400 instead).
  let parsed = directoryQuerySchema.safeParse({ ...raw, limit: String(DIRECTORY_PAGE_SIZE), featured: undefined });
  if (!parsed.success)
    parsed = directoryQuerySchema.safeParse({
      ...raw,
      page: "1",
      limit: String(DIRECTORY_PAGE_SIZE),
      featured: undefined,
    });
  const query = parsed.success ? parsed.data : directoryQuerySchema.parse({});
  const db = getDb();
  const [categories, result] = await Promise.all([listActiveCategories(db), listPublicSellers(db, query)]);
  countSearch(request, query.search, result.pagination.total);
  return {
    query: { search: query.search, category: query.category, city: query.city, page: query.page },
    view: params.get("view") === "list" ? ("list" as const) : ("grid" as const),
    categories: categories.map(({ id, name, slug }) => ({ id, name, slug })),
    // The page's language; the URL's once the site has language prefixes.
    sellers: result.sellers.map((seller) => toSellerCard(seller, DEFAULT_LOCALE)),
    pagination: result.pagination,
    search: result.search ?? null,
  };
}

type State = { search: string; category: string; city: string; page: number; view: "grid" | "list" };

function directoryHref(state: State, changes: Partial<State>): string {
  const next = { ...state, ...changes };
  const params = new URLSearchParams();
  if (next.search) params.set("search", next.search);
  if (next.category) params.set("category", next.category);
  if (next.city) params.set("city", next.city);
  if (next.view === "list") params.set("view", "list");
  if (next.page > 1) params.set("page", String(next.page));
  const qs = params.toString();
  return qs ? `/directory?${qs}` : "/directory";
}

function pageWindow(page: number, pages: number): (number | "…")[] {
  const out: (number | "…")[] = [];
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - page) <= 1) out.push(p);
    else if (out[out.length - 1] !== "…") out.push("…");
  }
  return out;
}

export const headers: Route.HeadersFunction = publicCacheHeaders;

export default function Directory({ loaderData }: Route.ComponentProps) {
  const { query, view, categories, sellers, pagination, search } = loaderData;
  const state: State = { ...query, view };
  const categoryName = categories.find((c) => c.slug === query.category)?.name ?? query.category;
  const hasFilters = Boolean(query.search || query.category || query.city);
  const pastLastPage = pagination.total > 0 && query.page > pagination.pages;

  return (
    <>
      <section className="page-hero">
        <div className="container">
          <h1>Discover Women-Led Businesses</h1>
          <p>
            Verified sellers from our community — fashion, food, wellness, services and more. Search by name, category
            or city.
          </p>
          {/* key resets the uncontrolled fields when the URL changes (e.g. Clear all filters) */}
          <Form
            method="get"
            action="/directory"
            className="card search-panel"
            role="search"
            key={`${query.search}|${query.category}|${query.city}`}
          >
            <FilterValues idPrefix="dir" values={query}>
              <SearchFilter placeholder="Business, owner, product or locality" maxLength={100} suggest />
              <ChoiceFilter
                label="Category"
                name="category"
                choices={categories.map((c) => ({ value: c.slug, label: c.name }))}
                anyLabel="All categories"
                controlClassName="select"
              />
              <ChoiceFilter label="City" name="city" choices={CITIES} anyLabel="All cities" controlClassName="select" />
            </FilterValues>
            {view === "list" ? <input type="hidden" name="view" value="list" /> : null}
            <button type="submit" className="btn btn-primary">
              <SearchIcon /> Search
            </button>
          </Form>
        </div>
      </section>

      <section className="container section" aria-labelledby="results-heading">
        <div className="results-bar">
          <h2 id="results-heading" aria-live="polite">
            {pagination.total} Businesses Found
          </h2>
          <nav className="view-toggle" aria-label="Layout">
            <Link
              to={directoryHref(state, { view: "grid" })}
              aria-current={view === "grid" ? "true" : undefined}
              preventScrollReset
            >
              <GridIcon /> Grid
            </Link>
            <Link
              to={directoryHref(state, { view: "list" })}
              aria-current={view === "list" ? "true" : undefined}
              preventScrollReset
            >
              <ListIcon /> List
            </Link>
          </nav>
        </div>

        {hasFilters ? (
          <div className="filter-chips" role="group" aria-label="Active filters">
            {query.search ? (
              <Link
                className="chip chip-remove"
                to={directoryHref(state, { search: "", page: 1 })}
                aria-label={`Remove search ${query.search}`}
              >
                Search: “{query.search}” <XIcon />
              </Link>
            ) : null}
            {query.category ? (
              <Link
                className="chip chip-remove"
                to={directoryHref(state, { category: "", page: 1 })}
                aria-label={`Remove category ${categoryName}`}
              >
                {categoryName} <XIcon />
              </Link>
            ) : null}
            {query.city ? (
              <Link
                className="chip chip-remove"
                to={directoryHref(state, { city: "", page: 1 })}
                aria-label={`Remove city ${query.city}`}
              >
                {query.city} <XIcon />
              </Link>
            ) : null}
            <Link to={directoryHref(state, { search: "", category: "", city: "", page: 1 })} className="small">
              Clear all filters
            </Link>
          </div>
        ) : null}

        {search && !pastLastPage ? (
          <SearchNotice
            text={query.search}
            outcome={search}
            hrefFor={(change) => directoryHref(state, { ...change, page: 1 })}
          />
        ) : null}

        {sellers.length ? (
          <div className={view === "list" ? "seller-list" : "seller-grid"}>
            {sellers.map((s, i) => (
              <SellerCard
                key={s.id}
                seller={s}
                layout={view}
                eager={i < 4}
                priority={i === 0}
                highlight={search?.highlight}
              />
            ))}
          </div>
        ) : pastLastPage ? (
          <div className="empty-state">
            <div className="icon" aria-hidden="true">
              📄
            </div>
            <h3>This page has no businesses</h3>
            <p className="muted">There are only {pagination.pages} pages of results.</p>
            <Link to={directoryHref(state, { page: 1 })} className="btn btn-primary">
              Go to the first page
            </Link>
          </div>
        ) : (
          <div className="empty-state">
            <div className="icon" aria-hidden="true">
              🔍
            </div>
            <h3>No businesses found</h3>
            <p className="muted">Try a different search, category or city.</p>
            <Link
              to={directoryHref(state, { search: "", category: "", city: "", page: 1 })}
              className="btn btn-primary"
            >
              Clear Filters
            </Link>
          </div>
        )}

        {pagination.pages > 1 && !pastLastPage ? (
          <nav className="pagination" aria-label="Pages">
            {query.page > 1 ? (
              <Link to={directoryHref(state, { page: query.page - 1 })} rel="prev">
                Previous
              </Link>
            ) : null}
            {pageWindow(query.page, pagination.pages).map((p, i) =>
              p === "…" ? (
                <span key={`gap-${i}`} aria-hidden="true">
                  …
                </span>
              ) : (
                <Link
                  key={p}
                  to={directoryHref(state, { page: p })}
                  aria-current={p === query.page ? "page" : undefined}
                  aria-label={`Page ${p}`}
                >
                  {p}
                </Link>
              ),
            )}
            {query.page < pagination.pages ? (
              <Link to={directoryHref(state, { page: query.page + 1 })} rel="next">
                Next
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>
    </>
  );
}
