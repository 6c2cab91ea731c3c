import { Suspense } from "react";
import {
  data,
  isRouteErrorResponse,
  Link,
  redirect,
  type ShouldRevalidateFunctionArgs,
  useRouteLoaderData,
  useSearchParams,
} from "react-router";
import {
  ArrowLeftIcon,
  GlobeIcon,
  HeartIcon,
  MapPinIcon,
  MessageIcon,
  ScaleIcon,
  ShieldIcon,
  StarIcon,
} from "~/components/icons";
import { PageNotice } from "~/components/page-notice";
import { SellerAvatar } from "~/components/seller-avatar";
import { ShareProfile } from "~/components/share-profile";
import { StructuredData } from "~/components/structured-data";
import { getDb } from "~db/client";
import { storedPositionOf } from "~db/pincodes";
import { formatDate } from "~/lib/dates";
import { formatRating, safeExternalUrl, truncate } from "~/lib/format";
import { parseId } from "~/lib/validation/params";
import { reviewSortOf, reviewWithEmailSchema } from "~/lib/validation/reviews";
import reportForm from "~/lib/forms/report";
import reviewForm from "~/lib/forms/review";
import { pageMeta } from "~/lib/seo";
import { type Translate, translatorFromMatches } from "~/lib/i18n";
import { type Locale, localePath } from "~/lib/locales";
import { T, useLocalePath, useT } from "~/components/i18n";
import { categoryName, categoryNames, messagesFor, pageLocale, translatorFor } from "~/services/i18n.server";
import { leadLinkHref } from "~/lib/leads";
import { LeadLinkOut } from "~/components/lead-link";
import { sellerStructuredData, serializeJsonLd } from "~/lib/structured-data";
import { publicOrigin } from "~/services/public-url.server";
import { mapTilesSource } from "~/services/config.server";
import { publicArea } from "~/lib/geo";
import { whatsappChatUrl } from "~/lib/whatsapp";
import { flagReview } from "~/models/reviews.server";
import { isOwnListing, OWN_LISTING, submitReview } from "~/services/reviewer-email.server";
import { getSessionUser } from "~/services/session.server";
import { retryAfterHeaders, throttled } from "~/services/rate-limit.server";
import { responseFigures } from "~/lib/quotes";
import { sellerPastMatches } from "~/models/quotes.server";
import { getPublicSeller } from "~/models/sellers.server";
import { langAttribute, sellerTexts } from "~/lib/localized";
import { publicCacheHeaders } from "~/services/response-cache/cache-control.server";
import { keepCachedWhileStatesHold } from "~/services/open-now.server";
import { openingState } from "~/lib/opening-hours";
import { OpeningStateLine } from "~/components/opening-hours";
import { countViewLead, unsavedViewLeads } from "~/services/leads.server";
import { formConstraints } from "~/services/form-constraints.server";
import { parsePublicForm, readForm } from "~/services/forms.server";
import { sellerShareImagePath, shareCardLanguage } from "~/services/share-card.server";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/seller";
import { Overview } from "#lazy/seller-overview";
import { Reviews } from "#lazy/seller-reviews";

const TABS = ["overview", "reviews", "tutorials"] as const;
type Tab = (typeof TABS)[number];

function notFound() {
  return data({ message: "Seller Not Found" }, { status: 404 });
}

/** "Sarees in Jayanagar, Bangalore": her first category and place, in the page's language. */
function sellerSummary(t: Translate, s: { category_list: string[]; locality: string | null; city: string }): string {
  const place = [s.locality, s.city].filter(Boolean).join(", ");
  return s.category_list[0]
    ? t("seller.meta.summaryCategory", { category: s.category_list[0], place })
    : t("seller.meta.summaryPlain", { place });
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const t = translatorFromMatches(matches);
  if (!loaderData)
    return [
      { title: t("common.meta.titleSuffix", { title: t("common.seller.notFound.title") }) },
      { name: "robots", content: "noindex,follow" },
    ];
  const s = loaderData.seller;
  const summary = sellerSummary(t, s);
  const name = s.display_name;
  const { tagline, description } = loaderData.texts;
  return pageMeta(matches, {
    title: t("seller.meta.title", { name, summary }),
    description: truncate(tagline?.text || description?.text || t("seller.meta.description", { name, summary }), 160),
    path: `/seller/${s.id}`,
    image: { path: loaderData.shareImage, alt: t("seller.meta.imageAlt", { name, summary }) },
  });
}

