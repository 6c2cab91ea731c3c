import { lazy } from "react";

// The browser's `#lazy/application-submitted` (package.json "imports", `#lazy/*`): /register's "application
// received" screen, fetched when it shows, not with the form; the server's is the component itself.
export const ApplicationSubmitted = lazy(() =>
  import("./application-submitted").then((m) => ({ default: m.ApplicationSubmitted })),
);
