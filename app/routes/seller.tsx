import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  isRouteErrorResponse,
  Link,
  redirect,
  type ShouldRevalidateFunctionArgs,
  useRouteLoaderData,
  useSearchParams,
} from "react-router";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { ArrowLeftIcon, GlobeIcon, HeartIcon, MessageIcon, ScaleIcon, ShieldIcon, StarIcon } from "~/components/icons";
import { SellerAvatar } from "~/components/seller-avatar";
import { ShareProfile } from "~/components/share-profile";
import { StructuredData } from "~/components/structured-data";
import { getDb } from "~db/client";
import { formatDate } from "~/lib/dates";
import { formatCount, formatRating, safeExternalUrl, truncate } from "~/lib/format";
import { parseId } from "~/lib/validation/params";
import { reviewReportSchema, reviewSchema } from "~/lib/validation/reviews";
import reviewForm from "~/lib/forms/review";
import { pageMeta, sellerShareText, sellerSummary } from "~/lib/seo";
import { leadLinkHref } from "~/lib/leads";
import { sellerStructuredData, serializeJsonLd } from "~/lib/structured-data";
import { publicOrigin } from "~/services/public-url.server";
import { whatsappChatUrl } from "~/lib/whatsapp";
import { createReview, flagReview } from "~/models/reviews.server";
import { getPublicSeller } from "~/models/sellers.server";
import { langAttribute, sellerTexts } from "~/lib/localized";
import { DEFAULT_LOCALE } from "~/lib/locales";
import { publicCacheHeaders } from "~/services/response-cache/cache-control.server";
import { countViewLead, unsavedViewLeads } from "~/services/leads.server";
import { formConstraints } from "~/services/form-constraints.server";
import { checkPublicForm, parsePublicForm, readForm } from "~/services/forms.server";
import { sellerShareImagePath } from "~/services/share-card.server";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/seller";
import { Overview } from "./seller/overview";
import { Reviews } from "./seller/reviews";

const TABS = ["overview", "reviews", "tutorials"] as const;
type Tab = (typeof TABS)[number];

function notFound() {
  return data({ message: "Seller Not Found" }, { status: 404 });
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  if (!loaderData)
    return [{ title: "Seller Not Found | BWP Directory" }, { name: "robots", content: "noindex,follow" }];
  const s = loaderData.seller;
  const summary = sellerSummary(s);
  const { tagline, description } = loaderData.texts;
  return pageMeta(matches, {
    title: `${s.display_name} — ${summary}`,
    description: truncate(
      tagline?.text || description?.text || `${s.display_name}: ${summary}. Verified on BWP Directory.`,
      160,
    ),
    path: `/seller/${s.id}`,
    image: { path: loaderData.shareImage, alt: `${s.display_name}: ${summary}` },
  });
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const id = parseId(params.id);
  if (!id) throw notFound();
  const db = getDb();
  const seller = await getPublicSeller(db, id);
  if (!seller) throw notFound();
  countViewLead(id);
  const shareImage = sellerShareImagePath(seller);
  // The page's language; the URL's once the site has language prefixes.
  const locale = DEFAULT_LOCALE;
  const { translations: _translations, ...shown } = seller;
  return {
    seller: { ...shown, views_count: seller.views_count + unsavedViewLeads(id) },
    locale,
    texts: sellerTexts(seller, locale),
    reviewConstraint: formConstraints(reviewSchema),
    shareImage,
    structuredData: sellerStructuredData(seller, publicOrigin(request), shareImage).map((block) =>
      serializeJsonLd(block),
    ),
  };
}

export const headers: Route.HeadersFunction = publicCacheHeaders;

