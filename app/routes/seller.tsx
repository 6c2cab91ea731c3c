import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Suspense } from "react";
import {
  data,
  Form,
  isRouteErrorResponse,
  Link,
  redirect,
  type ShouldRevalidateFunctionArgs,
  useRouteLoaderData,
  useSearchParams,
} from "react-router";
import { ReviewForm } from "#review-form";
import { ErrorList } from "~/components/error-list";
import { Honeypot } from "~/components/honeypot-field";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import {
  ArrowLeftIcon,
  CheckIcon,
  FacebookIcon,
  GiftIcon,
  GlobeIcon,
  HeartIcon,
  InstagramIcon,
  MapPinIcon,
  MessageIcon,
  PhoneIcon,
  ScaleIcon,
  ShieldIcon,
  StarIcon,
  YoutubeIcon,
} from "~/components/icons";
import { SellerAvatar } from "~/components/seller-avatar";
import { ShareProfile } from "~/components/share-profile";
import { StructuredData } from "~/components/structured-data";
import { getDb } from "~db/client";
import { priceRangeLabel, REPORT_REASON_MAX_LENGTH } from "~/lib/constants";
import { formatDate } from "~/lib/dates";
import { formatCount, formatRating, safeExternalUrl, truncate } from "~/lib/format";
import { imageSrcSet } from "~/lib/upload-urls";
import { parseId } from "~/lib/validation/params";
import { reviewFormSchema, reviewReportSchema, reviewSchema } from "~/lib/validation/reviews";
import { pageMeta, sellerShareText, sellerSummary } from "~/lib/seo";
import { tapHref } from "~/lib/leads";
import { sellerStructuredData, serializeJsonLd } from "~/lib/structured-data";
import { publicOrigin } from "~/services/public-url.server";
import { whatsappChatUrl, whatsappNumberLabel } from "~/lib/whatsapp";
import { createReview, flagReview } from "~/models/reviews.server";
import { getPublicSeller } from "~/models/sellers.server";
import { publicCacheHeaders } from "~/services/response-cache.server";
import { countSellerView, unsavedSellerViews } from "~/services/seller-views.server";
import { formConstraints } from "~/services/form-constraints.server";
import { checkPublicForm } from "~/services/public-form.server";
import { sellerShareImagePath } from "~/services/share-card.server";
import type { loader as rootLoader } from "~/root";
import { displayPhone } from "~/lib/phone-display";
import type { Route } from "./+types/seller";
import { readForm } from "~/services/api.server";

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
  return pageMeta(matches, {
    title: `${s.display_name} — ${summary}`,
    description: truncate(
      s.tagline || s.description || `${s.display_name}: ${summary}. Verified on BWP Directory.`,
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
  countSellerView(id);
  const shareImage = sellerShareImagePath(seller);
  return {
    seller: { ...seller, views_count: seller.views_count + unsavedSellerViews(id) },
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
  const submission = parseWithZod(formData, { schema: reviewFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const guard = await checkPublicForm("review", context.clientAddress, formData.get(HONEYPOT_FIELD));
  if (!guard.ok) {
    return data(
      { result: submission.reply({ formErrors: [guard.message] }) },
      { status: guard.status, headers: guard.headers },
    );
  }
  const created = await createReview(getDb(), id, submission.value);
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

/** 'Report this review': a disclosure holding a plain form (works without JavaScript). */
function ReportReview({
  reviewId,
  reviewer,
  reply,
}: {
  reviewId: number;
  reviewer: string;
  reply: SubmissionResult<string[]> | undefined;
}) {
  const errors = [...(reply?.error?.reason ?? []), ...(reply?.error?.[""] ?? [])].filter(Boolean) as string[];
  const id = `report-${reviewId}`;
  return (
    <details className="report-review" open={!!reply}>
      <summary className="small">Report this review</summary>
      <Form method="post" preventScrollReset className="stack">
        <Honeypot />
        <input type="hidden" name="intent" value="report" />
        <input type="hidden" name="review_id" value={reviewId} />
        <label htmlFor={id} className="small">
          What is wrong with the review by {reviewer}?
        </label>
        <textarea
          id={id}
          name="reason"
          className="textarea"
          rows={2}
          required
          maxLength={REPORT_REASON_MAX_LENGTH}
          defaultValue={typeof reply?.initialValue?.reason === "string" ? reply.initialValue.reason : ""}
          aria-invalid={errors.length ? true : undefined}
          aria-describedby={errors.length ? `${id}-error` : undefined}
        />
        <ErrorList id={`${id}-error`} errors={errors} />
        <button type="submit" className="btn btn-sm">
          Send report
        </button>
      </Form>
    </details>
  );
}

function Stars({ rating }: { rating: number }) {
  const full = Math.round(rating);
  return (
    <span className="stars" aria-label={`${rating} out of 5 stars`}>
      {"★".repeat(full)}
      <span style={{ color: "var(--c-border)" }}>{"★".repeat(5 - full)}</span>
    </span>
  );
}

export default function SellerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { seller } = loaderData;
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
          {seller.tagline || seller.description ? (
            <p style={{ margin: 0 }}>{seller.tagline || seller.description}</p>
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
                href={tapHref(seller.id, "website")}
                target="_blank"
                rel="noopener noreferrer nofollow"
              >
                <GlobeIcon /> Visit Website
              </a>
            ) : null}
            {whatsappChat ? (
              <a
                className="btn btn-whatsapp btn-sm"
                href={tapHref(seller.id, "whatsapp")}
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
              shareHref={tapHref(seller.id, "share")}
              countHref={`${tapHref(seller.id, "share")}/count`}
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

      {tab === "overview" ? <Overview seller={seller} website={website} whatsappChat={whatsappChat} /> : null}
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

type Seller = Route.ComponentProps["loaderData"]["seller"];

function Overview({
  seller,
  website,
  whatsappChat,
}: {
  seller: Seller;
  website: string | null;
  whatsappChat: string | null;
}) {
  // Every contact link goes through the counting redirect /go/{id}/{target}
  // (docs/decisions/176-leads-first-party-redirect-not-script.md).
  const social = [
    { label: "Website", target: "website", link: website, icon: <GlobeIcon /> },
    { label: "Facebook", target: "facebook", link: safeExternalUrl(seller.facebook_link), icon: <FacebookIcon /> },
    { label: "Instagram", target: "instagram", link: safeExternalUrl(seller.instagram), icon: <InstagramIcon /> },
    { label: "YouTube", target: "youtube", link: safeExternalUrl(seller.youtube_link), icon: <YoutubeIcon /> },
  ] as const;
  const callHref = tapHref(seller.id, "call");
  const place = [seller.locality, seller.city].filter(Boolean).join(", ");
  return (
    <div className="profile-layout">
      <div className="stack">
        <section className="card card-pad" aria-labelledby="about-heading">
          <h2 id="about-heading">About</h2>
          <p style={{ whiteSpace: "pre-line" }}>
            {seller.description || seller.tagline || "This seller hasn't written an introduction yet."}
          </p>
        </section>
        <section className="card card-pad" aria-labelledby="features-heading">
          <h2 id="features-heading">Key Features</h2>
          <ul className="key-features">
            <li>
              <strong>Price range</strong>
              {priceRangeLabel(seller.price_range) ?? "On request"}
            </li>
            <li>
              <strong>Service location</strong>
              {place || "—"}
            </li>
            <li>
              <strong>Categories</strong>
              {seller.category_list.join(", ") || "—"}
            </li>
            <li>
              <strong>Languages</strong>
              {seller.languages.join(", ") || "—"}
            </li>
            {seller.is_verified ? (
              <li>
                <strong>Status</strong>
                <span className="row" style={{ gap: 4, color: "var(--c-success)" }}>
                  <CheckIcon /> Verified Business
                </span>
              </li>
            ) : null}
            <li>
              <strong>Member since</strong>
              {formatDate(seller.created_at)}
            </li>
          </ul>
          {seller.subcategory_names.length ? (
            <p className="small muted" style={{ marginTop: "var(--s-3)" }}>
              Specialities: {seller.subcategory_names.join(", ")}
            </p>
          ) : null}
          {seller.offers_text ? (
            <p className="form-success small row" style={{ marginTop: "var(--s-3)", gap: 6 }}>
              <GiftIcon /> {seller.offers_text}
            </p>
          ) : null}
        </section>
        <section className="card card-pad" aria-labelledby="gallery-heading">
          <h2 id="gallery-heading">Products &amp; Services</h2>
          {seller.product_image_list.length ? (
            <div className="gallery">
              {seller.product_image_list.map((src, i) => (
                <a key={src + i} href={src} target="_blank" rel="noopener">
                  <img
                    src={src}
                    srcSet={imageSrcSet(src)}
                    sizes="(max-width: 34rem) 100vw, 16rem"
                    alt={`${seller.display_name} product ${i + 1}`}
                    loading="lazy"
                    decoding="async"
                    width={320}
                    height={240}
                  />
                </a>
              ))}
            </div>
          ) : (
            <p className="muted">No product photos yet.</p>
          )}
        </section>
      </div>
      <aside className="stack">
        <section className="card card-pad" aria-labelledby="contact-heading">
          <h2 id="contact-heading">Contact Information</h2>
          <ul className="contact-list">
            <li>
              <PhoneIcon />{" "}
              <span>
                <a href={callHref} rel="nofollow">
                  {displayPhone(seller.mobile)}
                </a>
                <br />
                <a className="btn btn-primary btn-sm" style={{ marginTop: 6 }} href={callHref} rel="nofollow">
                  Call Now
                </a>
              </span>
            </li>
            {seller.address ? (
              <li>
                <MapPinIcon /> <span>{seller.address}</span>
              </li>
            ) : null}
            {whatsappChat ? (
              <li>
                <MessageIcon />{" "}
                <span>
                  WhatsApp{" "}
                  <a href={tapHref(seller.id, "whatsapp")} target="_blank" rel="noopener noreferrer nofollow">
                    {whatsappNumberLabel(whatsappChat)}
                  </a>
                </span>
              </li>
            ) : null}
          </ul>
        </section>
        {social.some((s) => s.link) ? (
          <section className="card card-pad" aria-labelledby="follow-heading">
            <h2 id="follow-heading">Follow Us</h2>
            <ul className="contact-list">
              {social.map((s) =>
                s.link ? (
                  <li key={s.label}>
                    {s.icon}{" "}
                    <a href={tapHref(seller.id, s.target)} target="_blank" rel="noopener noreferrer nofollow">
                      {s.label}
                    </a>
                  </li>
                ) : null,
              )}
            </ul>
          </section>
        ) : null}
      </aside>
    </div>
  );
}

type ReportReply = { reviewId: number | null; result: SubmissionResult<string[]> } | undefined;

function Reviews({
  seller,
  submitted,
  reported,
  report,
  lastResult,
  constraint,
}: {
  seller: Seller;
  submitted: boolean;
  reported: boolean;
  report: ReportReply;
  lastResult: SubmissionResult<string[]> | undefined;
  constraint: Route.ComponentProps["loaderData"]["reviewConstraint"];
}) {
  return (
    <div className="profile-layout" id="reviews">
      <section className="card card-pad" aria-labelledby="reviews-heading">
        <h2 id="reviews-heading">Customer Reviews</h2>
        {reported ? (
          <p className="notice" role="status">
            Thank you. Our team will look at this review; it is hidden until they do.
          </p>
        ) : null}
        {seller.reviews.length ? (
          seller.reviews.map((r) => (
            <article key={r.id} className="review">
              <div className="row" style={{ justifyContent: "space-between" }}>
                <strong>{r.reviewer_name}</strong>
                <span className="small muted">{formatDate(r.created_at)}</span>
              </div>
              <Stars rating={r.rating} />
              <p style={{ marginTop: "var(--s-2)", whiteSpace: "pre-line" }}>{r.review_text}</p>
              {r.seller_reply ? (
                <div className="reply">
                  <strong>Response from the seller</strong>
                  {r.seller_reply_date ? <span className="muted"> · {formatDate(r.seller_reply_date)}</span> : null}
                  <p style={{ margin: "var(--s-1) 0 0", whiteSpace: "pre-line" }}>{r.seller_reply}</p>
                </div>
              ) : null}
              <ReportReview
                reviewId={r.id}
                reviewer={r.reviewer_name}
                reply={report?.reviewId === r.id ? report.result : undefined}
              />
            </article>
          ))
        ) : (
          <div className="empty-state" style={{ padding: "var(--s-6) 0" }}>
            <div className="icon" aria-hidden="true">
              💬
            </div>
            <h3>No Reviews Yet</h3>
            <p className="muted">Be the first to share your experience.</p>
          </div>
        )}
      </section>
      <aside>
        <section className="card card-pad" aria-labelledby="write-review-heading">
          <h2 id="write-review-heading">Write a Review</h2>
          {submitted ? (
            <p className="form-success" role="status">
              Thank you! Your review has been submitted and will appear after approval.
            </p>
          ) : null}
          <Suspense fallback={null}>
            <ReviewForm lastResult={lastResult} constraint={constraint} />
          </Suspense>
        </section>
      </aside>
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
