import { data } from "react-router";
import { localeForPrefix } from "~/lib/i18n";
import type { Route } from "./+types/language";

// The language layout of every public and seller page: `/hi/…` and `/kn/…`, or no prefix for English.
// Any other first segment that reached here (`/fr/directory`) is not a page: a 404, in English.

export function loader({ params }: Route.LoaderArgs) {
  if (!localeForPrefix(params.lang)) throw data("Not found", { status: 404 });
  return null;
}

// No component: React Router renders the child route in its place, and the browser downloads nothing for it.
