import { Link } from "react-router";
import { privatePageMeta } from "~/lib/seo";
import { ACCOUNT_MESSAGES } from "~/lib/validation/messages";
import type { Route } from "./+types/account-deleted";

// /account-deleted — where a deletion ends (the session is gone by then).

export const meta: Route.MetaFunction = () => privatePageMeta("Account deleted");

export default function AccountDeleted() {
  return (
    <section className="container section narrow">
      <div className="card card-pad center-card stack">
        <h1>Account deleted</h1>
        <p className="form-success" role="status">
          {ACCOUNT_MESSAGES.deleted}
        </p>
        <p className="muted">
          Copies in our backups are removed as the backups age out (see the <Link to="/privacy">Privacy Policy</Link>).
          Thank you for having been part of the directory.
        </p>
        <div>
          <Link to="/" className="btn">
            Back to the home page
          </Link>
        </div>
      </div>
    </section>
  );
}
