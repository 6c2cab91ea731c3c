import { reactRouter } from "@react-router/dev/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export const aliases = [
  { find: /^~db\//, replacement: fileURLToPath(new URL("./db/", import.meta.url)) },
  { find: /^~\//, replacement: fileURLToPath(new URL("./app/", import.meta.url)) },
];

export default defineConfig({
  plugins: [reactRouter()],
  resolve: { alias: aliases },
  build: { target: "es2022" },
  ssr: { external: ["better-sqlite3", "sharp"] },
});
