import { Link, NavLink } from "react-router";
import type { Theme } from "~/lib/theme";
import { ComingSoonLink } from "./coming-soon-link";
import { useMenuDisclosure } from "./disclosure";
import { LanguageMenu, LanguageSwitcher, useLocalePath, useT } from "./i18n";
import { MenuIcon } from "./icons";
import { ThemeToggle } from "./theme-toggle";

function NavItems() {
  const t = useT();
  const to = useLocalePath();
  return (
    <ul className="nav-links">
      <li>
        <Link to={to("/#core-pillars")}>{t("common.nav.about")}</Link>
      </li>
      <li>
        <NavLink to={to("/directory")}>{t("common.nav.directory")}</NavLink>
      </li>
      <li>
        <ComingSoonLink section="programs">{t("common.nav.programs")}</ComingSoonLink>
      </li>
      <li>
        <ComingSoonLink section="events">{t("common.nav.events")}</ComingSoonLink>
      </li>
    </ul>
  );
}

/** The logo: a link home, in the header and the footer. */
export function BrandLink() {
  const t = useT();
  return (
    <Link to={useLocalePath()("/")} className="brand" aria-label={t("common.brand.home")}>
      <span className="brand-mark" aria-hidden="true" translate="no">
        BWP
      </span>
      <span>{t("common.brand.name")}</span>
    </Link>
  );
}

export function SiteHeader({ theme, account }: { theme: Theme | null; account?: React.ReactNode }) {
  const t = useT();
  const to = useLocalePath();
  const menu = useMenuDisclosure();
  return (
    <header className="site-header">
      <div className="container bar">
        <BrandLink />
        <nav aria-label={t("common.nav.main")} className="desktop-only">
          <NavItems />
        </nav>
        <div className="header-actions">
          <LanguageMenu className="desktop-only" />
          <ThemeToggle theme={theme} />
          <span className="desktop-only">
            {account ?? (
              <Link to={to("/seller-login")} className="btn btn-ghost btn-sm">
                {t("common.nav.signIn")}
              </Link>
            )}
          </span>
          {/* Signed in, the account's links take its place: the bar has no room for both in Hindi and Kannada. */}
          {account ? null : (
            <Link to={to("/list-your-business")} className="btn btn-primary btn-sm desktop-only">
              {t("common.nav.listYourBusiness")}
            </Link>
          )}
          {/* <details> opens and closes without JavaScript */}
          <details ref={menu} className="mobile-menu">
            <summary className="btn btn-ghost btn-icon" aria-label={t("common.nav.menu")}>
              <MenuIcon />
            </summary>
            <div className="mobile-menu-panel">
              <nav aria-label={t("common.nav.mobile")}>
                <NavItems />
              </nav>
              {account ?? (
                <Link to={to("/seller-login")} className="btn">
                  {t("common.nav.signIn")}
                </Link>
              )}
              <Link to={to("/list-your-business")} className="btn btn-primary">
                {t("common.nav.listYourBusiness")}
              </Link>
              <LanguageSwitcher />
            </div>
          </details>
        </div>
      </div>
    </header>
  );
}
