import { Link, NavLink } from "react-router";
import type { Theme } from "~/lib/theme";
import { ComingSoonLink } from "./coming-soon-link";
import { MenuIcon } from "./icons";
import { ThemeToggle } from "./theme-toggle";

function NavItems() {
  return (
    <ul className="nav-links">
      <li>
        <Link to="/#core-pillars">About</Link>
      </li>
      <li>
        <NavLink to="/directory">Directory</NavLink>
      </li>
      <li>
        <ComingSoonLink section="programs">Programs</ComingSoonLink>
      </li>
      <li>
        <ComingSoonLink section="events">Events</ComingSoonLink>
      </li>
    </ul>
  );
}

/** The logo: a link home, in the header and the footer. */
export function BrandLink() {
  return (
    <Link to="/" className="brand" aria-label="BWP Directory home">
      <span className="brand-mark" aria-hidden="true">
        BWP
      </span>
      <span>Directory</span>
    </Link>
  );
}

export function SiteHeader({ theme, account }: { theme: Theme | null; account?: React.ReactNode }) {
  return (
    <header className="site-header">
      <div className="container bar">
        <BrandLink />
        <nav aria-label="Main" className="desktop-only">
          <NavItems />
        </nav>
        <div className="header-actions">
          <ThemeToggle theme={theme} />
          <span className="desktop-only">
            {account ?? (
              <Link to="/seller-login" className="btn btn-ghost btn-sm">
                Sign in
              </Link>
            )}
          </span>
          <Link to="/list-your-business" className="btn btn-primary btn-sm desktop-only">
            List Your Business
          </Link>
          {/* <details> opens and closes without JavaScript */}
          <details className="mobile-menu">
            <summary className="btn btn-ghost btn-icon" aria-label="Menu">
              <MenuIcon />
            </summary>
            <div className="mobile-menu-panel">
              <nav aria-label="Mobile">
                <NavItems />
              </nav>
              {account ?? (
                <Link to="/seller-login" className="btn">
                  Sign in
                </Link>
              )}
              <Link to="/list-your-business" className="btn btn-primary">
                List Your Business
              </Link>
            </div>
          </details>
        </div>
      </div>
    </header>
  );
}