// Switching tabs with JavaScript needs no new data (and is not a new page view).
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (
    !formMethod &&
    currentUrl.pathname === nextUrl.pathname &&
    currentUrl.searchParams.get("review") === nextUrl.searchParams.get("review")
  )
    return false;
  return defaultShouldRevalidate;
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const id = parseId(params.id);
  if (!id) throw notFound();
  const formData = await readForm(request);
  if (formData.get("intent") === "report") return reportReview(id, formData, context.clientAddress);
  const post = await parsePublicForm(formData, context.clientAddress, reviewForm);
  if (!post.ok) return data({ result: post.reply }, { status: post.status, headers: post.headers });
  const created = await createReview(getDb(), id, post.value);
  if (!created.ok) throw notFound();
  return redirect(`/seller/${id}?tab=reviews&review=submitted#reviews`);
}

/** 'Report this review': honeypot and rate limit first, then the review is flagged for the moderators. */
async function reportReview(sellerId: number, formData: FormData, clientAddress: string) {
  const submission = parseWithZod(formData, { schema: reviewReportSchema });
  const reviewId = Number(formData.get("review_id")) || null;
  if (submission.status !== "success")
    return data({ result: undefined, report: { reviewId, result: submission.reply() } }, { status: 400 });
  const guard = await checkPublicForm("report", clientAddress, formData.get(HONEYPOT_FIELD));
  if (!guard.ok)
    return data(
      { result: undefined, report: { reviewId, result: submission.reply({ formErrors: [guard.message] }) } },
      { status: guard.status, headers: guard.headers },
    );
  const flagged = await flagReview(
    getDb(),
    sellerId,
    submission.value.review_id,
    submission.value.reason,
    clientAddress,
  );
  if (!flagged)
    return data(
      {
        result: undefined,
        report: { reviewId, result: submission.reply({ formErrors: ["This review was not found"] }) },
      },
      { status: 404 },
    );
  return redirect(`/seller/${sellerId}?tab=reviews&review=reported#reviews`);
}

