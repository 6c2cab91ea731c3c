import type { Plugin } from "vite";

// React Router 7's server repeats per request work whose result depends only on the build
// (docs/performance.md, "Where an uncached render's time goes"; docs/decisions/226-react-router-server-patches.md):
//
// - matching: a document request matches its path three times (the request handler, the static handler's
//   `query`, the lazy route discovery's ancestors of the path), each trying the ranked branches one by one
//   (about 400 tries for `/directory`, the `:lang?` layout doubling its children) — the same answer for the
//   same path every time;
// - `ServerRouter` builds the route objects of all 277 routes from the manifest (`createServerRoutes`), and
//   `createStaticRouter` converts them all into data routes, for every page rendered;
// - `<Links>` and `<Scripts>` give the CSP nonce to every `<link>` and `modulepreload` as well as to the inline
//   scripts: 22 copies of it in `/directory` where 6 inline scripts need it. The stylesheet, icon and module
//   files come from the site's own origin (`'self'` in the CSP); a nonce on their links allows nothing more, but
//   every copy is one more place a cached answer splices its fresh nonce into (docs/performance.md, "The floor
//   of a cached answer").
//
// The server build bundles React Router (vite.config.ts) so that these places can be changed: a
// path's matches are remembered per set of branches (a bounded map; each caller gets its own copies of the
// match objects, all sharing one params object as React Router's do), and the route objects once per build's
// manifest. Each replacement must find its text: a React Router upgrade that changes it fails the build here,
// not silently at run time.

/** One replacement in React Router's files; `prelude` goes at the top of the module it changes. */
type Patch = { find: string; replace: string; prelude?: string };

/** React Router's production files, as the server's build bundles them. */
const REACT_ROUTER_FILE = /\/react-router\/dist\/production\/chunk-[A-Z0-9]+\.mjs$/;

const MATCH_CACHE_LIMIT = 2000;

