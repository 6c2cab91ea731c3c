// The import boundaries of docs/architecture.md, checked by `npm run lint` (dependency-cruiser).
// One direction: routes → components → services → models → db, with app/lib (isomorphic: no database,
// no Node-only code) at the bottom, and db/ importing nothing from app/ but app/lib.
// Type-only imports are allowed across layers (they vanish at build time), except into the browser.

const layer = (name) => `^app/${name}/`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycles",
      severity: "error",
      comment: "Modules that import each other cannot be understood (or tested) apart.",
      from: { path: "^(app|db|server)/" },
      to: { circular: true, dependencyTypesNot: ["type-only"] },
    },
    {
      name: "lib-is-the-bottom",
      severity: "error",
      comment: "app/lib is shared by browser and server: it imports only other lib modules and packages.",
      from: { path: layer("lib") },
      to: { path: "^(app/(routes|components|services|models)|db|server)/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "models-below-services",
      severity: "error",
      comment: "Models hold the SQL and know nothing of services, components, routes or HTTP.",
      from: { path: layer("models") },
      to: { path: "^(app/(routes|components|services)|server)/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "services-below-components",
      severity: "error",
      comment: "Services are server logic: they never import views or route modules.",
      from: { path: layer("services") },
      to: { path: "^(app/(routes|components)|server)/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "components-are-views",
      severity: "error",
      comment: "Components render data; they reach no server module (their code ships to the browser).",
      from: { path: layer("components") },
      to: { path: "^(app/(routes|services|models)/|db/|server/)|\\.server\\.tsx?$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "db-below-app",
      severity: "error",
      comment: "db/ (client, migrations, seed) may use app/lib only.",
      from: { path: "^db/" },
      to: { path: "^(app/(routes|components|services|models)|server)/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "sql-only-in-models",
      severity: "error",
      comment: "Only models (and db/) build queries: a service or route passes the DB handle, never SQL.",
      from: { path: "^app/(services|routes|components|lib)/" },
      to: { path: "kysely", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "drivers-only-in-db",
      severity: "error",
      comment:
        "The engine seam: only db/ opens the drivers and sends them SQL (the rest of the rule, no engine tests and no engine-specific SQL in models, is ESLint's: eslint.config.js). Scripts are tools and may.",
      from: { path: "^(app|server)/" },
      to: { path: "(^|/)node_modules/(pg|pg-cursor|better-sqlite3)/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "uploads-only-through-the-store",
      severity: "error",
      comment:
        "Every read and write of an uploaded file goes through app/services/upload-store.server.ts (folder or S3 bucket). The file system stays with the settings (the secret file), the backups' folder and the local share-card cache.",
      from: {
        path: "^(app|server)/",
        pathNot:
          "^app/services/(upload-store|config|backup|backup-seal|share-card)\\.server\\.ts$|^server/(precompressed-assets\\.ts|start\\.js)$",
      },
      to: { path: "^node:fs|^fs(/promises)?$" },
    },
    {
      name: "server-only-in-server-modules",
      severity: "error",
      comment: "Route views and components must not pull Node-only code into the browser bundle by name.",
      from: { path: "^app/(lib|components)/" },
      to: { path: "^node:|^(fs|path|crypto|child_process|os)$", dependencyTypesNot: ["type-only"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // node_modules stays in the graph (not followed), so rules about packages (kysely, the drivers) can see it.
    exclude: { path: "^(build|\\.react-router)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
