import { data, Link } from "react-router";
import { getDb } from "~db/client";
import { useLocale, useLocalePath, useT } from "~/components/i18n";
import { SITE_NAME } from "~/lib/constants";
import { translatorFromMatches } from "~/lib/i18n";
import { privatePageMeta } from "~/lib/seo";
import { useHydrated } from "~/lib/use-hydrated";
import { getOwnListing } from "~/models/seller-account.server";
import { messagesFor, pageLocale } from "~/services/i18n.server";
import { invitationState, invitationUrl, ownInvitation } from "~/services/review-invitations.server";
import { requireUser } from "~/services/session.server";
import type { Route } from "./+types/invitation-card";

// /seller-dashboard/invitations/:id/card — the printable card of one of the signed-in seller's invitations
// (docs/decisions/222-reviews-people-can-trust.md): her business name, "Tell others about us", the QR code
// and the link in the page's language. It prints on A6 (print.css, the `invitation-card` page). Another
// seller's invitation, or none, is a 404.

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(translatorFromMatches(matches)("dashboard.invitations.cardMetaTitle"));

export const headers = () => ({ "Cache-Control": "no-store" });

export async function loader(args: Route.LoaderArgs) {
  const { request, params } = args;
  const locale = pageLocale(args);
  const user = await requireUser(request, { roles: ["seller"], loginPath: "/seller-login" });
  const db = getDb();
  const listing = await getOwnListing(db, user.id);
  const invitation = listing ? await ownInvitation(db, listing.id, params.id) : undefined;
  if (!listing || !invitation) throw data("Invitation not found", { status: 404 });
  return {
    id: invitation.id,
    business: listing.business_name || listing.owner_name,
    url: invitationUrl(invitation.id, locale),
    usable: invitationState(invitation) === "open",
    messages: messagesFor(locale, ["dashboard"]),
  };
}

export default function InvitationCard({ loaderData }: Route.ComponentProps) {
  const { id, business, url, usable } = loaderData;
  const t = useT();
  const to = useLocalePath();
  const locale = useLocale();
  const hydrated = useHydrated();
  return (
    <section className="container section stack invitation-card-page">
      <div className="no-print stack">
        <h1 style={{ margin: 0 }}>{t("dashboard.invitations.cardTitle")}</h1>
        {usable ? null : (
          <p className="notice" role="status">
            {t("dashboard.invitations.cardUnusable")}
          </p>
        )}
        <p className="muted" style={{ margin: 0 }}>
          {t("dashboard.invitations.cardHowTo")}
        </p>
        <div className="row">
          {hydrated ? (
            <button type="button" className="btn btn-primary" onClick={() => window.print()}>
              {t("dashboard.invitations.cardPrint")}
            </button>
          ) : null}
          <Link to={to("/seller-dashboard#invitations")} className="btn">
            {t("dashboard.invitations.cardBack")}
          </Link>
        </div>
      </div>
      <article className="invitation-card" aria-labelledby="invitation-card-name">
        <h2 id="invitation-card-name" translate="no">
          {business}
        </h2>
        <p className="invitation-card-line">{t("dashboard.invitations.cardLine")}</p>
        <img
          className="invitation-card-qr"
          src={`/seller-dashboard/invitations/${id}/qr.svg?lang=${locale}`}
          alt={t("dashboard.invitations.cardQrAlt")}
          width={240}
          height={240}
        />
        <p className="small" style={{ margin: 0 }}>
          {t("dashboard.invitations.cardScan", { site: SITE_NAME })}
        </p>
        <p className="invitation-card-link small" translate="no">
          {url}
        </p>
      </article>
    </section>
  );
}
