import { data } from "react-router";
import { localeForPrefix } from "~/lib/i18n";
import { messagesFor, pageLocale } from "~/services/i18n.server";
import type { Route } from "./+types/language";

// The language layout of every public and seller page: `/hi/…` and `/kn/…`, or no prefix for English.
// Any other first segment that reached here (`/fr/directory`) is not a page: a 404, in English.

export function loader(args: Route.LoaderArgs) {
  if (!localeForPrefix(args.params.lang)) throw data("Not found", { status: 404 });
  // The forms' messages (validation, refusals): the field components of every public and seller form show
  // them (lib/form-messages.ts), whichever page renders the form.
  return { messages: messagesFor(pageLocale(args), ["forms"]) };
}

// No component: React Router renders the child route in its place, and the browser downloads nothing for it.