export async function loader(args: Route.LoaderArgs) {
  const { params, request } = args;
  const locale = pageLocale(args);
  const t = translatorFor(locale);
  const id = parseId(params.id);
  if (!id) throw notFound();
  const db = getDb();
  // The reviews' order (docs/decisions/222-reviews-people-can-trust.md): an unknown one is the newest first.
  const sortParam = new URL(request.url).searchParams.get("sort");
  const reviewSort = reviewSortOf(sortParam);
  // Her answers to quote requests (last 90 days) are read beside the profile, not after it; so is whether the
  // visitor is signed in as the seller herself (her own page offers her no review form).
  const [seller, pastQuotes, ownListing] = await Promise.all([
    getPublicSeller(db, id, reviewSort),
    sellerPastMatches(db, id),
    isOwnListing(db, request, id),
  ]);
  if (!seller) throw notFound();
  // Reordering her reviews is the same visitor on the same page, not another view of it.
  if (sortParam === null) countViewLead(id);
  // "Open · closes 7 pm" is true until 7 pm: the cached copy of the page ends then.
  const at = Date.now();
  keepCachedWhileStatesHold([seller], at);
  const shareImage = sellerShareImagePath(seller, await shareCardLanguage(locale));
  const area = storedPositionOf(seller.pincode);
  const { translations: _translations, subcategories, ...shown } = seller;
  const inLocale = categoryNames(seller.category_refs, locale);
  return {
    seller: {
      ...shown,
      category_list: seller.category_list.map(inLocale),
      category_refs: seller.category_refs.map((c) => ({ id: c.id, slug: c.slug, name: categoryName(c, locale) })),
      subcategory_names: subcategories.map((sub) => categoryName(sub, locale)),
      views_count: seller.views_count + unsavedViewLeads(id),
    },
    locale,
    reviewSort,
    opening: openingState(seller.hours, at),
    // Written here, in the page's language: the header then needs no date code in the browser.
    validTill: seller.subscription_end_date ? formatDate(seller.subscription_end_date, locale) : null,
    quoteFigures: responseFigures(pastQuotes),
    texts: sellerTexts(seller, locale),
    reviewConstraint: formConstraints(reviewWithEmailSchema),
    ownListing,
    shareImage,
    directions: !!area,
    // Her PIN code's area as the JSON-LD and the Directions link give it: two decimals, never her own point.
    map: mapOfArea(area),
    structuredData: sellerStructuredData({ ...seller, area }, publicOrigin(request), shareImage, {
      locale,
      home: t("seller.jsonld.home"),
      directory: t("seller.jsonld.directory"),
    }).map((block) => serializeJsonLd(block)),
    messages: messagesFor(locale, ["seller"]),
  };
}

export const headers: Route.HeadersFunction = publicCacheHeaders;

function mapOfArea(area: { lat: number; lng: number } | null) {
  const source = mapTilesSource();
  if (!source || !area) return null;
  return { source, centre: publicArea(area) };
}

// Switching tabs with JavaScript needs no new data (and is not a new page view); another order of the
// reviews does.
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (
    !formMethod &&
    currentUrl.pathname === nextUrl.pathname &&
    currentUrl.searchParams.get("review") === nextUrl.searchParams.get("review") &&
    currentUrl.searchParams.get("sort") === nextUrl.searchParams.get("sort")
  )
    return false;
  return defaultShouldRevalidate;
}

export async function action(args: Route.ActionArgs) {
  const { params, request, context } = args;
  const locale = pageLocale(args);
  const id = parseId(params.id);
  if (!id) throw notFound();
  const formData = await readForm(request);
  if (formData.get("intent") === "report") return reportReview(locale, id, formData, context.clientAddress);
  const post = await parsePublicForm(formData, context.clientAddress, reviewForm);
  if (!post.ok) return data({ result: post.reply }, { status: post.status, headers: post.headers });
  const created = await submitReview(getDb(), id, post.value, {
    clientAddress: context.clientAddress,
    reviewerUserId: (await getSessionUser(request))?.id,
    locale,
  });
  if (!created.ok && created.reason === "too_many") {
    const refusal = throttled(created.retryAfterSeconds);
    return data(
      { result: post.submission.reply({ formErrors: [refusal.message] }) },
      { status: 429, headers: retryAfterHeaders(refusal) },
    );
  }
  if (!created.ok && created.reason === "own_listing")
    return data({ result: post.submission.reply({ formErrors: [OWN_LISTING] }) }, { status: 403 });
  if (!created.ok) throw notFound();
  // With an address, the notice says a link to confirm it was mailed (docs/decisions/222-reviews-people-can-trust.md).
  const notice = post.value.reviewer_email ? "confirm" : "submitted";
  return redirect(localePath(locale, `/seller/${id}?tab=reviews&review=${notice}#reviews`));
}

