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
import { CONTACT, MARKETING } from "~/lib/constants";
import { formatRating } from "~/lib/format";
import {
  AWARDS,
  CASE_STUDIES,
  COMMUNITY_STATS,
  ECOSYSTEM_NODES,
  EVENT_FILM,
  FINAL_CTA_STATS,
  HOME_CATEGORIES,
  type HomeCard,
  MEDIA_MENTIONS,
  PILLARS,
  STORY_LINES,
  TESTIMONIALS,
  TRUSTED_BRANDS,
  VERIFIED_BENEFITS,
  WHAT_IF_SLIDES,
} from "~/services/home-content";
import type { Route } from "../+types/home";
import { StructuredData } from "~/components/structured-data";

/** The home page's sections, in the spec's order (routes/home.tsx holds the loader). */
export function HomeView({ loaderData }: Pick<Route.ComponentProps, "loaderData">) {
  useScrollReveal(0.3);
  return (
    <>
      <StructuredData blocks={loaderData.structuredData} />
      {/* 1. Hero with search */}
      <section className="home-hero" aria-labelledby="hero-heading">
        <div className="container home-hero-inner">
          <p className="eyebrow">
            {MARKETING.members} women professionals · {MARKETING.verifiedSellers} verified sellers
          </p>
          <h1 id="hero-heading">
            Discover &amp; support <span className="text-gradient">women-led businesses</span> near you
          </h1>
          <p className="lead">
            Fashion, food, wellness, services and more — verified sellers from Bangalore's largest community of women
            entrepreneurs.
          </p>
          <Form method="get" action="/directory" role="search" className="hero-search">
            <label htmlFor="hero-search" className="visually-hidden">
              Search businesses
            </label>
            <SearchIcon className="hero-search-icon" aria-hidden="true" />
            <input
              id="hero-search"
              className="input"
              type="search"
              name="search"
              maxLength={100}
              placeholder="Search cakes, sarees, yoga, accountants…"
            />
            <SearchSuggest inputId="hero-search" />
            <button type="submit" className="btn btn-primary">
              Search
            </button>
          </Form>
          <LinkButtons
            large
            className="row hero-actions"
            links={[
              ["/list-your-business", "List Your Business"],
              ["/directory", "Browse the Directory"],
            ]}
          />
        </div>
      </section>

      {/* 2. Verified-seller benefits */}
      <section className="container section" id="guidelines" aria-labelledby="benefits-heading" data-reveal>
        <div className="section-head">
          <p className="eyebrow">Why verified sellers win</p>
          <h2 id="benefits-heading">Grow with a community that buys from women</h2>
        </div>
        <FeatureGrid items={VERIFIED_BENEFITS} />
        <p className="center">
          <Link to="/list-your-business" className="btn btn-primary">
            Register as a Seller
          </Link>
        </p>
      </section>

      {/* 3. Categories */}
      <section className="section band" aria-labelledby="categories-heading">
        <div className="container">
          <div className="section-head">
            <p className="eyebrow">Explore</p>
            <h2 id="categories-heading">Shop by category</h2>
          </div>
          <ul className="category-grid">
            {HOME_CATEGORIES.map((c) => (
              <li key={c.name}>
                <Link to={`/directory?category=${c.slug}`} className="category-tile">
                  <span className="category-emoji" aria-hidden="true">
                    {c.emoji}
                  </span>
                  <span className="category-name">{c.name}</span>
                  <span className="category-count">{c.count} sellers</span>
                </Link>
              </li>
            ))}
          </ul>
          <p className="center">
            <Link to="/directory" className="btn">
              View All Categories
            </Link>
          </p>
        </div>
      </section>

      {/* 4. Featured sellers */}
      <section className="container section" aria-labelledby="featured-heading">
        <div className="section-head">
          <p className="eyebrow">Handpicked</p>
          <h2 id="featured-heading">Featured sellers</h2>
        </div>
        <Carousel label="Featured sellers" perViewWide={3}>
          {loaderData.featured.map((card, i) => (
            <HomeSellerCard key={card.id ?? `sample-${i}`} card={card} />
          ))}
        </Carousel>
        <p className="center">
          <Link to="/directory" className="btn">
            See all businesses
          </Link>
        </p>
      </section>

      {/* 5. Community statistics */}
      <section className="section stats-band" aria-labelledby="stats-heading">
        <div className="container">
          <h2 id="stats-heading" className="center">
            A community that shows up
          </h2>
          <StatsList stats={COMMUNITY_STATS} />
        </div>
      </section>

      {/* 6. Awards */}
      <section className="container section" aria-labelledby="awards-heading" data-reveal>
        <div className="section-head">
          <p className="eyebrow">Recognition</p>
          <h2 id="awards-heading">Awards &amp; recognition</h2>
        </div>
        <ul className="awards-grid">
          {AWARDS.map((a) => (
            <li key={a.title} className="card card-pad award">
              <span className="award-year">{a.year}</span>
              <span aria-hidden="true" className="award-icon">
                🏆
              </span>
              <h3>{a.title}</h3>
              <p className="muted small">{a.by}</p>
            </li>
          ))}
        </ul>
      </section>

      {/* 7. Media mentions */}
      <section className="container section-tight" id="press" aria-labelledby="media-heading">
        <h2 id="media-heading" className="eyebrow center">
          As featured in
        </h2>
        <ul className="logo-strip">
          {MEDIA_MENTIONS.map((m) => (
            <li key={m} className="wordmark serif">
              {m}
            </li>
          ))}
        </ul>
      </section>

      {/* 8. Testimonials */}
      <section className="section band" aria-labelledby="testimonials-heading">
        <div className="container">
          <div className="section-head">
            <p className="eyebrow">In their words</p>
            <h2 id="testimonials-heading">Loved by women founders</h2>
          </div>
          <Carousel label="Testimonials" perViewWide={2}>
            {TESTIMONIALS.map((t) => (
              <TestimonialCard key={t.name} testimonial={t} />
            ))}
          </Carousel>
        </div>
      </section>

      {/* 9. 'What if' slider */}
      <section className="container section" aria-labelledby="whatif-heading">
        <h2 id="whatif-heading" className="visually-hidden">
          What if
        </h2>
        <Carousel label="What if" className="whatif">
          {WHAT_IF_SLIDES.map((s, i) => (
            <div key={s.title} className={`whatif-slide tone-${i % 4}`}>
              <p className="whatif-title">{s.title}</p>
              <p>{s.text}</p>
            </div>
          ))}
        </Carousel>
      </section>

      {/* 10. Ecosystem */}
      <section className="section band" aria-labelledby="ecosystem-heading">
        <div className="container">
          <div className="section-head">
            <p className="eyebrow">One ecosystem</p>
            <h2 id="ecosystem-heading">Everything a woman founder needs, connected</h2>
          </div>
          <div className="ecosystem" data-reveal>
            <div className="ecosystem-hub">
              <span>BWP</span>
              <span className="small">Community</span>
            </div>
            <ul className="ecosystem-nodes">
              {ECOSYSTEM_NODES.map((n, i) => (
                <li key={n.name} className={`ecosystem-node node-${i}`}>
                  <strong>{n.name}</strong>
                  <span className="small muted">{n.text}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      {/* 11. Core pillars */}
      <section className="container section" id="core-pillars" aria-labelledby="pillars-heading">
        <div className="section-head">
          <p className="eyebrow">About us</p>
          <h2 id="pillars-heading">Our core pillars</h2>
        </div>
        <Carousel label="Core pillars" mode="small">
          {PILLARS.map((p) => (
            <article key={p.id} id={p.id === "programs" ? "programs" : undefined} className="card card-pad pillar">
              <div className="icon-bubble" aria-hidden="true">
                {p.icon}
              </div>
              <h3>{p.title}</h3>
              <p className="muted">{p.text}</p>
              <Link to={p.link.to}>{p.link.label} →</Link>
            </article>
          ))}
        </Carousel>
      </section>

      {/* 12. Mirror of strength */}
      <section className="container section-tight" aria-labelledby="mirror-heading">
        <div className="mirror card" data-reveal>
          <div>
            <p className="eyebrow">Mirror of strength</p>
            <h2 id="mirror-heading">See in yourself what we see in you</h2>
            <p className="muted">
              Every woman here started with doubt. What changed was a community that reflected her strength back to her
              — customers, mentors, friends.
            </p>
            <Link to="/list-your-business" className="btn btn-primary">
              Reflect Your Strength
            </Link>
          </div>
          <div className="mirror-art" aria-hidden="true">
            <span>✨</span>
          </div>
        </div>
      </section>

      {/* 13. Brand story with the event film */}
      <section className="section band" id="story" aria-labelledby="story-heading">
        <div className="container story">
          <div>
            <p className="eyebrow">Our story</p>
            <h2 id="story-heading">From one conversation to a movement</h2>
            <ol className="story-lines">
              {STORY_LINES.map((line) => (
                <li key={line} data-reveal>
                  {line}
                </li>
              ))}
            </ol>
            <div className="row">
              <Link to="/contact" className="btn">
                Learn More About Us
              </Link>
              <a href={CONTACT.communityUrl} target="_blank" rel="noopener noreferrer" className="btn btn-primary">
                Experience BWP Community
              </a>
            </div>
          </div>
          <div id="events">
            <VideoModal youtubeId={EVENT_FILM.youtubeId} title={EVENT_FILM.title}>
              <span className="video-poster">
                <span className="play-button" aria-hidden="true">
                  ▶
                </span>
                <span className="video-caption">Watch the event film</span>
              </span>
            </VideoModal>
          </div>
        </div>
      </section>

      {/* 14. Vision to execution: founder */}
      <section className="container section" id="team" aria-labelledby="founder-heading" data-reveal>
        <div className="founder card card-pad">
          <div className="founder-photo" aria-hidden="true">
            RN
          </div>
          <div>
            <p className="eyebrow">From vision to execution</p>
            <h2 id="founder-heading">“We built the network we wished we had.”</h2>
            <p className="muted">
              Our founder started BWP as a small group of professionals helping each other find clients. Today a
              volunteer team runs programs, events and this directory — and we're always looking for people who want to
              help.
            </p>
            <p id="careers" className="small muted">
              Want to volunteer or work with us? We'd love to hear from you.
            </p>
            <Link to="/contact" className="btn btn-primary">
              Talk to the team
            </Link>
          </div>
        </div>
      </section>

      {/* 15. Trusted brands */}
      <section className="container section-tight" aria-labelledby="brands-heading">
        <h2 id="brands-heading" className="eyebrow center">
          Trusted by brands that grew with us
        </h2>
        <ul className="logo-strip">
          {TRUSTED_BRANDS.map((b) => (
            <li key={b} className="wordmark">
              {b}
            </li>
          ))}
        </ul>
      </section>

      {/* 16. Case studies */}
      <section className="container section" id="stories" aria-labelledby="cases-heading" data-reveal>
        <div className="section-head">
          <p className="eyebrow">Success stories</p>
          <h2 id="cases-heading">Brand case studies</h2>
        </div>
        <Carousel label="Brand case studies" mode="small">
          {CASE_STUDIES.map((c) => (
            <article key={c.brand} className="card card-pad case-study">
              <p className="eyebrow">{c.brand}</p>
              <h3>{c.headline}</h3>
              <p className="muted">{c.campaign}</p>
              <ul className="impact-list">
                {c.impact.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            </article>
          ))}
        </Carousel>
      </section>

      {/* 17. Final call to action */}
      <section className="section final-cta" id="join" aria-labelledby="join-heading">
        <div className="container">
          <div className="section-head center">
            <h2 id="join-heading">Be part of the movement</h2>
            <p className="muted">List your business, join the conversation, or just stay in the loop.</p>
          </div>
          <div className="cta-grid">
            <div className="card card-pad cta-card">
              <div className="icon-bubble" aria-hidden="true">
                🏪
              </div>
              <h3>List your business</h3>
              <p className="muted">Get verified and reach {MARKETING.members} members.</p>
              <Link to="/list-your-business" className="btn btn-primary">
                List Your Business
              </Link>
            </div>
            <div className="card card-pad cta-card">
              <div className="icon-bubble" aria-hidden="true">
                💬
              </div>
              <h3>Join the community</h3>
              <p className="muted">
                {MARKETING.whatsappMembers} women in {MARKETING.whatsappGroups} groups, {MARKETING.dailyActive} active
                daily.
              </p>
              <a href={CONTACT.communityUrl} target="_blank" rel="noopener noreferrer" className="btn">
                Join Community
              </a>
            </div>
            <div className="card card-pad cta-card">
              <div className="icon-bubble" aria-hidden="true">
                💌
              </div>
              <h3>Stay updated</h3>
              <p className="muted">News, events and new sellers, twice a month.</p>
              <NewsletterForm source="homepage_final_cta" variant="stacked" />
            </div>
          </div>
          <StatsList stats={FINAL_CTA_STATS} compact />
        </div>
      </section>
    </>
  );
}

function HomeSellerCard({ card }: { card: HomeCard }) {
  const body = (
    <>
      <div className="media">
        <SellerAvatar name={card.name} photo={card.profilePhoto} sizes="(max-width: 48rem) 88vw, 24rem" />
      </div>
      <div className="body">
        <div className="row" style={{ justifyContent: "space-between", gap: "var(--s-2)" }}>
          <span className="chip">{card.category}</span>
          <span className="rating">
            <StarIcon className="star" /> {formatRating(card.rating)} <span className="muted">({card.reviews})</span>
          </span>
        </div>
        <h3>{card.name}</h3>
        <p className="tagline">{card.speciality}</p>
        {card.description ? <p className="desc">{card.description}</p> : null}
        <p className="meta">
          <MapPinIcon /> {card.location}
        </p>
      </div>
    </>
  );
  return card.id ? (
    <Link to={`/seller/${card.id}`} className="card seller-card home-seller-card">
      {body}
    </Link>
  ) : (
    <Link
      to="/directory"
      className="card seller-card home-seller-card"
      aria-label={`${card.name} (sample seller) — browse the directory`}
    >
      {body}
    </Link>
  );
}
