// The browser modules of the app that run nothing when imported: app/lib's and app/components' own files (not
// their folders: lib/validation/fields.ts sets zod's configuration when imported). vite.config.ts tells the
// bundler so, which then drops an import whose bindings a page does not use instead of keeping it for its
// effects (a shared chunk otherwise imported every module its other pages need: docs/performance.md, "The
// JavaScript of a first visit"). tests/unit/pure-modules.test.ts holds each such file to it.
export const PURE_APP_MODULES = /\/app\/(lib|components)\/[^/]+\.tsx?$/;
