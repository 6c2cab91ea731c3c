import { Link } from "react-router";
import { LinkButtons } from "~/components/link-buttons";
import { Faq } from "~/components/faq";
import { FeatureGrid, TestimonialCard } from "~/components/feature-grid";
import { T, useLocale, useLocalePath, useT } from "~/components/i18n";
import { CheckIcon } from "~/components/icons";
import { MARKETING, PLANS } from "~/lib/constants";
import { LISTING_FAQ, planPriceSentence, rupees } from "~/lib/faq";
import { type MessageKey, pageLanguage, translatorFromMatches } from "~/lib/i18n";
import { publicCacheHeaders } from "~/services/response-cache/cache-control.server";
import { messagesFor, pageLocale } from "~/services/i18n.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/list-your-business";
import { SectionHead } from "~/components/section-head";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFromMatches(matches);
  const { locale } = pageLanguage(matches);
  return pageMeta(matches, {
    title: t("marketing.lyb.meta.title"),
    description: t("marketing.lyb.meta.description", {
      members: t("marketing.figure.members", { lakh: MARKETING.membersLakh }),
      price: rupees(PLANS[0].amount, locale),
    }),
    path: "/list-your-business",
  });
}

export function loader(args: Route.LoaderArgs) {
  return { messages: messagesFor(pageLocale(args), ["marketing"]) };
}

const STATS = [
  { value: "500+", label: "marketing.lyb.stats.activeBusinesses" },
  { value: "50K+", label: "marketing.lyb.stats.monthlyLeads" },
  { value: "25+", label: "marketing.lyb.stats.categories" },
  { value: "95%", label: "marketing.lyb.stats.satisfaction" },
] as const satisfies readonly { value: string; label: MessageKey }[];

const BENEFITS = [
  { icon: "🛡️", title: "marketing.lyb.benefits.verified.title", text: "marketing.lyb.benefits.verified.text" },
  { icon: "📣", title: "marketing.lyb.benefits.posts.title", text: "marketing.lyb.benefits.posts.text" },
  { icon: "🔎", title: "marketing.lyb.benefits.search.title", text: "marketing.lyb.benefits.search.text" },
  { icon: "⭐", title: "marketing.lyb.benefits.reviews.title", text: "marketing.lyb.benefits.reviews.text" },
  { icon: "📞", title: "marketing.lyb.benefits.enquiries.title", text: "marketing.lyb.benefits.enquiries.text" },
  { icon: "🤝", title: "marketing.lyb.benefits.community.title", text: "marketing.lyb.benefits.community.text" },
] as const;

const CHECKLIST = [
  "marketing.lyb.checklist.profile",
  "marketing.lyb.checklist.categories",
  "marketing.lyb.checklist.links",
  "marketing.lyb.checklist.gallery",
  "marketing.lyb.checklist.reviews",
  "marketing.lyb.checklist.dashboard",
  "marketing.lyb.checklist.views",
  "marketing.lyb.checklist.support",
] as const satisfies readonly MessageKey[];

/** Every plan includes these (docs/decisions/015-one-plan-table.md). */
const PLAN_FEATURES = [
  "marketing.plans.feature.listing",
  "marketing.plans.feature.posts",
  "marketing.plans.feature.reviews",
  "marketing.plans.feature.contact",
  "marketing.plans.feature.profile",
] as const satisfies readonly MessageKey[];

/** Seller stories: a seller's name and business as they are, her words translated. */
const TESTIMONIALS = [
  { name: "Lakshmi Menon", title: "Saree Sutra", review: "marketing.lyb.stories.lakshmi" },
  { name: "Farah Khan", title: "Tiffin Tales", review: "marketing.lyb.stories.farah" },
  { name: "Deepa Hegde", title: "Ledger & Co.", review: "marketing.lyb.stories.deepa" },
] as const satisfies readonly { name: string; title: string; review: MessageKey }[];

export const headers: Route.HeadersFunction = publicCacheHeaders;

