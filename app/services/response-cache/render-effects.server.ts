import { AsyncLocalStorage } from "node:async_hooks";

// What a render tells the cache besides its bytes: side effects (a profile view, a search counted) that
// every answer served from the cache repeats, and the moment its copy stops being true without any write
// (a seller's "Open · closes 7 pm" at 7 pm).

/** What the render of one page for the cache recorded. */
export interface RenderRecord {
  effects: RenderEffect[];
  /** epoch ms after which the page must be rendered again (the first opening or closing it shows), or null */
  freshUntil: number | null;
}

const renderRecords = new AsyncLocalStorage<RenderRecord>();

/** What an effect learns of the request it runs for: the rendering one, or each one a cached answer serves. */
export type EffectRequest = { userAgent: string | undefined };
export type RenderEffect = (request: EffectRequest) => void;

/**
 * Runs a side effect of rendering a page (counting a profile view, a search) and, when the page is being
 * rendered for the cache, records it so every answer served from the cache runs it again, told that
 * answer's request (server/serve-from-cache.ts).
 */
export function repeatOnCacheHit(effect: RenderEffect, request?: Request): void {
  effect({ userAgent: request?.headers.get("User-Agent") ?? undefined });
  renderRecords.getStore()?.effects.push(effect);
}

/**
 * Tells the cache the page being rendered must not be served after `at` (epoch ms): what it shows changes
 * with the clock then (docs/decisions/214-opening-hours-one-json-column-state-from-the-clock.md). The
 * earliest of a render's calls wins; null is "no such moment".
 */
export function keepCachedUntil(at: number | null): void {
  const record = renderRecords.getStore();
  if (!record || at === null) return;
  if (record.freshUntil === null || at < record.freshUntil) record.freshUntil = at;
}

/** Runs `render` collecting what `repeatOnCacheHit` and `keepCachedUntil` record during it. */
export function collectRender<T>(record: RenderRecord, render: () => T): T {
  return renderRecords.run(record, render);
}
