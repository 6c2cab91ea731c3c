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
import { priceRangeLabel } from "~/lib/constants";
import { formatDate } from "~/lib/dates";
import { safeExternalUrl } from "~/lib/format";
import { imageSrcSet } from "~/lib/upload-urls";
import { leadLinkHref } from "~/lib/leads";
import { whatsappNumberLabel } from "~/lib/whatsapp";
import { displayPhone } from "~/lib/phone-display";
import { langAttribute, type ShownText } from "~/lib/localized";
import type { Locale } from "~/lib/locales";
import type { Route } from "../+types/seller";

// The Overview tab of a seller's profile (routes/seller.tsx holds its loader and action).

export type Seller = Route.ComponentProps["loaderData"]["seller"];

export function Overview({
  seller,
  about,
  locale,
  website,
  whatsappChat,
}: {
  seller: Seller;
  /** her description (else tagline) in the page's language or her original */
  about: ShownText | null;
  locale: Locale;
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
  const callHref = leadLinkHref(seller.id, "call");
  const place = [seller.locality, seller.city].filter(Boolean).join(", ");
  return (
    <div className="profile-layout">
      <div className="stack">
        <section className="card card-pad" aria-labelledby="about-heading">
          <h2 id="about-heading">About</h2>
          {about ? (
            <p style={{ whiteSpace: "pre-line" }} {...langAttribute(about, locale)}>
              {about.text}
            </p>
          ) : (
            <p style={{ whiteSpace: "pre-line" }}>This seller hasn&apos;t written an introduction yet.</p>
          )}
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
                  <a href={leadLinkHref(seller.id, "whatsapp")} target="_blank" rel="noopener noreferrer nofollow">
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
                    <a href={leadLinkHref(seller.id, s.target)} target="_blank" rel="noopener noreferrer nofollow">
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
