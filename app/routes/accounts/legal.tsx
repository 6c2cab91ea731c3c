import { Fragment } from "react";
import { Link, useMatches } from "react-router";
import { T, useLocalePath, useT } from "~/components/i18n";
import { CONTACT, SITE_LONG_NAME, SITE_NAME } from "~/lib/constants";
import { type MessageKey, translatorFromMatches } from "~/lib/i18n";
import type { Route } from "./+types/legal";
import { publicCacheHeaders } from "~/services/response-cache/cache-control.server";
import { messagesFor, pageLocale } from "~/services/i18n.server";
import { pageMeta } from "~/lib/seo";

// Midday UTC: the same calendar day in every time zone the server may run in.
const UPDATED = "2026-11-25T12:00:00Z";
const REVIEW_POLICY_UPDATED = "2026-11-30T12:00:00Z";

type DocumentId = "terms" | "privacy" | "review-policy";

/** The document of the route (its id in app/routes.ts), whatever the page's language. */
function documentOf(matches: readonly ({ id: string } | undefined)[]): DocumentId {
  const id = matches.at(-1)?.id;
  return id === "privacy" || id === "review-policy" ? id : "terms";
}

const BRAND = { site: SITE_NAME, community: SITE_LONG_NAME };
const strong = { strong: (text: React.ReactNode) => <strong>{text}</strong> };

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = translatorFromMatches(matches);
  const doc = DOCUMENTS[documentOf(matches)];
  return pageMeta(matches, {
    title: t(doc.title),
    description: t(doc.description, BRAND),
    path: doc.path,
  });
};

export function loader(args: Route.LoaderArgs) {
  return { messages: messagesFor(pageLocale(args), ["legal"]) };
}

/** /terms, /privacy and /review-policy: one module, three documents. */
export const headers: Route.HeadersFunction = publicCacheHeaders;

export default function Legal() {
  const t = useT();
  const to = useLocalePath();
  const id = documentOf(useMatches());
  const doc = DOCUMENTS[id];
  const other = DOCUMENTS[id === "terms" ? "privacy" : "terms"];
  return (
    <div className="container section legal">
      <article className="card card-pad legal-doc">
        <p className="small muted">
          {t("legal.updated", { date: id === "review-policy" ? REVIEW_POLICY_UPDATED : UPDATED })}
        </p>
        <LegalDocument {...doc} />
        <p className="small muted legal-foot">
          <T
            k="legal.foot"
            values={{
              email: CONTACT.email,
              phone: CONTACT.phone,
              hours: t("legal.hours"),
              other: t(other.title),
            }}
            components={{
              mail: (text) => (
                <a href={`mailto:${CONTACT.email}`} translate="no">
                  {text}
                </a>
              ),
              link: (text) => <Link to={to(other.path)}>{text}</Link>,
            }}
          />
        </p>
      </article>
    </div>
  );
}

type Section = { title?: MessageKey; paragraph?: MessageKey; items?: MessageKey[] };

/** The documents, section by section (each a heading, a paragraph, a list: any of them). */
const DOCUMENTS: Record<
  DocumentId,
  { path: string; title: MessageKey; description: MessageKey; intro: MessageKey; sections: Section[] }
