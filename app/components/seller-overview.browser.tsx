import { lazyUntilUsed } from "./lazy-until-used";

// The browser's `#lazy/seller-overview`: the seller page's Overview tab. Its links are plain links and it has no
// form, so on a page the server rendered with it, its code waits for the visitor's first focus, press or tap in
// it (a link pressed before then opens as a plain link); shown by a click on its tab, it is fetched at once.
// The page renders the tabs under one Suspense boundary: the server's markup stays until the code is there,
// and a switch of tabs keeps the shown tab until the next one's code has come.
export const Overview = lazyUntilUsed('[data-tab="overview"]', () =>
  import("./seller-overview").then((m) => m.Overview),
);
