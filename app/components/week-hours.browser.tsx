import { lazy } from "react";

// The browser's `#lazy/week-hours`: the profile's table of her hours, fetched only when the page shows one (a
// seller who gave her hours). The Overview holds it under a Suspense boundary, which keeps the server's markup.
export const WeekHours = lazy(() => import("./week-hours").then((m) => ({ default: m.WeekHours })));