> = {
  terms: {
    path: "/terms",
    title: "legal.terms.title",
    description: "legal.terms.description",
    intro: "legal.terms.intro",
    sections: [
      { title: "legal.terms.who.title", paragraph: "legal.terms.who.text" },
      {
        title: "legal.terms.account.title",
        items: ["legal.terms.account.password", "legal.terms.account.misuse", "legal.terms.account.one"],
      },
      {
        title: "legal.terms.listings.title",
        items: [
          "legal.terms.listings.live",
          "legal.terms.listings.paid",
          "legal.terms.listings.refund",
          "legal.terms.listings.ends",
        ],
      },
      { title: "legal.terms.content.title", paragraph: "legal.terms.content.text" },
      { title: "legal.terms.role.title", paragraph: "legal.terms.role.text" },
      { title: "legal.terms.suspension.title", paragraph: "legal.terms.suspension.text" },
      { title: "legal.terms.changes.title", paragraph: "legal.terms.changes.text" },
    ],
  },
  privacy: {
    path: "/privacy",
    title: "legal.privacy.title",
    description: "legal.privacy.description",
    intro: "legal.privacy.intro",
    sections: [
      {
        title: "legal.privacy.store.title",
        items: [
          "legal.privacy.store.account",
          "legal.privacy.store.listing",
          "legal.privacy.store.mails",
          "legal.privacy.store.security",
          "legal.privacy.store.visitors",
          "legal.privacy.store.quotes",
          "legal.privacy.store.payments",
          "legal.privacy.store.backups",
        ],
      },
      { title: "legal.privacy.public.title", paragraph: "legal.privacy.public.text" },
      { title: "legal.privacy.cookies.title", paragraph: "legal.privacy.cookies.text" },
      { title: "legal.privacy.google.title", paragraph: "legal.privacy.google.text" },
      {
        title: "legal.privacy.rights.title",
        paragraph: "legal.privacy.rights.intro",
        items: [
          "legal.privacy.rights.see",
          "legal.privacy.rights.correct",
          "legal.privacy.rights.erase",
          "legal.privacy.rights.recover",
          "legal.privacy.rights.other",
        ],
      },
    ],
  },
  // What we check, what we remove, how long it takes, no gating, reporting, replying
  // (docs/decisions/222-reviews-people-can-trust.md).
  "review-policy": {
    path: "/review-policy",
    title: "legal.reviewPolicy.title",
    description: "legal.reviewPolicy.description",
    intro: "legal.reviewPolicy.intro",
    sections: [
      {
        title: "legal.reviewPolicy.check.title",
        items: [
          "legal.reviewPolicy.check.read",
          "legal.reviewPolicy.check.email",
          "legal.reviewPolicy.check.verified",
          "legal.reviewPolicy.check.once",
          "legal.reviewPolicy.check.signals",
        ],
      },
      {
        title: "legal.reviewPolicy.remove.title",
        paragraph: "legal.reviewPolicy.remove.intro",
        items: [
          "legal.reviewPolicy.remove.fake",
          "legal.reviewPolicy.remove.paid",
          "legal.reviewPolicy.remove.abuse",
          "legal.reviewPolicy.remove.spam",
          "legal.reviewPolicy.remove.negative",
        ],
      },
      { title: "legal.reviewPolicy.time.title", paragraph: "legal.reviewPolicy.time.text" },
      {
        title: "legal.reviewPolicy.gating.title",
        paragraph: "legal.reviewPolicy.gating.intro",
        items: [
          "legal.reviewPolicy.gating.see",
          "legal.reviewPolicy.gating.choose",
          "legal.reviewPolicy.gating.remove",
          "legal.reviewPolicy.gating.count",
        ],
      },
      { title: "legal.reviewPolicy.report.title", paragraph: "legal.reviewPolicy.report.text" },
      { title: "legal.reviewPolicy.reply.title", paragraph: "legal.reviewPolicy.reply.text" },
    ],
  },
};

function LegalDocument({ title, intro, sections }: (typeof DOCUMENTS)[DocumentId]) {
  const t = useT();
  return (
    <>
      <h1>{t(title)}</h1>
      <p>{t(intro, BRAND)}</p>
      {sections.map(({ title, paragraph, items }) => (
        <Fragment key={title ?? paragraph}>
          {title ? <h2>{t(title)}</h2> : null}
          {paragraph ? (
            <p>
              <T k={paragraph} components={strong} />
            </p>
          ) : null}
          {items ? (
            <ul>
              {items.map((item) => (
                <li key={item}>
                  <T k={item} components={strong} />
                </li>
              ))}
            </ul>
          ) : null}
        </Fragment>
      ))}
    </>
  );
}
