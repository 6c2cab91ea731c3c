import { lazyUntilUsed } from "./lazy-until-used";

// The browser's `#lazy/application-form` (package.json "imports", `#lazy/*`): /register's form. Its code (the
// form kit, the profile and category fields, the map picker) is not in the page's first download: the
// server's form stays as it is (a plain multipart post) until the visitor first focuses or presses it; on a
// visit that reaches /register by a link, it is fetched at once. The server's `#lazy/application-form` is the
// form itself, rendered in place under the page's Suspense boundary.
export const ApplicationForm = lazyUntilUsed("#application-form", () =>
  import("./application-form").then((m) => m.ApplicationForm),
);
