import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { getDb } from "~db/client";
import { EnquiryDetails } from "~/components/admin/enquiry-details";
import { enquiryUpdateFormSchema } from "~/lib/validation/enquiries";
import { firstError } from "~/lib/validation/messages";
import { parseId } from "~/lib/validation/params";
import { returnUrl } from "~/lib/paging";
import { getEnquiry } from "~/models/enquiries.server";
import { readForm } from "~/services/forms.server";
import { changeEnquiry } from "~/services/enquiries-admin.server";
import { redirectWithFlash, requirePermission } from "~/services/session.server";
import type { Route } from "./+types/enquiry";
import { privatePageMeta } from "~/lib/seo";
import { httpStatusOf } from "~/lib/refusal";

export const meta: Route.MetaFunction = () => privatePageMeta("Enquiry | Admin");

const NOT_FOUND = "Enquiry Not Found";

// /admin/enquiries/:id — an enquiry's detail view as a page (the list opens the same view in a dialog
// when JavaScript runs); both post here. Success returns to the list (with its filters) and a flash.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  requirePermission(request, "enquiries.manage", context);
  const id = parseId(params.id);
  const enquiry = id ? await getEnquiry(getDb(), id) : undefined;
  if (!enquiry) throw data(NOT_FOUND, { status: 404 });
  const back = new URL(request.url).searchParams.get("back") ?? "";
  return { enquiry, back: back.startsWith("?") ? back : "" };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requirePermission(request, "enquiries.manage", context);
  const id = parseId(params.id);
  if (!id) throw data(NOT_FOUND, { status: 404 });
  const formData = await readForm(request);
  const values = {
    status: String(formData.get("status") ?? ""),
    admin_notes: String(formData.get("admin_notes") ?? ""),
  };
  const submission = parseWithZod(formData, { schema: enquiryUpdateFormSchema });
  if (submission.status !== "success")
    return data({ error: firstError(submission.error, "Please choose a status"), values }, { status: 400 });
  const result = await changeEnquiry(getDb(), user.actor, id, submission.value);
  if (!result.ok) throw data(result.message, { status: httpStatusOf(result.reason) });
  return redirectWithFlash(request, returnUrl("/admin/enquiries", formData.get("back")), result.message);
}

export default function AdminEnquiry({ loaderData, actionData }: Route.ComponentProps) {
  const { enquiry, back } = loaderData;
  const list = returnUrl("/admin/enquiries", back);
  return (
    <div className="stack">
      <p className="small">
        <Link to={list}>← Back to Form Enquiries</Link>
      </p>
      <h1 className="admin-title">Form Enquiries</h1>
      <section className="card card-pad" aria-labelledby="enquiry-heading">
        <EnquiryDetails
          enquiry={enquiry}
          back={back}
          headingId="enquiry-heading"
          error={actionData?.error}
          values={actionData?.values}
          closeHref={list}
        />
      </section>
    </div>
  );
}
