import { Form, Link, redirect } from "react-router";
import { ChoiceFilter, FilterValues, SearchFilter } from "~/components/filter-fields";
import { SellerCard, toSellerCard } from "~/components/seller-card";

import { GridIcon, ListIcon, SearchIcon, XIcon } from "~/components/icons";
import { getDb } from "~db/client";
import { CITIES, DIRECTORY_PAGE_SIZE } from "~/lib/constants";
import { directoryQueryFields, directoryQuerySchema } from "~/lib/validation/directory";
import { listActiveCategories } from "~/models/categories.server";
import { listPublicSellers, placeOfNear } from "~/services/directory.server";
import { WITHIN_KM_CHOICES } from "~/lib/geo";
import { translatorFromMatches } from "~/lib/i18n";
import { localePath } from "~/lib/locales";
import { useLocalePath, useT } from "~/components/i18n";
import { categoryNames, categoryName as shownCategoryName, messagesFor, pageLocale } from "~/services/i18n.server";
import { directoryPath, directoryRobots, pageMeta } from "~/lib/seo";
import { SearchNotice } from "~/components/search-notice";
import { UseMyLocation } from "~/components/use-my-location";
import type { Route } from "./+types/directory";
import { publicCacheHeaders } from "~/services/response-cache/cache-control.server";
import { countSearch } from "~/services/search-stats.server";
import { keepCachedWhileStatesHold } from "~/services/open-now.server";

export function meta({ data, matches }: Route.MetaArgs) {
  const t = translatorFromMatches(matches);
  if (!data) return [{ title: t("common.meta.titleSuffix", { title: t("common.nav.directory") }) }];
  const { query, pagination } = data;
  const category = data.categories.find((c) => c.slug === query.category)?.name ?? query.category;
  const city = query.city;
  let title = query.search
    ? t("directory.meta.searchTitle", { search: query.search })
    : category && city
      ? t("directory.meta.categoryCityTitle", { category, city })
      : category || (city ? t("directory.meta.cityTitle", { city }) : t("directory.meta.title"));
  if (query.page > 1) title = t("directory.meta.pageTitle", { title, page: query.page });
  const found = t("directory.meta.found", { count: pagination.total });
  const lower = category.toLowerCase();
  const description = query.search
    ? t("directory.meta.searchDescription", { found, search: query.search })
    : category && city
      ? t("directory.meta.categoryCityDescription", { found, category: lower, city })
      : category
        ? t("directory.meta.categoryDescription", { found, category: lower })
        : city
          ? t("directory.meta.cityDescription", { found, city })
          : t("directory.meta.description", { found });
  return pageMeta(matches, {
    title,
    description,
    path: directoryPath(query),
    // Near me is the visitor's own view of the list: never indexed (its canonical is the list without it).
    robots: query.near || query.open_now ? "noindex,follow" : directoryRobots({ ...query, total: pagination.total }),
  });
}

export async function loader(args: Route.LoaderArgs) {
  const { request } = args;
  const locale = pageLocale(args);
  const url = new URL(request.url);
  const params = url.searchParams;
  // The home hero search (a plain GET form): trim the text, and a blank one means the plain directory.
  const rawSearch = params.get("search");
  if (rawSearch !== null && (rawSearch.trim() === "" || rawSearch.trim() !== rawSearch)) {
    if (rawSearch.trim()) params.set("search", rawSearch.trim());
    else params.delete("search");
    const qs = params.toString();
    throw redirect(localePath(locale, qs ? `/directory?${qs}` : "/directory"));
  }
  const raw = directoryQueryFields(params);
  // The form offers four distances; another (hand-typed) one is left out, as a bad page number is.
  if (raw.within_km !== undefined && !WITHIN_KM_CHOICES.some((km) => String(km) === raw.within_km))
    delete raw.within_km;
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
  // Near a PIN code: nearest first. One that does not exist is said beside its field, and the list is
  // shown without it (the page answers as it does for any filter it cannot use).
  const near = placeOfNear(query.near, query.within_km);
  const nearError = near.ok ? null : { reason: near.reason, pincode: near.pincode ?? "" };
  const db = getDb();
  const [categories, result] = await Promise.all([
    listActiveCategories(db),
    listPublicSellers(db, { ...query, place: near.ok ? near.place : undefined }),
  ]);
  countSearch(request, query.search, result.pagination.total);
  // The cards' "Open now" badges hold until the first of them opens or closes: the cached page ends then.
  const at = Date.now();
  keepCachedWhileStatesHold(result.sellers, at);
  const categoryName = categoryNames(categories, locale);
  const search = result.search
    ? {
        ...result.search,
        closest_categories: result.search.closest_categories.map((c) => ({ ...c, name: categoryName(c.name) })),
      }
    : null;
  return {
    query: {
      search: query.search,
      category: query.category,
      city: query.city,
      near: query.near,
      within_km: query.within_km === undefined ? "" : String(query.within_km),
      open_now: query.open_now,
      page: query.page,
    },
    nearError,
    view: params.get("view") === "list" ? ("list" as const) : ("grid" as const),
    categories: categories.map((c) => ({ id: c.id, name: shownCategoryName(c, locale), slug: c.slug })),
    sellers: result.sellers.map((seller) => toSellerCard(seller, locale, categoryName, at)),
    pagination: result.pagination,
    search,
    messages: messagesFor(locale, ["directory"]),
  };
}

