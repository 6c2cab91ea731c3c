import { getInputProps, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { CardSection } from "~/components/card-section";
import { CopyLinkField } from "~/components/copy-link-field";
import { Field, FormErrors } from "~/components/forms";
import { T, useLocale, useLocalePath, useT } from "~/components/i18n";
import { SITE_NAME } from "~/lib/constants";
import { formatDate } from "~/lib/dates";
import { useForm } from "~/lib/form";
import { reviewInvitationSchema } from "~/lib/validation/review-invitations";
import type { DashboardInvitations } from "~/services/review-invitations.server";

// The dashboard's "Invite customers to review" section (docs/decisions/222-reviews-people-can-trust.md): a
// one-use link per customer, shared by WhatsApp, SMS or a printed QR code. She sees whether a link was
// used, never the review written with it: that is published or rejected by the moderators like any other.

export type InvitationActionState = { result?: SubmissionResult<string[]> } | undefined;

export function ReviewInvitations({
  invitations,
  business,
  madeId,
  state,
}: {
  invitations: DashboardInvitations;
  business: string;
  madeId: number | null;
  state: InvitationActionState;
}) {
  const t = useT();
  const to = useLocalePath();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "invite";
  const [form, fields] = useForm({
    id: "invite",
    lastResult: navigation.state === "idle" ? state?.result : null,
    constraint: getZodConstraint(reviewInvitationSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reviewInvitationSchema }),
  });
  const { list, perDay, madeToday, canInvite, days } = invitations;
  return (
    <CardSection id="invitations" title={t("dashboard.invitations.title")} className="stack" anchor>
      <p className="muted" style={{ margin: 0 }}>
        {t("dashboard.invitations.intro", { days })}
      </p>
      <p className="small" style={{ margin: 0 }}>
        <T
          k="dashboard.invitations.policy"
          components={{ link: (text) => <Link to={to("/review-policy")}>{text}</Link> }}
        />
      </p>
      {madeId ? (
        <p className="form-success" role="status" id="invitations-made">
          {t("dashboard.invitations.made")}
        </p>
      ) : null}
      {canInvite ? (
        <Form method="post" {...form.props} className="stack" preventScrollReset>
          <input type="hidden" name="intent" value="invite" />
          <FormErrors errors={form.errors} />
          <Field
            label={t("dashboard.invitations.nameLabel")}
            errors={fields.customer_name.errors}
            hint={t("dashboard.invitations.nameHint")}
            inputProps={{ ...getInputProps(fields.customer_name, { type: "text" }), autoComplete: "off" }}
          />
          <div className="row">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? t("dashboard.invitations.making") : t("dashboard.invitations.make")}
            </button>
            <span className="small muted">
              {t("dashboard.invitations.limitHint", { count: madeToday, max: perDay })}
            </span>
          </div>
        </Form>
      ) : (
        <p className="notice small">{t("dashboard.invitations.notPublic")}</p>
      )}
      <h3 id="invitations-list-heading">{t("dashboard.invitations.listTitle")}</h3>
      {list.length ? (
        <ul className="invitation-list" aria-labelledby="invitations-list-heading">
          {list.map((invitation) => (
            <InvitationItem
              key={invitation.id}
              invitation={invitation}
              business={business}
              fresh={invitation.id === madeId}
            />
          ))}
        </ul>
      ) : (
        <p className="muted">{t("dashboard.invitations.none")}</p>
      )}
    </CardSection>
  );
}

function InvitationItem({
  invitation,
  business,
  fresh,
}: {
  invitation: DashboardInvitations["list"][number];
  business: string;
  fresh: boolean;
}) {
  const t = useT();
  const to = useLocalePath();
  const locale = useLocale();
  const { id, customerName, url, state } = invitation;
  const message = customerName
    ? t("dashboard.invitations.shareTextNamed", { name: customerName, business, site: SITE_NAME, link: url })
    : t("dashboard.invitations.shareText", { business, site: SITE_NAME, link: url });
  const linkId = `invitation-${id}-link`;
  const qr = (type: "png" | "svg") => `/seller-dashboard/invitations/${id}/qr.${type}?lang=${locale}`;
  return (
    <li className="invitation stack" id={`invitation-${id}`} data-state={state}>
      <div className="row" style={{ justifyContent: "space-between" }}>
        <strong>
          {customerName ? (
            <T
              k="dashboard.invitations.forName"
              values={{ name: customerName }}
              components={{ name: (text) => <span translate="no">{text}</span> }}
            />
          ) : (
            t("dashboard.invitations.noName")
          )}
        </strong>
        <span className="small muted">
          {t("dashboard.invitations.madeOn", { date: formatDate(invitation.createdAt, locale) })}
        </span>
      </div>
      <p className="small" style={{ margin: 0 }} data-testid="invitation-state">
        {state === "used"
          ? t("dashboard.invitations.used", { date: formatDate(invitation.usedAt, locale) })
          : state === "expired"
            ? t("dashboard.invitations.expired", { date: formatDate(invitation.expiresAt, locale) })
            : t("dashboard.invitations.open", { date: formatDate(invitation.expiresAt, locale) })}
      </p>
      {state === "open" ? (
        <>
          <div className="field">
            <label htmlFor={linkId}>{t("dashboard.invitations.linkLabel")}</label>
            <CopyLinkField
              id={linkId}
              url={url}
              copyLabel={t("dashboard.invitations.copy")}
              copiedLabel={t("dashboard.invitations.copied")}
              describedBy={fresh ? "invitations-made" : undefined}
            />
          </div>
          <div className="row invitation-actions">
            <a
              className="btn btn-sm"
              href={`https://wa.me/?text=${encodeURIComponent(message)}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t("dashboard.invitations.whatsapp")}
            </a>
            <a className="btn btn-sm" href={`sms:?&body=${encodeURIComponent(message)}`}>
              {t("dashboard.invitations.sms")}
            </a>
            <a className="btn btn-sm" href={qr("png")} download={`invitation-${id}.png`}>
              {t("dashboard.invitations.qrPng")}
            </a>
            <a className="btn btn-sm" href={qr("svg")} download={`invitation-${id}.svg`}>
              {t("dashboard.invitations.qrSvg")}
            </a>
            <Link className="btn btn-sm" to={to(`/seller-dashboard/invitations/${id}/card`)}>
              {t("dashboard.invitations.card")}
            </Link>
          </div>
        </>
      ) : null}
    </li>
  );
}
