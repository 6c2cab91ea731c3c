import { lazyUntilUsed } from "./lazy-until-used";

// The browser's `#lazy/seller-reviews`: the seller page's Reviews tab (the list, its sorting and report forms).
// On a page the server rendered with it, its code waits for the visitor's first focus, press, tap or submit in
// it (a submit waits for the code, then goes as with JavaScript); shown by a click on its tab, it is fetched at
// once. The review form's own code waits for the visitor too (review-form.browser.tsx). One Suspense boundary
// holds both tabs (seller.tsx).
export const Reviews = lazyUntilUsed('[data-tab="reviews"]', () => import("./seller-reviews").then((m) => m.Reviews));
