import { Link } from "react-router";
import { CONTACT, MARKETING } from "~/lib/constants";
import { FacebookIcon, InstagramIcon, LinkedinIcon, YoutubeIcon } from "./icons";

export function SiteFooter({ newsletter }: { newsletter?: React.ReactNode }) {
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="footer-grid">
          <div>
            <Link to="/" className="brand" aria-label="BWP Directory home">
              <span className="brand-mark" aria-hidden="true">
                BWP
              </span>
              <span>Directory</span>
            </Link>
            <p className="muted" style={{ marginTop: "var(--s-3)" }}>
              Discover, support and grow women-led businesses in our city — a community of {MARKETING.membersShort}{" "}
              members.
            </p>
            <div className="social-icons" aria-label="Social media (coming soon)">
              <span role="img" aria-label="Facebook">
                <FacebookIcon />
              </span>
              <span role="img" aria-label="Instagram">
                <InstagramIcon />
              </span>
              <span role="img" aria-label="LinkedIn">
                <LinkedinIcon />
              </span>
              <span role="img" aria-label="YouTube">
                <YoutubeIcon />
              </span>
            </div>
          </div>
          <nav aria-label="For sellers">
            <h2>For Sellers</h2>
            <ul>
              <li>
                <Link to="/list-your-business">List Your Business</Link>
              </li>
              <li>
                <Link to="/seller-signup">Seller Sign Up</Link>
              </li>
              <li>
                <Link to="/seller-login">Seller Login</Link>
              </li>
              <li>
                <Link to="/#guidelines">Seller Guidelines</Link>
              </li>
              <li>
                <Link to="/#stories">Success Stories</Link>
              </li>
            </ul>
          </nav>
          <nav aria-label="Explore">
            <h2>Explore</h2>
            <ul>
              <li>
                <Link to="/directory">Business Directory</Link>
              </li>
              <li>
                <Link to="/#core-pillars">Core Pillars</Link>
              </li>
              <li>
                <Link to="/#programs">Programs</Link>
              </li>
              <li>
                <Link to="/#events">Events</Link>
              </li>
              <li>
                <Link to="/#join">Join the Community</Link>
              </li>
            </ul>
          </nav>
          <nav aria-label="Company">
            <h2>Company</h2>
            <ul>
              <li>
                <Link to="/#story">Our Story</Link>
              </li>
              <li>
                <Link to="/#team">Our Team</Link>
              </li>
              <li>
                <Link to="/#careers">Careers</Link>
              </li>
              <li>
                <Link to="/#press">Press</Link>
              </li>
              <li>
                <Link to="/contact">Contact Us</Link>
              </li>
              <li>
                <Link to="/admin/login">Admin Login</Link>
              </li>
            </ul>
          </nav>
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