type State = {
  search: string;
  category: string;
  city: string;
  near: string;
  within_km: string;
  open_now: boolean;
  page: number;
  view: "grid" | "list";
};

/** The directory's address with other filters, in the language's form of `/directory` (`base`). */
function directoryHref(base: string, state: State, changes: Partial<State>): string {
  const next = { ...state, ...changes };
  const params = new URLSearchParams();
  if (next.search) params.set("search", next.search);
  if (next.category) params.set("category", next.category);
  if (next.city) params.set("city", next.city);
  if (next.near) params.set("near", next.near);
  if (next.near && next.within_km) params.set("within_km", next.within_km);
  if (next.open_now) params.set("open_now", "1");
  if (next.view === "list") params.set("view", "list");
  if (next.page > 1) params.set("page", String(next.page));
  const qs = params.toString();
  return qs ? `${base}?${qs}` : base;
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
  const { query, view, categories, sellers, pagination, search, nearError } = loaderData;
  const t = useT();
  const to = useLocalePath();
  const base = to("/directory");
  const quoteQuery = new URLSearchParams(
    Object.entries({ category: query.category, city: query.city }).filter(([, v]) => v),
  ).toString();
  const state: State = { ...query, view };
  const href = (changes: Partial<State>) => directoryHref(base, state, changes);
  const categoryName = categories.find((c) => c.slug === query.category)?.name ?? query.category;
  const hasFilters = Boolean(query.search || query.category || query.city || query.near || query.open_now);
  const nearErrorText = nearError
    ? nearError.reason === "malformed"
      ? t("directory.near.malformed")
      : nearError.reason === "unknown"
        ? t("directory.near.unknown", { pincode: nearError.pincode })
        : t("directory.near.noCentre", { pincode: nearError.pincode })
    : null;
  const withinKm = query.within_km ? Number(query.within_km) : null;
  const clearAll = { search: "", category: "", city: "", near: "", within_km: "", open_now: false, page: 1 };
  const pastLastPage = pagination.total > 0 && query.page > pagination.pages;

  return (
    <>
      <section className="page-hero">
        <div className="container">
          <h1>{t("directory.hero.title")}</h1>
          <p>{t("directory.hero.text")}</p>
          {/* key resets the uncontrolled fields when the URL changes (e.g. Clear all filters) */}
          <Form
            method="get"
            action={base}
            className="card search-panel"
            role="search"
            key={`${query.search}|${query.category}|${query.city}|${query.near}|${query.within_km}|${query.open_now}`}
          >
            <FilterValues idPrefix="dir" values={{ ...query, open_now: undefined }}>
              <SearchFilter
                label={t("directory.search.label")}
                placeholder={t("directory.search.placeholder")}
                maxLength={100}
                suggest
                categoryNames={Object.fromEntries(categories.map((c) => [c.slug, c.name]))}
              />
              <ChoiceFilter
                label={t("directory.search.category")}
                name="category"
                choices={categories.map((c) => ({ value: c.slug, label: c.name }))}
                anyLabel={t("directory.search.anyCategory")}
                controlClassName="select"
              />
              <ChoiceFilter
                label={t("directory.search.city")}
                name="city"
                choices={CITIES}
                anyLabel={t("directory.search.anyCity")}
                controlClassName="select"
                names
              />
              <div className="field">
                <label htmlFor="dir-near">{t("directory.search.near")}</label>
                <input
                  id="dir-near"
                  className="input"
                  type="text"
                  name="near"
                  inputMode="numeric"
                  autoComplete="postal-code"
                  maxLength={60}
                  defaultValue={query.near}
                  placeholder={t("directory.search.nearPlaceholder")}
                  aria-invalid={nearErrorText ? true : undefined}
                  aria-describedby={nearErrorText ? "dir-near-error" : undefined}
                />
                {nearErrorText ? (
                  <p id="dir-near-error" className="field-error">
                    {nearErrorText}
                  </p>
                ) : null}
                <UseMyLocation fieldId="dir-near" />
              </div>
              <ChoiceFilter
                label={t("directory.search.within")}
                name="within_km"
                choices={WITHIN_KM_CHOICES.map((km) => ({
                  value: String(km),
                  label: t("directory.search.withinKm", { km }),
                }))}
                anyLabel={t("directory.search.anyDistance")}
                controlClassName="select"
              />
              <div className="field">
                <label className="check-card">
                  <input type="checkbox" name="open_now" value="1" defaultChecked={query.open_now} />{" "}
                  {t("directory.search.openNow")}
                </label>
              </div>
            </FilterValues>
            {view === "list" ? <input type="hidden" name="view" value="list" /> : null}
            <button type="submit" className="btn btn-primary">
              <SearchIcon /> {t("directory.search.submit")}
            </button>
          </Form>
        </div>
      </section>

      <section className="container section" aria-labelledby="results-heading">
        <div className="results-bar">
          <h2 id="results-heading" aria-live="polite">
            {t("directory.results.count", { count: pagination.total })}
          </h2>
          <nav className="view-toggle" aria-label={t("directory.view.label")}>
            <Link to={href({ view: "grid" })} aria-current={view === "grid" ? "true" : undefined} preventScrollReset>
              <GridIcon /> {t("directory.view.grid")}
            </Link>
            <Link to={href({ view: "list" })} aria-current={view === "list" ? "true" : undefined} preventScrollReset>
              <ListIcon /> {t("directory.view.list")}
            </Link>
          </nav>
        </div>

        <p>
          <Link className="btn btn-sm" to={to(`/ask-for-a-quote${quoteQuery ? `?${quoteQuery}` : ""}`)}>
            {t("common.quotes.ask")}
          </Link>
        </p>

        {hasFilters ? (
          <div className="filter-chips" role="group" aria-label={t("directory.filters.label")}>
            {query.search ? (
              <Link
                className="chip chip-remove"
                to={href({ search: "", page: 1 })}
                aria-label={t("directory.filters.removeSearch", { search: query.search })}
              >
                {t("directory.filters.search", { search: query.search })} <XIcon />
              </Link>
            ) : null}
            {query.category ? (
              <Link
                className="chip chip-remove"
                to={href({ category: "", page: 1 })}
                aria-label={t("directory.filters.removeCategory", { category: categoryName })}
              >
                {categoryName} <XIcon />
              </Link>
            ) : null}
            {query.city ? (
              <Link
                className="chip chip-remove"
                to={href({ city: "", page: 1 })}
                aria-label={t("directory.filters.removeCity", { city: query.city })}
              >
                <span translate="no">{query.city}</span> <XIcon />
              </Link>
            ) : null}
            {query.near ? (
              <Link
                className="chip chip-remove"
                to={href({ near: "", within_km: "", page: 1 })}
                aria-label={t("directory.filters.removeNear", { place: query.near })}
              >
                {t("directory.filters.near", { place: query.near })} <XIcon />
              </Link>
            ) : null}
            {query.near && withinKm ? (
              <Link
                className="chip chip-remove"
                to={href({ within_km: "", page: 1 })}
                aria-label={t("directory.filters.removeWithin", { km: withinKm })}
              >
                {t("directory.search.withinKm", { km: withinKm })} <XIcon />
              </Link>
            ) : null}
            {query.open_now ? (
              <Link
                className="chip chip-remove"
                to={href({ open_now: false, page: 1 })}
                aria-label={t("directory.filters.removeOpenNow")}
              >
                {t("directory.search.openNow")} <XIcon />
              </Link>
            ) : null}
            <Link to={href(clearAll)} className="small">
              {t("directory.filters.clearAll")}
            </Link>
          </div>
        ) : null}

        {search && !pastLastPage ? (
          <SearchNotice text={query.search} outcome={search} hrefFor={(change) => href({ ...change, page: 1 })} />
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
            <h3>{t("directory.pastLast.title")}</h3>
            <p className="muted">{t("directory.pastLast.text", { pages: pagination.pages })}</p>
            <Link to={href({ page: 1 })} className="btn btn-primary">
              {t("directory.pastLast.first")}
            </Link>
          </div>
        ) : (
          <div className="empty-state">
            <div className="icon" aria-hidden="true">
              🔍
            </div>
            <h3>{t("directory.empty.title")}</h3>
            <p className="muted">{t("directory.empty.text")}</p>
            <Link to={href(clearAll)} className="btn btn-primary">
              {t("directory.empty.clear")}
            </Link>
          </div>
        )}

        {pagination.pages > 1 && !pastLastPage ? (
          <nav className="pagination" aria-label={t("directory.paging.label")}>
            {query.page > 1 ? (
              <Link to={href({ page: query.page - 1 })} rel="prev">
                {t("directory.paging.previous")}
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
                  to={href({ page: p })}
                  aria-current={p === query.page ? "page" : undefined}
                  aria-label={t("directory.paging.page", { page: p })}
                >
                  {p}
                </Link>
              ),
            )}
            {query.page < pagination.pages ? (
              <Link to={href({ page: query.page + 1 })} rel="next">
                {t("directory.paging.next")}
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>
    </>
  );
}
