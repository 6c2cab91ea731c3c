import type sharpModule from "sharp";

// sharp (libvips) is loaded at the first image a process handles, not at start-up: loading it costs each
// server process about 0.3 s of CPU (docs/performance.md, "Start-up"), and most requests never touch an image.
// One libvips thread per image and no operation cache (app/services/images.server.ts says why).
let loaded: Promise<typeof sharpModule> | undefined;

export function loadSharp(): Promise<typeof sharpModule> {
  return (loaded ??= import("sharp").then(({ default: sharp }) => {
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  }));
}
