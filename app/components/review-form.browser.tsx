import { lazyUntilUsed } from "./lazy-until-used";

// The browser's `#lazy/review-form` (package.json "imports", `#lazy/*`): the seller page's review form. Its code
// is not in the page's first download: on the Reviews tab opened by a link, the server's form stays as it is
// (a plain post to the page) until the visitor first focuses or presses it; opened by a click on the tab,
// it is fetched at once. The server's `#lazy/review-form` is the form itself, so the server renders it in
// place and the tab works without JavaScript; the page wraps it in a Suspense boundary, which keeps the
// server's markup until the code is there.
export const ReviewForm = lazyUntilUsed("#review-form", () => import("./review-form").then((m) => m.ReviewForm));