export default function SellerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { seller, locale, texts } = loaderData;
  const intro = texts.tagline ?? texts.description;
  const origin = useRouteLoaderData<typeof rootLoader>("root")?.origin ?? "";
  const profileUrl = `${origin}/seller/${seller.id}`;
  const whatsappChat = whatsappChatUrl(seller);
  const [searchParams] = useSearchParams();
  const tabParam = searchParams.get("tab");
  const tab: Tab = TABS.includes(tabParam as Tab) ? (tabParam as Tab) : "overview";
  const reviewSubmitted = searchParams.get("review") === "submitted";
  const reviewReported = searchParams.get("review") === "reported";
  const report = actionData && "report" in actionData ? actionData.report : undefined;
  const rating = seller.avg_rating > 0 ? seller.avg_rating : 4.0;
  const headerPhoto = seller.logo ?? seller.profile_photo;
  const website = safeExternalUrl(seller.website);
  const tabHref = (t: Tab) => (t === "overview" ? `/seller/${seller.id}` : `/seller/${seller.id}?tab=${t}`);

  return (
    <div className="container section">
      <StructuredData blocks={loaderData.structuredData} />
      <Link to="/directory" className="row small" style={{ gap: 6, marginBottom: "var(--s-4)" }}>
        <ArrowLeftIcon /> Back to Directory
      </Link>

      <header className="card profile-header">
        <div className="profile-avatar">
          <SellerAvatar name={seller.display_name} photo={headerPhoto} priority sizes="7rem" width={112} height={112} />
        </div>
        <div className="stack" style={{ minWidth: 0 }}>
          <div className="row">
            {seller.is_featured ? <span className="badge badge-featured">FEATURED</span> : null}
            {seller.is_verified ? (
              <span className="badge badge-verified">
                <ShieldIcon /> VERIFIED
              </span>
            ) : null}
          </div>
          <h1 style={{ margin: 0 }}>{seller.display_name}</h1>
          {seller.business_name && seller.owner_name !== seller.display_name ? (
            <p className="muted" style={{ margin: 0 }}>
              by {seller.owner_name}
            </p>
          ) : null}
          {seller.category_refs.length ? (
            <div className="row" style={{ gap: "var(--s-1)" }}>
              {seller.category_refs.map((c) => (
                <Link key={c.id} className="chip" to={`/directory?category=${c.slug}`}>
                  {c.name}
                </Link>
              ))}
            </div>
          ) : null}
          {intro ? (
            <p style={{ margin: 0 }} {...langAttribute(intro, locale)}>
              {intro.text}
            </p>
          ) : null}
          <div className="row small">
            <span className="rating">
              <StarIcon className="star" /> {formatRating(rating)}{" "}
              <span className="muted">
                ({seller.review_count} review{seller.review_count === 1 ? "" : "s"})
              </span>
            </span>
            {seller.subscription_end_date ? (
              <span className="muted">Valid till {formatDate(seller.subscription_end_date)}</span>
            ) : null}
            <span className="muted">{formatCount(seller.views_count)} views</span>
          </div>
          <div className="row">
            {website ? (
              <a
                className="btn btn-primary btn-sm"
                href={leadLinkHref(seller.id, "website")}
                target="_blank"
                rel="noopener noreferrer nofollow"
              >
                <GlobeIcon /> Visit Website
              </a>
            ) : null}
            {whatsappChat ? (
              <a
                className="btn btn-whatsapp btn-sm"
                href={leadLinkHref(seller.id, "whatsapp")}
                target="_blank"
                rel="noopener noreferrer nofollow"
              >
                <MessageIcon /> Chat on WhatsApp
              </a>
            ) : null}
            <ShareProfile
              url={profileUrl}
              title={seller.display_name}
              text={sellerShareText(seller)}
              shareHref={leadLinkHref(seller.id, "share")}
              countHref={`${leadLinkHref(seller.id, "share")}/count`}
            />
            <button type="button" className="btn btn-sm" aria-disabled="true" title="Coming soon">
              <HeartIcon /> Add to Favorites
            </button>
            <button type="button" className="btn btn-sm" aria-disabled="true" title="Coming soon">
              <ScaleIcon /> Add to Compare
            </button>
          </div>
        </div>
      </header>

      <nav className="tabs" aria-label="Seller sections">
        <Link to={tabHref("overview")} aria-current={tab === "overview" ? "page" : undefined} preventScrollReset>
          Overview
        </Link>
        <Link to={tabHref("reviews")} aria-current={tab === "reviews" ? "page" : undefined} preventScrollReset>
          Reviews ({seller.review_count})
        </Link>
        <Link to={tabHref("tutorials")} aria-current={tab === "tutorials" ? "page" : undefined} preventScrollReset>
          Tutorials (0)
        </Link>
      </nav>

      {tab === "overview" ? (
        <Overview
          seller={seller}
          about={texts.description ?? texts.tagline}
          locale={locale}
          website={website}
          whatsappChat={whatsappChat}
        />
      ) : null}
      {tab === "reviews" ? (
        <Reviews
          seller={seller}
          submitted={reviewSubmitted}
          reported={reviewReported}
          report={report}
          lastResult={actionData?.result}
          constraint={loaderData.reviewConstraint}
        />
      ) : null}
      {tab === "tutorials" ? (
        <div className="card empty-state">
          <div className="icon" aria-hidden="true">
            🎬
          </div>
          <h2>No Tutorials Available</h2>
          <p className="muted">This seller hasn't shared any tutorials yet.</p>
        </div>
      ) : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFoundError = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="container section empty-state">
      <div className="icon" aria-hidden="true">
        🔎
      </div>
      <h1>{notFoundError ? "Seller Not Found" : "Something went wrong"}</h1>
      <p className="muted">
        {notFoundError
          ? "The seller you're looking for doesn't exist or is no longer active."
          : "We couldn't load this seller right now. Please try again."}
      </p>
      <Link to="/directory" className="btn btn-primary">
        Back to Directory
      </Link>
    </div>
  );
}
