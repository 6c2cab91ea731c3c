import { getInputProps } from "@conform-to/react";
import { useForm } from "~/lib/form";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { FormErrors } from "~/components/forms";
import { privatePageMeta } from "~/lib/seo";
import { parseId } from "~/lib/validation/params";
import { ACCOUNT_MESSAGES } from "~/lib/validation/messages";
import { ownerOfSeller } from "~/models/account-data.server";
import { getDb } from "~db/client";
import { eraseAccountAndFiles } from "~/services/account-settings.server";
import { readForm } from "~/services/forms.server";
import { redirectWithFlash, requirePermission } from "~/services/session.server";
import type { Route } from "./+types/seller-delete-account";
import { CardSection } from "~/components/card-section";

// /admin/sellers/:id/delete-account — an admin deletes a seller's account and all its data on her
// request (the same erasure as "Delete my account"), audited as the admin. Admins only (accounts.erase).

export const meta: Route.MetaFunction = () => privatePageMeta("Delete seller account | Admin");

export function headers() {
  return { "Cache-Control": "no-store" };
}

const confirmSchema = z.object({ confirm: z.literal("on", { error: ACCOUNT_MESSAGES.deleteConfirm }) });

async function sellerOr404(params: { id?: string }) {
  const id = parseId(params.id);
  const seller = id ? await ownerOfSeller(getDb(), id) : null;
  if (!seller) throw data("Seller Not Found", { status: 404 });
  return seller;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requirePermission(request, "accounts.erase", context);
  const seller = await sellerOr404(params);
  return {
    seller: {
      id: seller.id,
      name: seller.business_name || seller.owner_name,
      owner: seller.owner_name,
      accountEmail: seller.account_role === "seller" ? seller.account_email : null,
    },
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requirePermission(request, "accounts.erase", context);
  const seller = await sellerOr404(params);
  const submission = parseWithZod(await readForm(request), { schema: confirmSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  if (!seller.user_id || seller.account_role !== "seller")
    return data(
      {
        result: submission.reply({
          formErrors: ["This listing has no seller account. Delete the listing from the sellers list instead."],
        }),
      },
      { status: 409 },
    );
  const erased = await eraseAccountAndFiles(getDb(), seller.user_id, user.actor);
  if (!erased) throw data("Seller Not Found", { status: 404 });
  return redirectWithFlash(request, "/admin/sellers", "The seller's account and all its data were deleted.");
}

export default function AdminDeleteSellerAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { seller } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "delete-account",
    lastResult: navigation.state === "idle" ? actionData?.result : null,
  });
  return (
    <div className="stack">
      <p className="small">
        <Link to={`/admin/sellers/edit/${seller.id}`}>← Back to {seller.name}</Link>
      </p>
      <h1 className="admin-title">Delete seller account</h1>
      <CardSection id="erase" title={seller.name} className="stack" small>
        {seller.accountEmail ? (
          <p style={{ margin: 0 }}>
            Owner {seller.owner}, account <strong>{seller.accountEmail}</strong>.
          </p>
        ) : (
          <p className="notice small" style={{ margin: 0 }}>
            This listing has no seller account.
          </p>
        )}
        <p style={{ margin: 0 }}>
          Do this only when the seller asks for it. Her listing leaves the directory at once; her account, sessions,
          listing, reviews of the listing, photos, ID document and payment screenshot are deleted for good. The audit
          log keeps that the account was deleted, by you and when, without her personal data.
        </p>
        <Form method="post" {...form.props} className="stack">
          <FormErrors errors={form.errors} id={form.errorId} />
          <div className="field">
            <label className="check-card">
              <input {...getInputProps(fields.confirm, { type: "checkbox" })} /> The seller asked for her account to be
              deleted
            </label>
            {fields.confirm.errors?.length ? (
              <p className="field-error" id={fields.confirm.errorId}>
                {fields.confirm.errors[0]}
              </p>
            ) : null}
          </div>
          <div>
            <button type="submit" className="btn btn-danger" disabled={busy}>
              {busy ? "Deleting..." : "Delete Account and All Data"}
            </button>
          </div>
        </Form>
      </CardSection>
    </div>
  );
}
