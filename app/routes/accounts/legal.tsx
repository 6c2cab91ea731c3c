import { Link, useLocation } from "react-router";
import { CONTACT, SITE_LONG_NAME, SITE_NAME } from "~/lib/constants";
import type { Route } from "./+types/legal";
import { publicCacheHeaders } from "~/services/response-cache/cache-control.server";
import { pageMeta } from "~/lib/seo";

const UPDATED = "25 November 2026";

export const meta: Route.MetaFunction = ({ location, matches }) => {
  const privacy = location.pathname === "/privacy";
  return pageMeta(matches, {
    title: privacy ? "Privacy Policy" : "Terms and Conditions",
    description: privacy
      ? `How ${SITE_NAME} collects, uses and protects the personal data of visitors, sellers and members.`
      : `The terms for using ${SITE_NAME}, listing a business and writing reviews.`,
    path: privacy ? "/privacy" : "/terms",
  });
};

/** /terms and /privacy: one module, two documents. */
export const headers: Route.HeadersFunction = publicCacheHeaders;

export default function Legal() {
  const { pathname } = useLocation();
  const privacy = pathname === "/privacy";
  return (
    <div className="container section legal">
      <article className="card card-pad legal-doc">
        <p className="small muted">Last updated {UPDATED}</p>
        {privacy ? <Privacy /> : <Terms />}
        <p className="small muted legal-foot">
          Questions? Write to <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a> or call {CONTACT.phone} (
          {CONTACT.hours}). See also the{" "}
          <Link to={privacy ? "/terms" : "/privacy"}>{privacy ? "Terms and Conditions" : "Privacy Policy"}</Link>.
        </p>
      </article>
    </div>
  );
}

function Terms() {
  return (
    <>
      <h1>Terms and Conditions</h1>
      <p>
        These terms apply to everyone who uses the {SITE_NAME}, run by the {SITE_LONG_NAME} community ("we", "us"), and
        to every seller account. By creating an account or submitting a listing you agree to them.
      </p>
      <h2>1. Who can list</h2>
      <p>
        The directory is for businesses founded, owned or led by women. When you create a seller account you confirm
        that you are a woman entrepreneur or that you represent a women-led business, and that the details you give are
        true. We may ask for proof and may refuse or remove a listing that does not meet this condition.
      </p>
      <h2>2. Your account</h2>
      <ul>
        <li>Keep your password private; you are responsible for what is done with your account.</li>
        <li>Tell us at once if you think someone else has used your account.</li>
        <li>One account per business owner. Accounts may not be sold or transferred.</li>
      </ul>
      <h2>3. Listings, subscriptions and payment</h2>
      <ul>
        <li>
          A listing goes live only after our team has checked your application, your identity document and your payment.
        </li>
        <li>
          Plans are paid in advance in Indian rupees by UPI transfer. The subscription runs from the day the listing
          goes live for the months of the chosen plan.
        </li>
        <li>
          Fees are not refunded once a listing is live, except where the law requires it. If we reject an application,
          we refund the fee in full.
        </li>
        <li>When a subscription ends, the listing is hidden until it is renewed; your account and reviews are kept.</li>
      </ul>
      <h2>4. Content and reviews</h2>
      <p>
        You keep the rights to the text and images you upload and allow us to show them in the directory and in our
        community channels to promote your business. Do not upload anything you have no right to use, or anything
        misleading, unlawful or offensive. Customer reviews are moderated before they appear; you may reply publicly to
        published reviews of your business, politely and without sharing customers' personal details.
      </p>
      <h2>5. Our role</h2>
      <p>
        We are a directory, not a party to any sale between you and your customers. We check sellers with care but do
        not guarantee products or services. To the extent the law allows, our liability is limited to the fees you paid
        us in the last twelve months.
      </p>
      <h2>6. Suspension and closing</h2>
      <p>
        We may suspend or remove a listing or account that breaks these terms, after telling you why where we can. You
        may close your account at any time by writing to us.
      </p>
      <h2>7. Changes and law</h2>
      <p>
        We may update these terms and will show the date of the last change on this page; important changes are
        announced by email. These terms are governed by the laws of India, and the courts of Bengaluru have
        jurisdiction.
      </p>
    </>
  );
}

