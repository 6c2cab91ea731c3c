import { methodNotAllowed } from "~/services/api.server";
import { handleApiLogin } from "~/services/auth.server";
import type { Route } from "./+types/auth-login";

export const loader = () => methodNotAllowed("POST");
// POST /api/auth/login {email, password} → {success, user: {role, …}, redirectTo}
export const action = ({ request, context }: Route.ActionArgs) =>
  handleApiLogin(request, context.clientAddress, "seller");
