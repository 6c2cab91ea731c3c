import { Link } from "react-router";
import { formatCount, formatRating, truncate } from "~/lib/format";
import { T, useLocale, useLocalePath, useT } from "./i18n";
import { imageSrcSet } from "~/lib/upload-urls";
import type { PublicSeller } from "~/models/sellers.server";
import { type ContentLanguage, langAttribute, sellerTexts } from "~/lib/localized";
import type { Locale } from "~/lib/locales";
import { isOpenAt } from "~/lib/opening-hours";
import { EyeIcon, GiftIcon, MapPinIcon, StarIcon } from "./icons";
import { SellerAvatar } from "./seller-avatar";
import { Highlighted, type SearchHighlight } from "./search-highlight";

export type SellerCardData = Pick<
  PublicSeller,
  | "id"
  | "display_name"
  | "business_name"
  | "owner_name"
  | "profile_photo"
  | "logo"
  | "is_featured"
  | "is_verified"
  | "tagline"
  | "description"
  | "locality"
  | "city"
  | "category_list"
  | "avg_rating"
  | "review_count"
  | "views_count"
  | "offers_text"
  | "distance_km"
> & {
  /** the `lang` of the tagline and description when not the page's (an original in another script) */
  langs: { tagline?: ContentLanguage; description?: ContentLanguage };
  /** open at the moment the page was rendered (the page's cached copy ends at her closing) */
  open_now?: true;
};

/**
 * Only what a card shows, so pages don't ship whole seller records in their loader data: the tagline and
 * description in the page's language when the seller wrote them in it, else her originals.
 */
export function toSellerCard(
  s: Omit<SellerCardData, "langs" | "open_now"> & Pick<PublicSeller, "translations" | "hours">,
  locale: Locale,
  /** a category's name in the page's locale, from its English name (`localizedNames`) */
  categoryName: (english: string) => string = (english) => english,
  /** the moment whose state the badge shows (epoch ms) */
  at: number = Date.now(),
): SellerCardData {
  const texts = sellerTexts(s, locale);
  return {
    id: s.id,
    display_name: s.display_name,
    business_name: s.business_name,
    owner_name: s.owner_name,
    profile_photo: s.profile_photo,
    logo: s.logo,
    is_featured: s.is_featured,
    is_verified: s.is_verified,
    tagline: texts.tagline?.text ?? null,
    description: truncate(texts.description?.text ?? null, 160),
    langs: {
      ...(texts.tagline ? { tagline: langAttribute(texts.tagline, locale).lang } : {}),
      ...(texts.description ? { description: langAttribute(texts.description, locale).lang } : {}),
    },
    locality: s.locality,
    city: s.city,
    category_list: s.category_list.map(categoryName),
    avg_rating: s.avg_rating,
    review_count: s.review_count,
    views_count: s.views_count,
    offers_text: s.offers_text,
    ...(s.distance_km === undefined ? {} : { distance_km: s.distance_km }),
    ...(isOpenAt(s.hours, at) ? { open_now: true as const } : {}),
  };
}

/** How wide a card's photo is shown: one grid column (one to four across), or the list's fixed square. */
const CARD_IMAGE_SIZES = {
  grid: "(max-width: 34rem) 100vw, (max-width: 75rem) 50vw, 18rem",
  list: "(max-width: 30rem) 6.5rem, 8.5rem",
} as const;

/**
 * A directory card, in grid or list layout; the whole card links to the profile. `eager` for cards above
 * the fold, `priority` for the first one (the page's largest image).
 */
export function SellerCard({
  seller,
  layout = "grid",
  eager = false,
  priority = false,
  highlight,
}: {
  seller: SellerCardData;
  layout?: "grid" | "list";
  eager?: boolean;
  priority?: boolean;
  /** the words a search matched, marked in the name, owner, tagline and description */
  highlight?: SearchHighlight | null;
}) {
  const categories = seller.category_list.slice(0, layout === "grid" ? 2 : 3);
  const ownerDiffers = seller.business_name && seller.owner_name && seller.owner_name !== seller.display_name;
  const place = [seller.locality, seller.city].filter(Boolean).join(", ");
  const t = useT();
  const locale = useLocale();
  const to = useLocalePath();
  return (
    <Link to={to(`/seller/${seller.id}`)} className={`card seller-card ${layout}`} data-testid="seller-card">
      <div className="media">
        <SellerAvatar
          name={seller.display_name}
          photo={seller.profile_photo}
          eager={eager}
          priority={priority}
          sizes={CARD_IMAGE_SIZES[layout]}
          width={layout === "list" ? 136 : 320}
          height={layout === "list" ? 136 : 200}
        />
        {seller.is_featured || seller.is_verified ? (
          <div className="badges">
            {seller.is_featured ? <span className="badge badge-featured">{t("directory.card.featured")}</span> : null}
            {seller.is_verified ? <span className="badge badge-verified">{t("directory.card.verified")}</span> : null}
          </div>
        ) : null}
        {seller.logo ? (
          <img
            src={seller.logo}
            srcSet={imageSrcSet(seller.logo)}
            sizes="2.75rem"
            alt={t("directory.card.logo", { name: seller.display_name })}
            className="logo"
            loading="lazy"
            decoding="async"
            width={44}
            height={44}
          />
        ) : null}
      </div>
      <div className="body">
        <h3 translate="no">
          <Highlighted text={seller.display_name} highlight={highlight} />
        </h3>
        {ownerDiffers ? (
          <p className="owner">
            <T
              k="directory.card.by"
              values={{ owner: seller.owner_name }}
              components={{
                owner: (name) => (
                  <span translate="no">
                    <Highlighted text={String(name)} highlight={highlight} />
                  </span>
                ),
              }}
            />
          </p>
        ) : null}
        {seller.tagline ? (
          <p className="tagline" lang={seller.langs.tagline} translate="no">
            <Highlighted text={seller.tagline} highlight={highlight} />
          </p>
        ) : null}
        {seller.description ? (
          <p className="desc" lang={seller.langs.description} translate="no">
            <Highlighted text={seller.description} highlight={highlight} />
          </p>
        ) : null}
        {categories.length ? (
          <div className="row chips">
            {categories.map((c) => (
              <span key={c} className="chip">
                {c}
              </span>
            ))}
          </div>
        ) : null}
        {seller.offers_text ? (
          <p className="offer row icon-text">
            <GiftIcon /> <span translate="no">{seller.offers_text}</span>
          </p>
        ) : null}
        <div className="meta">
          {place ? (
            <span className="row icon-text">
              <MapPinIcon /> <span translate="no">{place}</span>
            </span>
          ) : null}
          {seller.open_now ? (
            <span className="badge badge-open" data-testid="open-now-badge">
              {t("common.hours.badgeOpen")}
            </span>
          ) : null}
          {seller.distance_km === undefined ? null : (
            <span className="distance" data-testid="distance">
              {t("directory.card.distance", { km: seller.distance_km })}
            </span>
          )}
          {seller.avg_rating > 0 ? (
            <span
              className="rating"
              aria-label={t("directory.card.rating", {
                rating: formatRating(seller.avg_rating),
                count: seller.review_count,
              })}
            >
              <StarIcon className="star" /> {formatRating(seller.avg_rating)}{" "}
              <span className="muted">({seller.review_count})</span>
            </span>
          ) : null}
          <span className="row icon-text" aria-label={t("directory.card.views", { count: seller.views_count })}>
            <EyeIcon /> {formatCount(seller.views_count, locale)}
          </span>
        </div>
      </div>
    </Link>
  );
}
