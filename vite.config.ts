import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter()],
  // The import aliases (~/ for app, ~db/ for db) are declared once, in tsconfig.json: Vite, Vitest, tsx and Playwright read them there.
  resolve: { tsconfigPaths: true },
  // The server build's entry is our Express server (it imports the app's build), as in React Router's
  // node-custom-server template: build/server/index.js is the whole compiled server.
  build: { target: "es2022", rollupOptions: isSsrBuild ? { input: "./server/index.ts" } : undefined },
  ssr: { external: ["better-sqlite3", "sharp"] },
}));
