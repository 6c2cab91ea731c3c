import { lazy } from "react";

// The browser's `#lazy/static-map` (package.json "imports", `#lazy/*`): the profile's map, fetched only when the
// page shows one (tiles configured, a seller with a PIN code's area). The server's `#lazy/static-map` is the
// map itself (static-map.tsx); the dashboard's picker imports that module directly.
export const StaticMap = lazy(() => import("./static-map").then((m) => ({ default: m.StaticMap })));
