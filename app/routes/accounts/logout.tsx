import { redirect } from "react-router";
import { refuseCrossOrigin } from "~/services/csrf.server";
import { destroySession } from "~/services/session.server";
import type { Route } from "./+types/logout";

// Sign out is a POST (the header's form); a GET only shows the home page.
export async function action({ request }: Route.ActionArgs) {
  refuseCrossOrigin(request);
  return redirect("/", { headers: { "Set-Cookie": await destroySession(request) } });
}

export function loader() {
  return redirect("/");
}
