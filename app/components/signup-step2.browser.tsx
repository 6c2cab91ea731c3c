import { lazyUntilUsed } from "./lazy-until-used";

// The browser's `#lazy/signup-step2` (package.json "imports", `#lazy/*`): /seller-signup's second step, fetched
// when it shows after the first (or, on a page the server rendered at step 2, on its first use). The server's
// `#lazy/signup-step2` is the step itself, rendered in place under the page's Suspense boundary.
export const Step2 = lazyUntilUsed("#signup-step2", () => import("./signup-step2").then((m) => m.Step2));
