// V8 options the production server starts with: `npm start` (package.json) passes them on its command
// line, the cluster's primary to its workers (server/index.ts), the bench and the reliability harness to
// the server they start (package.json repeats them: it cannot import this file).
//
// A young generation of 2 × 8 MB instead of V8's 2 × 16 MB: with the old generation held to 25 % growth
// (server/start.js), V8 counted the full young generation against that limit and ran a full collection
// every ~250 ms under a read load of cached pages (37 in 10 s against 3 with 100 % growth), which put
// the cached pages' p99 at 40-47 ms; with 8 MB it is 27-28 ms, as with 100 % growth, and the heap stays
// small (docs/performance.md). Only a start-up option: V8 sizes the young generation once.
export const NODE_FLAGS: readonly string[] = ["--max-semi-space-size=8"];
