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

const BRAND = { site: SITE_NAME, community: SITE_LONG_NAME };
const strong = { strong: (text: React.ReactNode) => <strong>{text}</strong> };

// The document is the route's (its id in app/routes.ts), whatever the page's language.
export const meta: Route.MetaFunction = ({ matches }) => {
  const t = translatorFromMatches(matches);
  const privacy = matches.at(-1)?.id === "privacy";
  return pageMeta(matches, {
    title: t(privacy ? "legal.privacy.title" : "legal.terms.title"),
    description: t(privacy ? "legal.privacy.description" : "legal.terms.description", BRAND),
    path: privacy ? "/privacy" : "/terms",
  });
};

export function loader(args: Route.LoaderArgs) {
  return { messages: messagesFor(pageLocale(args), ["legal"]) };
}

/** /terms and /privacy: one module, two documents. */
export const headers: Route.HeadersFunction = publicCacheHeaders;

export default function Legal() {
  const t = useT();
  const to = useLocalePath();
  const privacy = useMatches().at(-1)?.id === "privacy";
  return (
    <div className="container section legal">
      <article className="card card-pad legal-doc">
        <p className="small muted">{t("legal.updated", { date: UPDATED })}</p>
        <LegalDocument {...DOCUMENTS[privacy ? "privacy" : "terms"]} />
        <p className="small muted legal-foot">
          <T
            k="legal.foot"
            values={{
              email: CONTACT.email,
              phone: CONTACT.phone,
              hours: t("legal.hours"),
              other: t(privacy ? "legal.terms.title" : "legal.privacy.title"),
            }}
            components={{
              mail: (text) => (
                <a href={`mailto:${CONTACT.email}`} translate="no">
                  {text}
                </a>
              ),
              link: (text) => <Link to={to(privacy ? "/terms" : "/privacy")}>{text}</Link>,
            }}
          />
        </p>
      </article>
    </div>
  );
}

type Section = { title?: MessageKey; paragraph?: MessageKey; items?: MessageKey[] };

/** The two documents, section by section (each a heading, a paragraph, a list: any of them). */
const DOCUMENTS: Record<"terms" | "privacy", { title: MessageKey; intro: MessageKey; sections: Section[] }> = {
  terms: {
    title: "legal.terms.title",
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
    title: "legal.privacy.title",
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
};

function LegalDocument({ title, intro, sections }: (typeof DOCUMENTS)[keyof typeof DOCUMENTS]) {
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
