import { Link } from "react-router";
import { BrandLink } from "./site-header";
import { CONTACT, MARKETING } from "~/lib/constants";
import { FacebookIcon, InstagramIcon, LinkedinIcon, YoutubeIcon } from "./icons";

const SOCIAL_ICONS = [
  ["Facebook", FacebookIcon],
  ["Instagram", InstagramIcon],
  ["LinkedIn", LinkedinIcon],
  ["YouTube", YoutubeIcon],
] as const;

/** The footer's link columns: [path, text] per link. */
const FOOTER_COLUMNS = [
  {
    title: "For Sellers",
    label: "For sellers",
    links: [
      ["/list-your-business", "List Your Business"],
      ["/seller-signup", "Seller Sign Up"],
      ["/seller-login", "Seller Login"],
      ["/#guidelines", "Seller Guidelines"],
      ["/#stories", "Success Stories"],
    ],
  },
  {
    title: "Explore",
    label: "Explore",
    links: [
      ["/directory", "Business Directory"],
      ["/#core-pillars", "Core Pillars"],
      ["/#programs", "Programs"],
      ["/#events", "Events"],
      ["/#join", "Join the Community"],
    ],
  },
  {
    title: "Company",
    label: "Company",
    links: [
      ["/#story", "Our Story"],
      ["/#team", "Our Team"],
      ["/#careers", "Careers"],
      ["/#press", "Press"],
      ["/contact", "Contact Us"],
      ["/admin/login", "Admin Login"],
    ],
  },
] as const;

export function SiteFooter({ newsletter }: { newsletter?: React.ReactNode }) {
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="footer-grid">
          <div>
            <BrandLink />
            <p className="muted" style={{ marginTop: "var(--s-3)" }}>
              Discover, support and grow women-led businesses in our city — a community of {MARKETING.membersShort}{" "}
              members.
            </p>
            <div className="social-icons" role="group" aria-label="Social media (coming soon)">
              {SOCIAL_ICONS.map(([name, Icon]) => (
                <span key={name} role="img" aria-label={name}>
                  <Icon />
                </span>
              ))}
            </div>
          </div>
          {FOOTER_COLUMNS.map((column) => (
            <nav key={column.title} aria-label={column.label}>
              <h2>{column.title}</h2>
              <ul>
                {column.links.map(([to, text]) => (
                  <li key={to}>
                    <Link to={to}>{text}</Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
          <div>
            <h2>Get in Touch</h2>
            <ul>
              <li>
                <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a>
              </li>
              <li>
                <a href={CONTACT.phoneHref}>{CONTACT.phone}</a>
              </li>
              <li className="muted">{CONTACT.address}</li>
            </ul>
            {newsletter}
          </div>
        </div>
        <div className="footer-bottom">
          <p style={{ margin: 0 }}>
            <span className="online-dot" aria-hidden="true" />
            {MARKETING.membersOnline} active members online
          </p>
          <p style={{ margin: 0 }}>
            © {MARKETING.copyrightYear} BWP Directory. Made with care for women entrepreneurs.
          </p>
        </div>
      </div>
    </footer>
  );
}
