// Paging of the back-office lists: the page and page size from the URL, and the 'Showing x to y of z' figures.

export type Paging = { page: number; limit: number };
export type PageInfo = Paging & { total: number; pages: number; from: number; to: number };

/** The page (1 when absent or malformed) and page size (one of `sizes`, else the first) of a list URL. */
export function pagingFrom(params: URLSearchParams, sizes: readonly number[] = [20]): Paging {
  const page = Number(params.get("page"));
  const limit = Number(params.get("limit"));
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    limit: sizes.includes(limit) ? limit : sizes[0],
  };
}

export function pageInfo(paging: Paging, total: number): PageInfo {
  const pages = Math.max(1, Math.ceil(total / paging.limit));
  const from = total === 0 ? 0 : (paging.page - 1) * paging.limit + 1;
  return { ...paging, total, pages, from: Math.min(from, total), to: Math.min(paging.page * paging.limit, total) };
}

/** The same list URL with other query values (empty ones dropped). */
export function withParams(
  params: URLSearchParams,
  changes: Record<string, string | number | null | undefined>,
): string {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === "") next.delete(key);
    else next.set(key, String(value));
  }
  const qs = next.toString();
  return qs ? `?${qs}` : "?";
}

/**
 * Where an admin action returns: its list page with the query its form carried in `back` (re-encoded,
 * so never another path or site), less the one-time keys (confirm step, selection).
 */
export function returnUrl(path: string, back: unknown, drop: string[] = ["confirm", "id", "selected"]): string {
  const params = new URLSearchParams(typeof back === "string" ? back.replace(/^\?/, "") : "");
  for (const key of drop) params.delete(key);
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}
