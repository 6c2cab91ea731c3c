import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  buildDirectory: "build",
  // Middleware: the back-office guard runs once, in routes/admin/guard.ts, for every page, action and API.
  future: { v8_middleware: true },
} satisfies Config;
