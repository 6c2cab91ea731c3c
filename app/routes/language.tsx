import { data } from "react-router";
import { localeForPrefix } from "~/lib/i18n";
import { messagesFor, pageLocale } from "~/services/i18n.server";
import type { Route } from "./+types/language";

// The language layout of every public and seller page: `/hi/…` and `/kn/…`, or no prefix for English.
// Any other first segment that reached here (`/fr/directory`, `/fr/seller-dashboard`) is not a page: a
// 404, in English.

// Before any loader or action of the pages under it: a page's own answer (the dashboard's redirect to sign
// in, an action's refusal) must not win over the 404 of an unknown prefix.
export const middleware: Route.MiddlewareFunction[] = [
  ({ params }) => {
    if (!localeForPrefix(params.lang)) throw data("Not found", { status: 404 });
  },
];

export function loader(args: Route.LoaderArgs) {
  // The forms' messages (validation, refusals): the field components of every public and seller form show
  // them (lib/form-messages.ts), whichever page renders the form.
  return { messages: messagesFor(pageLocale(args), ["forms"]) };
}

// No component: React Router renders the child route in its place, and the browser downloads nothing for it.