export default function ListYourBusiness() {
  const t = useT();
  const to = useLocalePath();
  const locale = useLocale();
  const members = t("marketing.figure.members", { lakh: MARKETING.membersLakh });
  return (
    <>
      <section className="home-hero" aria-labelledby="lyb-heading">
        <div className="container home-hero-inner">
          <p className="eyebrow">{t("marketing.lyb.hero.eyebrow")}</p>
          <h1 id="lyb-heading">
            <T
              k="marketing.lyb.hero.title"
              values={{ members }}
              components={{ em: (text) => <span className="text-gradient">{text}</span> }}
            />
          </h1>
          <p className="lead">{t("marketing.lyb.hero.lead")}</p>
          <LinkButtons
            large
            className="row hero-actions"
            links={[
              [to("/register"), t("marketing.lyb.hero.register")],
              ["#plans", t("marketing.lyb.hero.seePlans")],
            ]}
          />
        </div>
      </section>

      <section className="container section-tight" aria-label={t("marketing.lyb.reach")}>
        <ul className="stats-grid compact">
          {STATS.map((s) => (
            <li key={s.label}>
              <span className="stat-value" translate="no">
                {s.value}
              </span>
              <span className="stat-label">{t(s.label)}</span>
            </li>
          ))}
        </ul>
      </section>

      <section className="container section" aria-labelledby="lyb-benefits">
        <SectionHead
          id="lyb-benefits"
          eyebrow={t("marketing.lyb.benefits.eyebrow")}
          title={t("marketing.lyb.benefits.title")}
        />
        <FeatureGrid items={BENEFITS} />
      </section>

      <section className="section band" aria-labelledby="lyb-features">
        <div className="container split cols-56">
          <div>
            <p className="eyebrow">{t("marketing.lyb.features.eyebrow")}</p>
            <h2 id="lyb-features">{t("marketing.lyb.features.title")}</h2>
            <p className="muted">{t("marketing.lyb.features.text")}</p>
            <Link to={to("/register")} className="btn btn-primary">
              {t("marketing.lyb.features.register")}
            </Link>
          </div>
          <ul className="checklist">
            {CHECKLIST.map((item) => (
              <li key={item}>
                <CheckIcon /> {t(item)}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="container section" aria-labelledby="lyb-testimonials">
        <SectionHead
          id="lyb-testimonials"
          eyebrow={t("marketing.lyb.stories.eyebrow")}
          title={t("marketing.lyb.stories.title")}
        />
        <div className="feature-grid three">
          {TESTIMONIALS.map((item) => (
            <TestimonialCard
              key={item.name}
              titleIsName
              testimonial={{
                name: item.name,
                title: item.title,
                review: t(item.review, { price: rupees(PLANS[2].amount, locale) }),
              }}
            />
          ))}
        </div>
      </section>

      <section className="section band" id="plans" aria-labelledby="plans-heading">
        <div className="container">
          <SectionHead
            id="plans-heading"
            eyebrow={t("marketing.plans.eyebrow")}
            title={t("marketing.plans.title")}
            center
          >
            <p className="muted">{t("marketing.plans.includes")}</p>
            <ul className="inline-features">
              {PLAN_FEATURES.map((f) => (
                <li key={f}>
                  <CheckIcon /> {t(f)}
                </li>
              ))}
            </ul>
          </SectionHead>
          <ul className="plan-grid">
            {PLANS.map((p) => {
              const name = t(`marketing.plans.name.${p.id}`);
              const price = rupees(p.amount, locale);
              return (
                <li key={p.id} className={`card plan-card${p.popular ? " popular" : ""}${p.featured ? " elite" : ""}`}>
                  {p.popular ? <span className="plan-ribbon">{t("marketing.plans.popular")}</span> : null}
                  {p.featured ? <span className="plan-ribbon elite">{t("marketing.plans.featuredOnHome")}</span> : null}
                  <h3>{name}</h3>
                  <p className="plan-price">
                    <span>{price}</span>
                  </p>
                  <p className="muted small">
                    {t("marketing.plans.for", { months: p.months })}
                    {p.months > 1
                      ? ` · ${t("marketing.plans.perMonth", { price: rupees(Math.round(p.amount / p.months), locale) })}`
                      : ""}
                  </p>
                  {p.featured ? (
                    <p className="small">{t("marketing.plans.eliteText")}</p>
                  ) : (
                    <p className="small muted">{t("marketing.plans.allIncluded")}</p>
                  )}
                  <Link
                    to={to(`/register?plan=${p.id}`)}
                    className={`btn btn-block ${p.popular || p.featured ? "btn-primary" : ""}`}
                    aria-label={t("marketing.plans.chooseLabel", { plan: name, price, months: p.months })}
                  >
                    {t("marketing.plans.choose", { plan: name })}
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <section className="container section" aria-labelledby="lyb-faq">
        <SectionHead id="lyb-faq" eyebrow={t("marketing.faq.eyebrow")} title={t("marketing.faq.title")} />
        <Faq
          items={LISTING_FAQ.map((item) => ({
            q: t(item.q),
            a: t(item.a, { plans: planPriceSentence(t, locale) }),
          }))}
          headingId="lyb-faq"
        />
      </section>

      <section className="container section-tight">
        <div className="cta-banner">
          <div>
            <h2>{t("marketing.cta.title")}</h2>
            <p>{t("marketing.cta.text")}</p>
          </div>
          <Link to={to("/register")} className="btn btn-lg btn-light">
            {t("marketing.cta.start")}
          </Link>
        </div>
      </section>
    </>
  );
}