function Privacy() {
  return (
    <>
      <h1>Privacy Policy</h1>
      <p>
        This policy explains what personal data the {SITE_NAME} collects, why, and what choices you have. We follow
        India's Digital Personal Data Protection Act, 2023.
      </p>
      <h2>What we store, why, and for how long</h2>
      <ul>
        <li>
          <strong>Your seller account:</strong> name, email, mobile number, city, locality and a securely hashed
          password (we never store the password itself), or the identifier Google gives us if you sign in with Google.
          Why: to run your account and write to you. How long: until you delete your account.
        </li>
        <li>
          <strong>Your listing:</strong> business details, categories, photos, your identity document and payment
          screenshot, and the reviews visitors write about it with your replies. Identity documents and payment
          screenshots are private: only our team can see them. Aadhaar numbers are stored masked (last four digits
          only). Why: to show your business in the directory and to verify that sellers are genuine and have paid. How
          long: until you delete your account.
        </li>
        <li>
          <strong>Mails we send you</strong> (verification, password reset, approval): kept in our outbox so we can
          retry a failed one and answer questions about it, until you delete your account.
        </li>
        <li>
          <strong>Security records:</strong> when you signed in, from which network address and device, and changes to
          your account. Why: to protect accounts from misuse. How long: until you delete your account; afterwards we
          keep only the fact that an account was deleted, by whom and when, without your personal data.
        </li>
        <li>
          <strong>Visitors:</strong> reviews, contact messages and newsletter sign-ups you send us, kept until you ask
          us to remove them (newsletter: until you unsubscribe with the link in every newsletter).
        </li>
        <li>
          <strong>Backups:</strong> we keep a small number of recent backup copies of the site to recover from failures.
          We keep only the newest few and remove the oldest as each new one is made, so data you delete leaves the
          backups within that many backups&apos; time; backups are never used for anything else.
        </li>
      </ul>
      <h2>What is public</h2>
      <p>
        A live listing shows your business name, your name as owner, your contact details and links, photos and
        published reviews. Your email, identity document and payment details are never shown publicly. We do not sell
        personal data.
      </p>
      <h2>Cookies</h2>
      <p>
        We use a sign-in cookie that keeps you signed in and a cookie that remembers your light or dark theme. We use no
        advertising or tracking cookies.
      </p>
      <h2>Sign in with Google</h2>
      <p>
        If you choose to sign in with Google, we receive your name, email address and a Google account identifier, and
        nothing else.
      </p>
      <h2>Your rights, and how to use them</h2>
      <p>
        Under India&apos;s Digital Personal Data Protection Act, 2023 you have these rights. Sign in and open{" "}
        <strong>Account and data</strong> from your seller dashboard for the first four:
      </p>
      <ul>
        <li>
          <strong>See your data and take it with you:</strong> &ldquo;Download my data&rdquo; gives you a ZIP file with
          everything we store about your account and listing, and your photos and documents (the mails we sent you by
          subject and date, without their sign-in links).
        </li>
        <li>
          <strong>Correct it:</strong> edit your public profile on the dashboard; change your email address (we confirm
          the new one by mail) and your password on Account and data.
        </li>
        <li>
          <strong>Erase it:</strong> &ldquo;Delete my account&rdquo; removes your listing from the directory at once and
          deletes your account, listing, reviews of your listing, photos and documents. Backup copies leave as the
          backups age out (see above).
        </li>
        <li>
          <strong>Get back into your account:</strong> &ldquo;Forgot password?&rdquo; on the sign-in page mails you a
          link to choose a new password.
        </li>
        <li>
          <strong>Withdraw consent, nominate someone, or ask anything else</strong> (for example to remove a review or a
          contact message): write to us at the address below; we answer within 30 days. If you are not satisfied with
          our answer you may complain to the Data Protection Board of India.
        </li>
      </ul>
    </>
  );
}
