// The React Router build as a module (vite's virtual module, bundled by `npm run build`); server/index.ts casts it to ServerBuild.
declare module "virtual:react-router/server-build" {}
