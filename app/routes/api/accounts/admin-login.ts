import { methodNotAllowed } from "~/services/api.server";
import { handleApiLogin } from "~/services/auth.server";
import type { Route } from "./+types/admin-login";

export const loader = () => methodNotAllowed("POST");
// POST /api/admin/login {email, password} → {success, user, redirectTo: "/admin"}; staff accounts only.
export const action = ({ request, context }: Route.ActionArgs) =>
  handleApiLogin(request, context.clientAddress, "admin");