/** 'Report this review': its form's checks (the schema, the honeypot, the rate limit), then the review is flagged for the moderators. */
async function reportReview(locale: Locale, sellerId: number, formData: FormData, clientAddress: string) {
  const post = await parsePublicForm(formData, clientAddress, reportForm);
  const reviewId = Number(formData.get("review_id")) || null;
  if (!post.ok)
    return data(
      { result: undefined, report: { reviewId, result: post.reply } },
      { status: post.status, headers: post.headers },
    );
  const flagged = await flagReview(getDb(), sellerId, post.value.review_id, post.value.reason, clientAddress);
  if (!flagged)
    return data(
      {
        result: undefined,
        report: {
          reviewId,
          result: post.submission.reply({ formErrors: [translatorFor(locale)("seller.report.notFound")] }),
        },
      },
      { status: 404 },
    );
  return redirect(localePath(locale, `/seller/${sellerId}?tab=reviews&review=reported#reviews`));
}

export default function SellerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { seller, locale, texts } = loaderData;
  const intro = texts.tagline ?? texts.description;
  const t = useT();
  const to = useLocalePath();
  const origin = useRouteLoaderData<typeof rootLoader>("root")?.origin ?? "";
  const profileUrl = `${origin}${to(`/seller/${seller.id}`)}`;
  const whatsappChat = whatsappChatUrl(seller);
  const [searchParams] = useSearchParams();
  const tabParam = searchParams.get("tab");
  const tab: Tab = TABS.includes(tabParam as Tab) ? (tabParam as Tab) : "overview";
  const reviewSubmitted =
    searchParams.get("review") === "submitted"
      ? "submitted"
      : searchParams.get("review") === "confirm"
        ? "confirm"
        : null;
  const reviewReported = searchParams.get("review") === "reported";
  const report = actionData && "report" in actionData ? actionData.report : undefined;
  const rating = seller.avg_rating > 0 ? seller.avg_rating : 4.0;
  const headerPhoto = seller.logo ?? seller.profile_photo;
  const website = safeExternalUrl(seller.website);
  const tabHref = (tab: Tab) => to(tab === "overview" ? `/seller/${seller.id}` : `/seller/${seller.id}?tab=${tab}`);

  return (
    <div className="container section">
      <StructuredData blocks={loaderData.structuredData} />
      <Link to={to("/directory")} className="row small" style={{ gap: 6, marginBottom: "var(--s-4)" }}>
        <ArrowLeftIcon /> {t("seller.back")}
      </Link>

      <header className="card profile-header">
        <div className="profile-avatar">
          <SellerAvatar name={seller.display_name} photo={headerPhoto} priority sizes="7rem" width={112} height={112} />
        </div>
        <div className="stack" style={{ minWidth: 0 }}>
          <div className="row">
            {seller.is_featured ? <span className="badge badge-featured">{t("seller.badge.featured")}</span> : null}
            {seller.is_verified ? (
              <span className="badge badge-verified">
                <ShieldIcon /> {t("seller.badge.verified")}
              </span>
            ) : null}
          </div>
          <h1 style={{ margin: 0 }} translate="no">
            {seller.display_name}
          </h1>
          {seller.business_name && seller.owner_name !== seller.display_name ? (
            <p className="muted" style={{ margin: 0 }}>
              <T
                k="seller.by"
                values={{ owner: seller.owner_name }}
                components={{ owner: (name) => <span translate="no">{name}</span> }}
              />
            </p>
          ) : null}
          {seller.category_refs.length ? (
            <div className="row" style={{ gap: "var(--s-1)" }}>
              {seller.category_refs.map((c) => (
                <Link key={c.id} className="chip" to={to(`/directory?category=${c.slug}`)}>
                  {c.name}
                </Link>
              ))}
            </div>
          ) : null}
          {intro ? (
            <p style={{ margin: 0 }} {...langAttribute(intro, locale)} translate="no">
              {intro.text}
            </p>
          ) : null}
          <div className="row small">
            <span className="rating">
              <StarIcon className="star" /> {formatRating(rating)}{" "}
              <span className="muted">{t("seller.reviewCount", { count: seller.review_count })}</span>
            </span>
            {loaderData.validTill ? (
              <span className="muted">{t("seller.validTill", { date: loaderData.validTill })}</span>
            ) : null}
            {loaderData.quoteFigures ? (
              <span className="muted" data-testid="quote-figures">
                {t("seller.quoteFigures", { rate: loaderData.quoteFigures.rate, hours: loaderData.quoteFigures.hours })}
              </span>
            ) : null}
            <span className="muted">{t("seller.views", { count: seller.views_count })}</span>
          </div>
          {loaderData.opening ? <OpeningStateLine state={loaderData.opening} /> : null}
          <div className="row">
            {website ? (
              <LeadLinkOut className="btn btn-primary btn-sm" sellerId={seller.id} target="website">
                <GlobeIcon /> {t("seller.visitWebsite")}
              </LeadLinkOut>
            ) : null}
            {whatsappChat ? (
              <LeadLinkOut className="btn btn-whatsapp btn-sm" sellerId={seller.id} target="whatsapp">
                <MessageIcon /> {t("seller.chatWhatsApp")}
              </LeadLinkOut>
            ) : null}
            {loaderData.directions ? (
              <LeadLinkOut className="btn btn-sm" sellerId={seller.id} target="directions">
                <MapPinIcon /> {t("seller.directions")}
              </LeadLinkOut>
            ) : null}
            <Link className="btn btn-sm" to={to(`/ask-for-a-quote?seller=${seller.id}`)}>
              {t("common.quotes.ask")}
            </Link>
            <ShareProfile
              url={profileUrl}
              title={seller.display_name}
              text={t("seller.meta.shareText", { name: seller.display_name, summary: sellerSummary(t, seller) })}
              shareHref={leadLinkHref(seller.id, "share")}
              countHref={`${leadLinkHref(seller.id, "share")}/count`}
            />
            <button type="button" className="btn btn-sm" aria-disabled="true" title={t("seller.comingSoon")}>
              <HeartIcon /> {t("seller.addToFavorites")}
            </button>
            <button type="button" className="btn btn-sm" aria-disabled="true" title={t("seller.comingSoon")}>
              <ScaleIcon /> {t("seller.addToCompare")}
            </button>
          </div>
        </div>
      </header>

      <nav className="tabs" aria-label={t("seller.tabs.label")}>
        <Link to={tabHref("overview")} aria-current={tab === "overview" ? "page" : undefined} preventScrollReset>
          {t("seller.tabs.overview")}
        </Link>
        <Link to={tabHref("reviews")} aria-current={tab === "reviews" ? "page" : undefined} preventScrollReset>
          {t("seller.tabs.reviews", { count: seller.review_count })}
        </Link>
        <Link to={tabHref("tutorials")} aria-current={tab === "tutorials" ? "page" : undefined} preventScrollReset>
          {t("seller.tabs.tutorials", { count: 0 })}
        </Link>
      </nav>

      <Suspense fallback={null}>
        {tab === "overview" ? (
          <Overview
            seller={seller}
            about={texts.description ?? texts.tagline}
            locale={locale}
            website={website}
            whatsappChat={whatsappChat}
            map={loaderData.map}
          />
        ) : null}
        {tab === "reviews" ? (
          <Reviews
            seller={seller}
            sort={loaderData.reviewSort}
            submitted={reviewSubmitted}
            reported={reviewReported}
            report={report}
            lastResult={actionData?.result}
            constraint={loaderData.reviewConstraint}
            ownListing={loaderData.ownListing}
          />
        ) : null}
      </Suspense>
      {tab === "tutorials" ? (
        <div className="card empty-state">
          <div className="icon" aria-hidden="true">
            🎬
          </div>
          <h2>{t("seller.tutorials.title")}</h2>
          <p className="muted">{t("seller.tutorials.text")}</p>
        </div>
      ) : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFoundError = isRouteErrorResponse(error) && error.status === 404;
  const t = useT();
  const to = useLocalePath();
  return (
    <PageNotice
      icon="🔎"
      title={notFoundError ? t("common.seller.notFound.title") : t("common.error.title")}
      message={notFoundError ? t("common.seller.notFound.message") : t("common.seller.error.message")}
      link={{ to: to("/directory"), label: t("common.seller.backToDirectory") }}
    />
  );
}
