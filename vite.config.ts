import { reactRouter } from "@react-router/dev/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export const aliases = [
  { find: /^~db\//, replacement: fileURLToPath(new URL("./db/", import.meta.url)) },
  { find: /^~\//, replacement: fileURLToPath(new URL("./app/", import.meta.url)) },
];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter()],
  resolve: { alias: aliases },
  // The server build's entry is our Express server (it imports the app's build), as in React Router's
  // node-custom-server template: build/server/index.js is the whole compiled server.
  build: { target: "es2022", rollupOptions: isSsrBuild ? { input: "./scripts/server.ts" } : undefined },
  ssr: { external: ["better-sqlite3", "sharp"] },
}));
