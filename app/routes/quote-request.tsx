import { data, Link, redirect } from "react-router";
import { SignedLinkForm, signedLinkRoute } from "~/components/signed-link";
import { T, useLocale, useLocalePath, useT } from "~/components/i18n";
import { getDb } from "~db/client";
import { formatDate } from "~/lib/dates";
import { formatCount } from "~/lib/format";
import { useForm } from "~/lib/form";
import type { MessageKey } from "~/lib/i18n";
import { localePath } from "~/lib/locales";
import { readForm } from "~/services/forms.server";
import { messagesFor, pageLocale, translatorFor } from "~/services/i18n.server";
import {
  checkQuoteLink,
  confirmAndSend,
  matchesOfRequest,
  QUOTE_LINK_PATH,
  requestCategoryName,
  withdrawRequest,
} from "~/services/quotes.server";
import type { Route } from "./+types/quote-request";

// /quote-request?id&expires&token — the signed link of the confirmation mail. A GET only shows the request
// and a button (mail scanners open links); the POST confirms it (then it goes to the sellers) or withdraws
// it. A tampered link is a 400 page; once confirmed, the page stays her view of the answers.

const signedLink = signedLinkRoute("quotes.link.title", {
  title: "common.quotes.badLink.title",
  fallback: "common.quotes.badLink.invalid",
  next: ["/ask-for-a-quote", "common.quotes.badLink.askAgain"],
});
export const meta = signedLink.meta;
export const headers = signedLink.headers;
export const ErrorBoundary = signedLink.ErrorBoundary;

function badLink(locale: ReturnType<typeof pageLocale>, status: number) {
  const t = translatorFor(locale);
  return data(t(status === 404 ? "common.quotes.badLink.gone" : "common.quotes.badLink.invalid"), { status });
}

export async function loader(args: Route.LoaderArgs) {
  const locale = pageLocale(args);
  const db = getDb();
  const link = await checkQuoteLink(db, new URL(args.request.url).searchParams);
  if (!link.ok) throw badLink(locale, link.status);
  const { request } = link;
  const [matches, categoryName] = await Promise.all([
    request.status === "pending" ? [] : matchesOfRequest(db, request.id),
    requestCategoryName(db, request, locale),
  ]);
  return {
    params: link.params,
    expired: link.expired,
    request: {
      categoryName,
      city: request.city,
      locality: request.locality,
      need: request.need,
      neededBy: request.neededBy,
      budgetMin: request.budgetMin,
      budgetMax: request.budgetMax,
      status: request.status,
    },
    // Her view of the sellers: who they are, and what those who answered said (with their contact).
    matches: matches.map((m) => ({
      sellerId: m.sellerId,
      name: m.businessName || m.ownerName,
      status: m.status,
      answer: m.status === "answered" ? m.answer : null,
      price: m.status === "answered" ? m.price : null,
      contact: m.status === "answered" ? { mobile: m.mobile, email: m.email } : null,
    })),
    messages: messagesFor(locale, ["quotes"]),
  };
}

export async function action(args: Route.ActionArgs) {
  const locale = pageLocale(args);
  const db = getDb();
  const form = await readForm(args.request);
  const link = await checkQuoteLink(db, form);
  if (!link.ok) throw badLink(locale, link.status);
  const t = translatorFor(locale);
  const back = `${localePath(locale, QUOTE_LINK_PATH)}?${new URLSearchParams(link.params).toString()}`;
  if (form.get("intent") === "withdraw") {
    if (!(await withdrawRequest(db, link.request.id)))
      return data({ error: t("quotes.link.cannotWithdraw") }, { status: 409 });
    return redirect(back);
  }
  if (link.expired && link.request.status === "pending")
    return data({ error: t("quotes.link.expired") }, { status: 400 });
  const result = await confirmAndSend(db, link.request);
  if (!result.ok) return data({ error: t("quotes.link.alreadyConfirmed") }, { status: result.status });
  return redirect(back);
}