const PATCHES: Patch[] = [
  {
    find: `  let branches = precomputedBranches ?? flattenAndRankRoutes(routes);
  let matches = null;
  let decoded = decodePath(pathname);
  for (let i = 0; matches == null && i < branches.length; ++i) {
    matches = matchRouteBranch(
      branches[i],
      decoded,
      allowPartial
    );
  }
  return matches;
}`,
    replace: `  let branches = precomputedBranches ?? flattenAndRankRoutes(routes);
  let decoded = decodePath(pathname);
  let remembered = precomputedBranches ? __bwpMatchesOf(precomputedBranches) : null;
  let key = allowPartial ? "p" + decoded : "e" + decoded;
  if (remembered?.has(key)) return __bwpCopyMatches(remembered.get(key));
  let matches = null;
  for (let i = 0; matches == null && i < branches.length; ++i) {
    matches = matchRouteBranch(
      branches[i],
      decoded,
      allowPartial
    );
  }
  if (remembered) {
    if (remembered.size >= ${MATCH_CACHE_LIMIT}) remembered.clear();
    remembered.set(key, __bwpCopyMatches(matches));
  }
  return matches;
}
var __bwpMatchesByBranches = new WeakMap();
function __bwpMatchesOf(branches) {
  let remembered = __bwpMatchesByBranches.get(branches);
  if (!remembered) __bwpMatchesByBranches.set(branches, remembered = new Map());
  return remembered;
}
function __bwpCopyMatches(matches) {
  if (!matches) return matches;
  let params = matches.length ? { ...matches[0].params } : {};
  return matches.map((match) => ({ ...match, params }));
}`,
  },
  {
    find: `function createStaticRouter(routes, context, opts = {}) {
  let manifest = {};
  let dataRoutes = convertRoutesToDataRoutes(
    routes,
    mapRouteProperties,
    void 0,
    manifest
  );`,
    replace: `var __bwpDataRoutesByRoutes = new WeakMap();
function createStaticRouter(routes, context, opts = {}) {
  let converted = __bwpDataRoutesByRoutes.get(routes);
  if (!converted) {
    let manifest2 = {};
    converted = { manifest: manifest2, dataRoutes: convertRoutesToDataRoutes(routes, mapRouteProperties, void 0, manifest2) };
    __bwpDataRoutesByRoutes.set(routes, converted);
  }
  let { manifest, dataRoutes } = converted;`,
  },
  {
    find: `  let { manifest, routeModules, criticalCss, serverHandoffString } = context;
  let routes = createServerRoutes(
    manifest.routes,
    routeModules,
    context.future,
    context.isSpaMode
  );`,
    prelude: "var __bwpServerRoutesByManifest = new WeakMap();\n",
    replace: `  let { manifest, routeModules, criticalCss, serverHandoffString } = context;
  let routes = __bwpServerRoutesByManifest.get(manifest.routes);
  if (!routes) {
    routes = createServerRoutes(
      manifest.routes,
      routeModules,
      context.future,
      context.isSpaMode
    );
    __bwpServerRoutesByManifest.set(manifest.routes, routes);
  }`,
  },
  // Every `<Link>` resolves its `to` twice (`useHref`, `useLinkClickHandler`), each time writing the matched routes'
  // paths out as JSON and reading them back: a page's 60-odd links did that some 120 times for the same few matches.
  // The JSON is kept per matches array (one per render and route level) and its reading per text (read only:
  // `resolveTo` never changes the list).
  {
    find: `  let routePathnamesJson = JSON.stringify(getResolveToMatches(matches));
  return React2.useMemo(
    () => resolveTo(
      to,
      JSON.parse(routePathnamesJson),`,
    prelude: `var __bwpPathnamesJsonByMatches = new WeakMap();
function __bwpPathnamesJsonOf(matches) {
  let json = __bwpPathnamesJsonByMatches.get(matches);
  if (json === void 0) {
    json = JSON.stringify(getResolveToMatches(matches));
    __bwpPathnamesJsonByMatches.set(matches, json);
  }
  return json;
}
var __bwpPathnamesByJson = new Map();
function __bwpPathnamesOf(json) {
  let pathnames = __bwpPathnamesByJson.get(json);
  if (!pathnames) {
    if (__bwpPathnamesByJson.size >= ${MATCH_CACHE_LIMIT}) __bwpPathnamesByJson.clear();
    pathnames = Object.freeze(JSON.parse(json));
    __bwpPathnamesByJson.set(json, pathnames);
  }
  return pathnames;
}
`,
    replace: `  let routePathnamesJson = __bwpPathnamesJsonOf(matches);
  return React2.useMemo(
    () => resolveTo(
      to,
      __bwpPathnamesOf(routePathnamesJson),`,
  },
  // The links of `<Links>` (a route's `links()`: the stylesheet, the icon) without the nonce; the critical CSS's
  // inline `<style>` keeps it.
  {
    find: `      "link",
      {
        key,
        nonce,
        ...link,`,
    replace: `      "link",
      {
        key,
        ...link,`,
  },
  // The `modulepreload` links of `<Scripts>` without the nonce (its inline scripts keep it).
  ...["manifest.url", "manifest.entry.module", "path"].map((href) => ({
    find: `      integrity: sri[${href}],
      nonce: scriptProps.nonce,`,
    replace: `      integrity: sri[${href}],`,
  })),
];

/** The Vite plugin: applies each patch to the server build's React Router, and fails the build if one finds no text. */
export function reactRouterServerPatches(): Plugin {
  const applied = new Set<Patch>();
  return {
    name: "bwp:react-router-server-patches",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    transform(code, id) {
      if (!REACT_ROUTER_FILE.test(id)) return null;
      let out = code;
      for (const patch of PATCHES) {
        if (!out.includes(patch.find)) continue;
        out = (patch.prelude ?? "") + out.replace(patch.find, patch.replace);
        applied.add(patch);
      }
      return out === code ? null : { code: out, map: null };
    },
    buildEnd(error) {
      if (error) return;
      const missing = PATCHES.filter((patch) => !applied.has(patch));
      if (missing.length)
        this.error(
          `React Router's server patches found no text for ${missing.length} of ${PATCHES.length} (an upgrade changed it): ` +
            missing.map((patch) => JSON.stringify(patch.find.split("\n")[0])).join(", "),
        );
    },
  };
}
