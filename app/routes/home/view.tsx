import { Form, Link } from "react-router";
import { LinkButtons } from "~/components/link-buttons";
import { Carousel } from "~/components/carousel";
import { useScrollReveal } from "~/components/counter";
import { FeatureGrid, StatsList, TestimonialCard } from "~/components/feature-grid";
import { MapPinIcon, SearchIcon, StarIcon } from "~/components/icons";
import { SearchSuggest } from "~/components/search-suggest";
import { NewsletterForm } from "~/components/newsletter-form";
import { SellerAvatar } from "~/components/seller-avatar";
import { VideoModal } from "~/components/video-modal";
import { T, useLocale, useLocalePath, useT } from "~/components/i18n";
import { CONTACT, MARKETING } from "~/lib/constants";
import { formatCount, formatRating } from "~/lib/format";
import type { HomeCard } from "~/services/home-content";
import type { Route } from "../+types/home";
import { StructuredData } from "~/components/structured-data";
import { SectionHead } from "~/components/section-head";

/** The home page's sections, in the spec's order (routes/home.tsx holds the loader). */
export function HomeView({ loaderData }: Pick<Route.ComponentProps, "loaderData">) {
  const content = loaderData.content;
  useScrollReveal(0.3);
  const t = useT();
  const to = useLocalePath();
  const members = t("marketing.figure.members", { lakh: MARKETING.membersLakh });
  const figures = { ...content.FIGURES, members };
  return (
    <>
      <StructuredData blocks={loaderData.structuredData} />
      {/* 1. Hero with search */}
      <section className="home-hero" aria-labelledby="hero-heading">
        <div className="container home-hero-inner">
          <p className="eyebrow">{t("home.hero.eyebrow", figures)}</p>
          <h1 id="hero-heading">
            <T k="home.hero.title" components={{ em: (text) => <span className="text-gradient">{text}</span> }} />
          </h1>
          <p className="lead">{t("home.hero.lead")}</p>
          <Form method="get" action={to("/directory")} role="search" className="hero-search">
            <label htmlFor="hero-search" className="visually-hidden">
              {t("home.hero.searchLabel")}
            </label>
            <SearchIcon className="hero-search-icon" aria-hidden="true" />
            <input
              id="hero-search"
              className="input"
              type="search"
              name="search"
              maxLength={100}
              placeholder={t("home.hero.searchPlaceholder")}
            />
            <SearchSuggest inputId="hero-search" categoryNames={loaderData.categoryNames} />
            <button type="submit" className="btn btn-primary">
              {t("home.hero.search")}
            </button>
          </Form>
          <LinkButtons
            large
            className="row hero-actions"
            links={[
              [to("/list-your-business"), t("home.hero.listYourBusiness")],
              [to("/directory"), t("home.hero.browse")],
            ]}
          />
        </div>
      </section>

      {/* 2. Verified-seller benefits */}
      <section className="container section" id="guidelines" aria-labelledby="benefits-heading" data-reveal>
        <SectionHead id="benefits-heading" eyebrow={t("home.benefits.eyebrow")} title={t("home.benefits.title")} />
        <FeatureGrid items={content.VERIFIED_BENEFITS} values={figures} />
        <p className="center">
          <Link to={to("/list-your-business")} className="btn btn-primary">
            {t("home.benefits.register")}
          </Link>
        </p>
      </section>

      {/* 3. Categories */}
      <section className="section band" aria-labelledby="categories-heading">
        <div className="container">
          <SectionHead
            id="categories-heading"
            eyebrow={t("home.categories.eyebrow")}
            title={t("home.categories.title")}
          />
          <ul className="category-grid">
            {content.HOME_CATEGORIES.map((c) => (
              <li key={c.name} className="category-card">
                <Link to={to(`/directory?category=${c.slug}`)} className="category-tile">
                  <span className="category-emoji" aria-hidden="true">
                    {c.emoji}
                  </span>
                  <span className="category-name">{t(c.name)}</span>
                  <span className="category-count">{t("home.categories.count", { count: c.count })}</span>
                </Link>
                <Link
                  to={to(`/ask-for-a-quote?category=${c.slug}`)}
                  className="category-quote"
                  aria-label={t("home.categories.askQuote", { category: t(c.name) })}
                >
                  {t("common.quotes.ask")}
                </Link>
              </li>
            ))}
          </ul>
          <p className="center">
            <Link to={to("/directory")} className="btn">
              {t("home.categories.viewAll")}
            </Link>
          </p>
        </div>
      </section>

      {/* 4. Featured sellers */}
      <section className="container section" aria-labelledby="featured-heading">
        <SectionHead id="featured-heading" eyebrow={t("home.featured.eyebrow")} title={t("home.featured.title")} />
        <Carousel label={t("home.featured.title")} perViewWide={3}>
          {loaderData.featured.map((card, i) => (
            <HomeSellerCard key={card.id ?? `sample-${i}`} card={card} />
          ))}
        </Carousel>
        <p className="center">
          <Link to={to("/directory")} className="btn">
            {t("home.featured.seeAll")}
          </Link>
        </p>
      </section>

      {/* 5. Community statistics */}
      <section className="section stats-band" aria-labelledby="stats-heading">
        <div className="container">
          <h2 id="stats-heading" className="center">
            {t("home.stats.title")}
          </h2>
          <StatsList stats={content.COMMUNITY_STATS} />
        </div>
      </section>

      {/* 6. Awards */}
      <section className="container section" aria-labelledby="awards-heading" data-reveal>
        <SectionHead id="awards-heading" eyebrow={t("home.awards.eyebrow")} title={t("home.awards.title")} />
        <ul className="awards-grid">
          {content.AWARDS.map((a) => (
            <li key={a.title} className="card card-pad award">
              <span className="award-year">{a.year}</span>
              <span aria-hidden="true" className="award-icon">
                🏆
              </span>
              <h3>{t(a.title)}</h3>
              <p className="muted small" translate="no">
                {a.by}
              </p>
            </li>
          ))}
        </ul>
      </section>

      {/* 7. Media mentions */}
      <section className="container section-tight" id="press" aria-labelledby="media-heading">
        <h2 id="media-heading" className="eyebrow center">
          {t("home.media.title")}
        </h2>
        <ul className="logo-strip">
          {content.MEDIA_MENTIONS.map((m) => (
            <li key={m} className="wordmark serif" translate="no">
              {m}
            </li>
          ))}
        </ul>
      </section>

      {/* 8. Testimonials */}
      <section className="section band" aria-labelledby="testimonials-heading">
        <div className="container">
          <SectionHead
            id="testimonials-heading"
            eyebrow={t("home.testimonials.eyebrow")}
            title={t("home.testimonials.title")}
          />
          <Carousel label={t("home.testimonials.carousel")} perViewWide={2}>
            {content.TESTIMONIALS.map((item) => (
              <TestimonialCard
                key={item.name}
                testimonial={{ name: item.name, title: t(item.title), review: t(item.review) }}
              />
            ))}
          </Carousel>
        </div>
      </section>

      {/* 9. 'What if' slider */}
      <section className="container section" aria-labelledby="whatif-heading">
        <h2 id="whatif-heading" className="visually-hidden">
          {t("home.whatIf.title")}
        </h2>
        <Carousel label={t("home.whatIf.title")} className="whatif">
          {content.WHAT_IF_SLIDES.map((s, i) => (
            <div key={s.title} className={`whatif-slide tone-${i % 4}`}>
              <p className="whatif-title">{t(s.title)}</p>
              <p>{t(s.text)}</p>
            </div>
          ))}
        </Carousel>
      </section>

      {/* 10. Ecosystem */}
      <section className="section band" aria-labelledby="ecosystem-heading">
        <div className="container">
          <SectionHead id="ecosystem-heading" eyebrow={t("home.ecosystem.eyebrow")} title={t("home.ecosystem.title")} />
          <div className="ecosystem" data-reveal>
            <div className="ecosystem-hub">
              <span translate="no">BWP</span>
              <span className="small">{t("home.ecosystem.hub")}</span>
            </div>
            <ul className="ecosystem-nodes">
              {content.ECOSYSTEM_NODES.map((n, i) => (
                <li key={n.name} className={`ecosystem-node node-${i}`}>
                  <strong>{t(n.name)}</strong>
                  <span className="small muted">{t(n.text)}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      {/* 11. Core pillars */}
      <section className="container section" id="core-pillars" aria-labelledby="pillars-heading">
        <SectionHead id="pillars-heading" eyebrow={t("home.pillars.eyebrow")} title={t("home.pillars.title")} />
        <Carousel label={t("home.pillars.title")} mode="small">
          {content.PILLARS.map((p) => (
            <article key={p.id} id={p.id === "programs" ? "programs" : undefined} className="card card-pad pillar">
              <div className="icon-bubble" aria-hidden="true">
                {p.icon}
              </div>
              <h3>{t(p.title)}</h3>
              <p className="muted">{t(p.text, figures)}</p>
              <Link to={to(p.link.to)}>{t(p.link.label)} →</Link>
            </article>
          ))}
        </Carousel>
      </section>

      {/* 12. Mirror of strength */}
      <section className="container section-tight" aria-labelledby="mirror-heading">
        <div className="mirror card" data-reveal>
          <div>
            <p className="eyebrow">{t("home.mirror.eyebrow")}</p>
            <h2 id="mirror-heading">{t("home.mirror.title")}</h2>
            <p className="muted">{t("home.mirror.text")}</p>
            <Link to={to("/list-your-business")} className="btn btn-primary">
              {t("home.mirror.cta")}
            </Link>
          </div>
          <div className="mirror-art" aria-hidden="true">
            <span>✨</span>
          </div>
        </div>
      </section>

      {/* 13. Brand story with the event film */}
      <section className="section band" id="story" aria-labelledby="story-heading">
        <div className="container story cols-56">
          <div>
            <p className="eyebrow">{t("home.story.eyebrow")}</p>
            <h2 id="story-heading">{t("home.story.title")}</h2>
            <ol className="story-lines">
              {content.STORY_LINES.map((line) => (
                <li key={line} data-reveal>
                  {t(line, figures)}
                </li>
              ))}
            </ol>
            <div className="row">
              <Link to={to("/contact")} className="btn">
                {t("home.story.learnMore")}
              </Link>
              <a href={CONTACT.communityUrl} target="_blank" rel="noopener noreferrer" className="btn btn-primary">
                {t("home.story.experience")}
              </a>
            </div>
          </div>
          <div id="events">
            <VideoModal youtubeId={content.EVENT_FILM.youtubeId} title={t(content.EVENT_FILM.title)}>
              <span className="video-poster">
                <span className="play-button" aria-hidden="true">
                  ▶
                </span>
                <span className="video-caption">{t("home.story.watchFilm")}</span>
              </span>
            </VideoModal>
          </div>
        </div>
      </section>

      {/* 14. Vision to execution: founder */}
      <section className="container section" id="team" aria-labelledby="founder-heading" data-reveal>
        <div className="founder cols-48 card card-pad">
          <div className="founder-photo" aria-hidden="true" translate="no">
            RN
          </div>
          <div>
            <p className="eyebrow">{t("home.founder.eyebrow")}</p>
            <h2 id="founder-heading">{t("home.founder.quote")}</h2>
            <p className="muted">{t("home.founder.text")}</p>
            <p id="careers" className="small muted">
              {t("home.founder.careers")}
            </p>
            <Link to={to("/contact")} className="btn btn-primary">
              {t("home.founder.cta")}
            </Link>
          </div>
        </div>
      </section>

      {/* 15. Trusted brands */}
      <section className="container section-tight" aria-labelledby="brands-heading">
        <h2 id="brands-heading" className="eyebrow center">
          {t("home.brands.title")}
        </h2>
        <ul className="logo-strip">
          {content.TRUSTED_BRANDS.map((b) => (
            <li key={b} className="wordmark" translate="no">
              {b}
            </li>
          ))}
        </ul>
      </section>

      {/* 16. Case studies */}
      <section className="container section" id="stories" aria-labelledby="cases-heading" data-reveal>
        <SectionHead id="cases-heading" eyebrow={t("home.cases.eyebrow")} title={t("home.cases.title")} />
        <Carousel label={t("home.cases.title")} mode="small">
          {content.CASE_STUDIES.map((c) => (
            <article key={c.brand} className="card card-pad case-study">
              <p className="eyebrow" translate="no">
                {c.brand}
              </p>
              <h3>{t(c.headline)}</h3>
              <p className="muted">{t(c.campaign)}</p>
              <ul className="impact-list">
                {c.impact.map((point) => (
                  <li key={point}>{t(point)}</li>
                ))}
              </ul>
            </article>
          ))}
        </Carousel>
      </section>

      {/* 17. Final call to action */}
      <section className="section final-cta" id="join" aria-labelledby="join-heading">
        <div className="container">
          <SectionHead id="join-heading" title={t("home.join.title")} center>
            <p className="muted">{t("home.join.text")}</p>
          </SectionHead>
          <div className="cta-grid">
            <div className="card card-pad cta-card">
              <div className="icon-bubble" aria-hidden="true">
                🏪
              </div>
              <h3>{t("home.join.list.title")}</h3>
              <p className="muted">{t("home.join.list.text", figures)}</p>
              <Link to={to("/list-your-business")} className="btn btn-primary">
                {t("home.join.list.cta")}
              </Link>
            </div>
            <div className="card card-pad cta-card">
              <div className="icon-bubble" aria-hidden="true">
                💬
              </div>
              <h3>{t("home.join.community.title")}</h3>
              <p className="muted">{t("home.join.community.text", figures)}</p>
              <a href={CONTACT.communityUrl} target="_blank" rel="noopener noreferrer" className="btn">
                {t("home.join.community.cta")}
              </a>
            </div>
            <div className="card card-pad cta-card">
              <div className="icon-bubble" aria-hidden="true">
                💌
              </div>
              <h3>{t("home.join.updates.title")}</h3>
              <p className="muted">{t("home.join.updates.text")}</p>
              <NewsletterForm source="homepage_final_cta" variant="stacked" />
            </div>
          </div>
          <StatsList stats={content.FINAL_CTA_STATS} compact />
        </div>
      </section>
    </>
  );
}

function HomeSellerCard({ card }: { card: HomeCard }) {
  const t = useT();
  const to = useLocalePath();
  const locale = useLocale();
  // A real seller's words (her description, her locality) are hers; the samples' come from the catalogue,
  // and the category and speciality lines are category names, which the catalogue editor translates.
  const own = card.id ? "no" : undefined;
  const body = (
    <>
      <div className="media">
        <SellerAvatar name={card.name} photo={card.profilePhoto} sizes="(max-width: 48rem) 88vw, 24rem" />
      </div>
      <div className="body">
        <div className="row" style={{ justifyContent: "space-between", gap: "var(--s-2)" }}>
          <span className="chip">{card.category}</span>
          <span className="rating">
            <StarIcon className="star" /> {formatRating(card.rating)}{" "}
            <span className="muted">({formatCount(card.reviews, locale)})</span>
          </span>
        </div>
        <h3 translate="no">{card.name}</h3>
        <p className="tagline">{card.speciality}</p>
        {card.description ? (
          <p className="desc" translate={own}>
            {card.description}
          </p>
        ) : null}
        <p className="meta">
          <MapPinIcon /> <span translate={own}>{card.location}</span>
        </p>
      </div>
    </>
  );
  return card.id ? (
    <Link to={to(`/seller/${card.id}`)} className="card seller-card home-seller-card">
      {body}
    </Link>
  ) : (
    <Link
      to={to("/directory")}
      className="card seller-card home-seller-card"
      aria-label={t("home.featured.sampleLabel", { name: card.name })}
    >
      {body}
    </Link>
  );
}
