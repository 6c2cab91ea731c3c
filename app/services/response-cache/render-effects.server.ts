import { AsyncLocalStorage } from "node:async_hooks";

// Side effects of rendering a page (a profile view, a search counted) that every answer served from the
// cache repeats.

const renderEffects = new AsyncLocalStorage<RenderEffect[]>();

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
  renderEffects.getStore()?.push(effect);
}

/** Runs `render` collecting the effects that `repeatOnCacheHit` records during it. */
export function collectRenderEffects<T>(effects: RenderEffect[], render: () => T): T {
  return renderEffects.run(effects, render);
}
