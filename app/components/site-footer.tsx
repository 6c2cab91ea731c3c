import { Link } from "react-router";
import type { MessageKey } from "~/lib/i18n";
import { LanguageSwitcher, useLocalePath, useT } from "./i18n";
import { BrandLink } from "./site-header";
import { CONTACT, MARKETING } from "~/lib/constants";
import { FacebookIcon, InstagramIcon, LinkedinIcon, YoutubeIcon } from "./icons";

const SOCIAL_ICONS = [
  ["Facebook", FacebookIcon],
  ["Instagram", InstagramIcon],
  ["LinkedIn", LinkedinIcon],
  ["YouTube", YoutubeIcon],
] as const;

/** The footer's link columns: [path, message] per link. */
const FOOTER_COLUMNS = [
  {
    title: "common.footer.forSellers",
    label: "common.footer.forSellersLabel",
    links: [
      ["/list-your-business", "common.footer.listYourBusiness"],
      ["/seller-signup", "common.footer.sellerSignUp"],
      ["/seller-login", "common.footer.sellerLogin"],
      ["/#guidelines", "common.footer.sellerGuidelines"],
      ["/#stories", "common.footer.successStories"],
    ],
  },
  {
    title: "common.footer.explore",
    label: "common.footer.explore",
    links: [
      ["/directory", "common.footer.businessDirectory"],
      ["/#core-pillars", "common.footer.corePillars"],
      ["/#programs", "common.footer.programs"],
      ["/#events", "common.footer.events"],
      ["/#join", "common.footer.joinTheCommunity"],
    ],
  },
  {
    title: "common.footer.company",
    label: "common.footer.company",
    links: [
      ["/#story", "common.footer.ourStory"],
      ["/#team", "common.footer.ourTeam"],
      ["/#careers", "common.footer.careers"],
      ["/#press", "common.footer.press"],
      ["/contact", "common.footer.contactUs"],
      ["/admin/login", "common.footer.adminLogin"],
    ],
  },
] as const satisfies readonly {
  title: MessageKey;
  label: MessageKey;
  links: readonly (readonly [string, MessageKey])[];
}[];

export function SiteFooter({ newsletter }: { newsletter?: React.ReactNode }) {
  const t = useT();
  const to = useLocalePath();
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="footer-grid">
          <div>
            <BrandLink />
            <p className="muted" style={{ marginTop: "var(--s-3)" }}>
              {t("common.footer.about", { members: MARKETING.membersShort })}
            </p>
            <div className="social-icons" role="group" aria-label={t("common.footer.social")}>
              {SOCIAL_ICONS.map(([name, Icon]) => (
                <span key={name} role="img" aria-label={name} translate="no">
                  <Icon />
                </span>
              ))}
            </div>
          </div>
          {FOOTER_COLUMNS.map((column) => (
            <nav key={column.title} aria-label={t(column.label)}>
              <h2>{t(column.title)}</h2>
              <ul>
                {column.links.map(([path, text]) => (
                  <li key={path}>
                    {/* The staff's way in is not looked up in advance (a visitor's page would fetch the
                        back office's routes for it, docs/performance.md); React Router finds it on the click. */}
                    {path.startsWith("/admin") ? (
                      <Link to={path} discover="none">
                        {t(text)}
                      </Link>
                    ) : (
                      <Link to={to(path)}>{t(text)}</Link>
                    )}
                  </li>
                ))}
              </ul>
            </nav>
          ))}
          <div>
            <h2>{t("common.footer.getInTouch")}</h2>
            <ul>
              <li>
                <a href={`mailto:${CONTACT.email}`} translate="no">
                  {CONTACT.email}
                </a>
              </li>
              <li>
                <a href={CONTACT.phoneHref} translate="no">
                  {CONTACT.phone}
                </a>
              </li>
              <li className="muted">{t("common.footer.address")}</li>
            </ul>
            {newsletter}
          </div>
        </div>
        <LanguageSwitcher className="language-switcher footer-languages" label="common.language.footerLabel" />
        <div className="footer-bottom">
          <p style={{ margin: 0 }}>
            <span className="online-dot" aria-hidden="true" />
            {t("common.footer.membersOnline", { count: MARKETING.membersOnline })}
          </p>
          <p style={{ margin: 0 }}>{t("common.footer.copyright", { year: String(MARKETING.copyrightYear) })}</p>
        </div>
      </div>
    </footer>
  );
}
