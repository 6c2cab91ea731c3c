import { Suspense } from "react";
import {
  CheckIcon,
  FacebookIcon,
  GiftIcon,
  GlobeIcon,
  InstagramIcon,
  MapPinIcon,
  MessageIcon,
  PhoneIcon,
  YoutubeIcon,
} from "~/components/icons";
import { useT } from "~/components/i18n";
import { PRICE_RANGES } from "~/lib/constants";
import type { MessageKey } from "~/lib/i18n";
import { formatDate } from "~/lib/dates";
import { safeExternalUrl } from "~/lib/format";
import { imageSrcSet } from "~/lib/upload-urls";
import { leadLinkHref } from "~/lib/leads";
import { LeadLinkOut } from "~/components/lead-link";
import { whatsappNumberLabel } from "~/lib/whatsapp";
import { displayPhone } from "~/lib/phone-display";
import { langAttribute, type ShownText } from "~/lib/localized";
import type { Locale } from "~/lib/locales";
import type { Route } from "../routes/+types/seller";
import { CardSection } from "~/components/card-section";
import { StaticMap } from "#lazy/static-map";
import { WeekHours } from "#lazy/week-hours";

// The Overview tab of a seller's profile (routes/seller.tsx holds its loader and action).

/** The circle about her PIN code's centre: the two decimals it is rounded to leave it within ~800 m. */
const AREA_METRES = 1000;
/** The map's zoom: her PIN code's area and its neighbourhood. */
const PROFILE_ZOOM = 13;

export type Seller = Route.ComponentProps["loaderData"]["seller"];