export default function QuoteRequest({ loaderData, actionData }: Route.ComponentProps) {
  const { params, request, matches, expired } = loaderData;
  const t = useT();
  const locale = useLocale();
  const to = useLocalePath();
  const rupees = (n: number) => `₹${formatCount(n, locale)}`;
  const budget =
    request.budgetMin !== null && request.budgetMax !== null
      ? t("quotes.link.budgetRange", { min: rupees(request.budgetMin), max: rupees(request.budgetMax) })
      : request.budgetMin !== null
        ? t("quotes.link.budgetFrom", { min: rupees(request.budgetMin) })
        : request.budgetMax !== null
          ? t("quotes.link.budgetUpTo", { max: rupees(request.budgetMax) })
          : t("quotes.link.budgetNone");
  const [confirmForm] = useForm({ id: "quote-confirm" });
  const [withdrawForm] = useForm({ id: "quote-withdraw" });
  const STATUS_KEYS: Record<string, MessageKey> = {
    sent: "quotes.link.match.sent",
    answered: "quotes.link.match.answered",
    declined: "quotes.link.match.declined",
  };
  return (
    <section className="container section narrow">
      <div className="card card-pad stack quote-page">
        <h1>{request.status === "pending" ? t("quotes.link.confirmTitle") : t("quotes.link.title")}</h1>
        {actionData?.error ? (
          <p className="form-error" role="alert">
            {actionData.error}
          </p>
        ) : null}
        <dl className="quote-facts">
          <div>
            <dt>{t("quotes.link.need")}</dt>
            <dd translate="no">{request.need}</dd>
          </div>
          <div>
            <dt>{t("quotes.link.where")}</dt>
            <dd>
              {request.categoryName} · <span translate="no">{request.locality}</span>,{" "}
              <span translate="no">{request.city}</span>
            </dd>
          </div>
          <div>
            <dt>{t("quotes.link.when")}</dt>
            <dd>
              <time dateTime={request.neededBy}>{formatDate(request.neededBy, locale)}</time>
            </dd>
          </div>
          <div>
            <dt>{t("quotes.link.budget")}</dt>
            <dd>{budget}</dd>
          </div>
        </dl>
        {request.status === "pending" ? (
          expired ? (
            <p className="form-error">{t("quotes.link.expired")}</p>
          ) : (
            <SignedLinkForm form={confirmForm} link={params} className="stack">
              <input type="hidden" name="intent" value="confirm" />
              <p className="muted">{t("quotes.link.confirmLead")}</p>
              <button type="submit" className="btn btn-primary">
                {t("quotes.link.confirm")}
              </button>
            </SignedLinkForm>
          )
        ) : (
          <>
            <p role="status">
              {request.status === "withdrawn"
                ? t("quotes.link.withdrawn")
                : matches.length
                  ? t("quotes.link.sentTo", { count: matches.length })
                  : t("quotes.link.nobody")}
            </p>
            {matches.length ? (
              <ul className="stack quote-sellers" aria-label={t("quotes.link.sellers")}>
                {matches.map((m) => (
                  <li key={m.sellerId} className="card card-pad stack">
                    <p>
                      <Link to={to(`/seller/${m.sellerId}`)} translate="no">
                        {m.name}
                      </Link>{" "}
                      — {t(STATUS_KEYS[m.status]!)}
                    </p>
                    {m.answer ? (
                      <>
                        <p translate="no">{m.answer}</p>
                        {m.price !== null ? <p>{t("quotes.link.price", { price: rupees(m.price) })}</p> : null}
                        {m.contact ? (
                          <p>
                            <T
                              k="quotes.link.contact"
                              values={{ mobile: m.contact.mobile, email: m.contact.email }}
                              components={{ c: (text) => <span translate="no">{text}</span> }}
                            />
                          </p>
                        ) : null}
                      </>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : null}
            {request.status === "open" ? (
              <SignedLinkForm form={withdrawForm} link={params}>
                <input type="hidden" name="intent" value="withdraw" />
                <button type="submit" className="btn">
                  {t("quotes.link.withdraw")}
                </button>
              </SignedLinkForm>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}
