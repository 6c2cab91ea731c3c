import { getDb } from "~db/client";
import { accountExport } from "~/services/data-export.server";
import { retryAfterHeaders } from "~/services/rate-limit.server";
import { requireUser } from "~/services/session.server";
import type { Route } from "./+types/seller-data-export";

// GET /seller-account/my-data.zip — "Download my data": the signed-in seller's own data only (the
// session's account; the address carries no id). Limited per account (RATE_LIMIT_DATA_EXPORT).

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, { roles: ["seller"], loginPath: "/seller-login" });
  const answer = await accountExport(getDb(), user.id);
  if (answer.ok) return answer.response;
  return new Response(answer.message, {
    status: answer.status,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      ...retryAfterHeaders(answer),
    },
  });
}
