import { redirect } from "react-router";
import { parseTheme, themeCookie } from "~/lib/theme";
import { safeRedirectPath } from "~/lib/redirect";
import type { Route } from "./+types/theme";
import { readForm } from "~/services/forms.server";
import { refuseCrossOrigin } from "~/services/csrf.server";

// The no-JavaScript path of the theme toggle: save the choice in a cookie and go back.
// A resource route gets no origin check from React Router: it makes its own, as every other write does.
export async function action({ request }: Route.ActionArgs) {
  refuseCrossOrigin(request);
  const form = await readForm(request);
  const theme = parseTheme(form.get("theme")) ?? "dark";
  return redirect(safeRedirectPath(form.get("redirectTo")), { headers: { "Set-Cookie": themeCookie(theme) } });
}

export function loader() {
  return redirect("/");
}
