import { Link } from "react-router";
import { privatePageMeta } from "~/lib/seo";
import { T, useLocalePath, useT } from "~/components/i18n";
import { translatorFromMatches } from "~/lib/i18n";
import { messagesFor, pageLocale } from "~/services/i18n.server";
import type { Route } from "./+types/account-deleted";

// /account-deleted — where a deletion ends (the session is gone by then).

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(translatorFromMatches(matches)("accounts.deleted.metaTitle"));

export function loader(args: Route.LoaderArgs) {
  return { messages: messagesFor(pageLocale(args), ["accounts"]) };
}

export default function AccountDeleted() {
  const t = useT();
  const to = useLocalePath();
  return (
    <section className="container section narrow">
      <div className="card card-pad center-card stack">
        <h1>{t("accounts.deleted.title")}</h1>
        <p className="form-success" role="status">
          {t("accounts.notice.deleted")}
        </p>
        <p className="muted">
          <T k="accounts.deleted.note" components={{ link: (text) => <Link to={to("/privacy")}>{text}</Link> }} />
        </p>
        <div>
          <Link to={to("/")} className="btn">
            {t("accounts.deleted.home")}
          </Link>
        </div>
      </div>
    </section>
  );
}