export function Overview({
  seller,
  about,
  locale,
  website,
  whatsappChat,
  map,
}: {
  seller: Seller;
  /** her description (else tagline) in the page's language or her original */
  about: ShownText | null;
  locale: Locale;
  website: string | null;
  whatsappChat: string | null;
  /** her PIN code's area on a small map (MAP_TILES_URL set and her PIN code known) */
  map: Route.ComponentProps["loaderData"]["map"];
}) {
  const t = useT();
  const price = PRICE_RANGES.find((p) => p.value === seller.price_range)?.value;
  // Every contact link goes through the counting redirect /go/{id}/{target}
  // (docs/decisions/176-leads-first-party-redirect-not-script.md). Brand names stay as they are.
  const social = [
    { label: t("seller.contact.website"), target: "website", link: website, icon: <GlobeIcon /> },
    { label: "Facebook", target: "facebook", link: safeExternalUrl(seller.facebook_link), icon: <FacebookIcon /> },
    { label: "Instagram", target: "instagram", link: safeExternalUrl(seller.instagram), icon: <InstagramIcon /> },
    { label: "YouTube", target: "youtube", link: safeExternalUrl(seller.youtube_link), icon: <YoutubeIcon /> },
  ] as const;
  const callHref = leadLinkHref(seller.id, "call");
  const place = [seller.locality, seller.city].filter(Boolean).join(", ");
  return (
    <div className="profile-layout cols-60" data-tab="overview">
      <div className="stack">
        <CardSection id="about" title={t("seller.about.title")}>
          {about ? (
            <p style={{ whiteSpace: "pre-line" }} {...langAttribute(about, locale)} translate="no">
              {about.text}
            </p>
          ) : (
            <p style={{ whiteSpace: "pre-line" }}>{t("seller.about.empty")}</p>
          )}
        </CardSection>
        <CardSection id="features" title={t("seller.features.title")}>
          <ul className="key-features">
            <li>
              <strong>{t("seller.features.price")}</strong>
              {price ? t(`seller.price.${price}` satisfies MessageKey) : t("seller.features.onRequest")}
            </li>
            <li>
              <strong>{t("seller.features.location")}</strong>
              <span translate="no">{place || "—"}</span>
            </li>
            <li>
              <strong>{t("seller.features.categories")}</strong>
              {seller.category_list.join(", ") || "—"}
            </li>
            <li>
              <strong>{t("seller.features.languages")}</strong>
              <span translate="no">{seller.languages.join(", ") || "—"}</span>
            </li>
            {seller.is_verified ? (
              <li>
                <strong>{t("seller.features.status")}</strong>
                <span className="row" style={{ gap: 4, color: "var(--c-success)" }}>
                  <CheckIcon /> {t("seller.features.verified")}
                </span>
              </li>
            ) : null}
            <li>
              <strong>{t("seller.features.memberSince")}</strong>
              <time dateTime={seller.created_at}>{formatDate(seller.created_at, locale)}</time>
            </li>
          </ul>
          {seller.subcategory_names.length ? (
            <p className="small muted" style={{ marginTop: "var(--s-3)" }}>
              {t("seller.features.specialities", { list: seller.subcategory_names.join(", ") })}
            </p>
          ) : null}
          {seller.offers_text ? (
            <p className="form-success small row" style={{ marginTop: "var(--s-3)", gap: 6 }}>
              <GiftIcon /> <span translate="no">{seller.offers_text}</span>
            </p>
          ) : null}
        </CardSection>
        <CardSection id="gallery" title={t("seller.gallery.title")}>
          {seller.product_image_list.length ? (
            <div className="gallery">
              {seller.product_image_list.map((src, i) => (
                <a key={src + i} href={src} target="_blank" rel="noopener">
                  <img
                    src={src}
                    srcSet={imageSrcSet(src)}
                    sizes="(max-width: 34rem) 100vw, 16rem"
                    alt={t("seller.gallery.photo", { name: seller.display_name, n: i + 1 })}
                    loading="lazy"
                    decoding="async"
                    width={320}
                    height={240}
                  />
                </a>
              ))}
            </div>
          ) : (
            <p className="muted">{t("seller.gallery.empty")}</p>
          )}
        </CardSection>
      </div>
      <aside className="stack">
        <CardSection id="contact" title={t("seller.contact.title")}>
          <ul className="contact-list">
            <li>
              <PhoneIcon />{" "}
              <span>
                <a href={callHref} rel="nofollow">
                  {displayPhone(seller.mobile)}
                </a>
                <br />
                <a className="btn btn-primary btn-sm" style={{ marginTop: 6 }} href={callHref} rel="nofollow">
                  {t("seller.contact.call")}
                </a>
              </span>
            </li>
            {seller.address ? (
              <li>
                <MapPinIcon /> <span translate="no">{seller.address}</span>
              </li>
            ) : null}
            {whatsappChat ? (
              <li>
                <MessageIcon />{" "}
                <span>
                  <span translate="no">WhatsApp</span>{" "}
                  <LeadLinkOut sellerId={seller.id} target="whatsapp">
                    {whatsappNumberLabel(whatsappChat)}
                  </LeadLinkOut>
                </span>
              </li>
            ) : null}
          </ul>
        </CardSection>
        {map ? (
          <CardSection id="area" title={t("seller.map.title")}>
            <Suspense fallback={null}>
              <StaticMap
                source={map.source}
                centre={map.centre}
                zoom={PROFILE_ZOOM}
                height={200}
                maxWidth={520}
                label={t("seller.map.label", { place: place || seller.pincode || seller.display_name })}
                areaMetres={AREA_METRES}
                note={t("seller.map.note")}
              />
            </Suspense>
          </CardSection>
        ) : null}
        {seller.hours && !seller.hours.by_appointment ? (
          <CardSection id="hours" title={t("common.hours.title")}>
            <Suspense fallback={null}>
              <WeekHours hours={seller.hours} />
            </Suspense>
          </CardSection>
        ) : null}
        {social.some((s) => s.link) ? (
          <CardSection id="follow" title={t("seller.follow.title")}>
            <ul className="contact-list">
              {social.map((s) =>
                s.link ? (
                  <li key={s.target}>
                    {s.icon}{" "}
                    <LeadLinkOut
                      sellerId={seller.id}
                      target={s.target}
                      translate={s.target === "website" ? undefined : "no"}
                    >
                      {s.label}
                    </LeadLinkOut>
                  </li>
                ) : null,
              )}
            </ul>
          </CardSection>
        ) : null}
      </aside>
    </div>
  );
}
