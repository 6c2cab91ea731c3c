import { LRUCache } from "lru-cache";
import type { CachedResponse } from "./packed-body.server";

// The cache's memory: entries of one generation at a time, least recently used first out, bounded by bytes.

/** Entries live at most this long even when nothing changes (view counts on cards and profiles catch up). */
export const ENTRY_MAX_AGE_MS = 60_000;
const MAX_ENTRY_BYTES = 2 * 1024 * 1024;

export class ResponseStore {
  private generation: string | null = null;
  private startedSecond = 0;
  /** Last-Modified of this generation's answers, and whether If-Modified-Since can be trusted for them. */
  lastModified = { value: new Date(0).toUTCString(), trusted: false };
  private readonly lru: LRUCache<string, CachedResponse>;
  /** The entries that stop being true at a moment (epoch ms): a seller's state shown until her next opening or closing. */
  private readonly freshUntil = new WeakMap<CachedResponse, number>();

  constructor(
    maxBytes: number,
    private readonly now: () => number = Date.now,
  ) {
    this.lru = new LRUCache<string, CachedResponse>({
      maxSize: maxBytes,
      maxEntrySize: Math.min(MAX_ENTRY_BYTES * 2, maxBytes),
      sizeCalculation: (entry) => entry.bytes,
      ttl: ENTRY_MAX_AGE_MS,
      ttlAutopurge: false,
    });
  }

  /** Moves to `generation`, dropping every entry of an older one. */
  enter(generation: string): void {
    if (generation === this.generation) return;
    this.lru.clear();
    this.generation = generation;
    // A date is only a second precise: two generations in one second cannot be told apart by it.
    const second = Math.ceil(this.now() / 1000);
    this.lastModified = { value: new Date(second * 1000).toUTCString(), trusted: second !== this.startedSecond };
    this.startedSecond = second;
  }

  get(key: string): CachedResponse | undefined {
    const entry = this.lru.get(key);
    // The LRU's own ttl reads the monotonic clock; the moment a page stops being true is on the wall clock.
    const until = entry && this.freshUntil.get(entry);
    if (until !== undefined && this.now() >= until) {
      this.lru.delete(key);
      return undefined;
    }
    return entry;
  }

  /**
   * Stores an entry rendered in `generation`, unless the cache has moved on since; `until` (epoch ms) ends
   * it sooner than `ENTRY_MAX_AGE_MS` (a page whose content changes with the clock: `keepCachedUntil`), and
   * one already past is not kept.
   */
  set(key: string, generation: string, entry: CachedResponse, until: number | null = null): void {
    if (generation !== this.generation) return;
    if (until === null) {
      this.lru.set(key, entry);
      return;
    }
    const ttl = Math.min(ENTRY_MAX_AGE_MS, until - this.now());
    if (ttl < 1) return;
    this.freshUntil.set(entry, until);
    this.lru.set(key, entry, { ttl });
  }

  /** Counts `entry` again at its `bytes` (its deflate was made), if it is still the one kept under `key`. */
  recount(key: string, entry: CachedResponse): void {
    if (this.lru.peek(key) !== entry) return;
    // The LRU counts a value's size only when it is set anew: set again for the time it had left.
    const ttl = this.lru.getRemainingTTL(key);
    this.lru.delete(key);
    if (ttl > 0) this.lru.set(key, entry, { ttl });
  }

  get size(): number {
    return this.lru.size;
  }
}

export const MAX_BUFFERED_BYTES = MAX_ENTRY_BYTES;
