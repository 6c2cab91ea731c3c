import { lazy } from "react";

// The browser's `#lazy/review-form` (package.json "imports", `#lazy/*`): the seller page's review form, downloaded when it
// first renders (the page opens on Overview; the form is on the Reviews tab), not with the page. The
// server's `#lazy/review-form` is the form itself, so the server renders it in place and the tab works
// without JavaScript; the page wraps it in a Suspense boundary, which keeps the server's markup until
// the code is there.
export const ReviewForm = lazy(() => import("./review-form").then((m) => ({ default: m.ReviewForm })));
