import { Link } from "react-router";
import { LinkButtons } from "~/components/link-buttons";
import { Faq } from "~/components/faq";
import { FeatureGrid, TestimonialCard } from "~/components/feature-grid";
import { CheckIcon } from "~/components/icons";
import { formatRupees, MARKETING, PLAN_FEATURES, PLANS, planDuration } from "~/lib/constants";
import { LISTING_FAQ } from "~/lib/faq";
import { publicCacheHeaders } from "~/services/response-cache/cache-control.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/list-your-business";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: "List Your Business",
    description: `Reach ${MARKETING.members} women professionals. Get a verified listing in the BWP Directory from ${formatRupees(PLANS[0].amount)} a month.`,
    path: "/list-your-business",
  });
}

const STATS = [
  { value: "500+", label: "Active businesses" },
  { value: "50K+", label: "Monthly leads" },
  { value: "25+", label: "Categories served" },
  { value: "95%", label: "Seller satisfaction" },
] as const;

const BENEFITS = [
  { icon: "🛡️", title: "Verified badge", text: "Customers see that your business is checked and real." },
  { icon: "📣", title: "Market-day posts", text: "Two posts every Wednesday and Saturday to the whole community." },
  { icon: "🔎", title: "Found by search", text: "Appear when customers search by category, city and keyword." },
  { icon: "⭐", title: "Reviews & ratings", text: "Build a reputation that sells for you." },
  { icon: "📞", title: "Direct enquiries", text: "Calls, WhatsApp and messages come straight to you — no commission." },
  { icon: "🤝", title: "A community behind you", text: "Mentors, events and peers who want you to grow." },
] as const;

const CHECKLIST = [
  "Your own profile page with photos, offers and contact buttons",
  "Listing in up to several categories and subcategories",
  "Links to your website, Instagram, Facebook, YouTube and WhatsApp",
  "Product and service gallery",
  "Customer reviews with your replies",
  "A seller dashboard to edit your profile any time",
  "Profile views you can track",
  "Priority support from our team",
] as const;

const TESTIMONIALS = [
  {
    name: "Lakshmi Menon",
    title: "Saree Sutra",
    review:
      "I listed on a Friday and had three orders by Wednesday's market day post. Best ₹1,499 I've spent on my business.",
  },
  {
    name: "Farah Khan",
    title: "Tiffin Tales",
    review: "The reviews on my profile do the selling for me. Corporate clients found me through the directory.",
  },
  {
    name: "Deepa Hegde",
    title: "Ledger & Co.",
    review: "As a service business I was unsure — but the verified badge gave clients the confidence to call.",
  },
] as const;

export const headers: Route.HeadersFunction = publicCacheHeaders;

export default function ListYourBusiness() {
  return (
    <>
      <section className="home-hero" aria-labelledby="lyb-heading">
        <div className="container home-hero-inner">
          <p className="eyebrow">For women entrepreneurs</p>
          <h1 id="lyb-heading">
            Grow your business with <span className="text-gradient">{MARKETING.members} women</span> behind you
          </h1>
          <p className="lead">
            Get a verified listing in the BWP Directory, reach customers who choose women-led brands, and go live within
            24-48 hours.
          </p>
          <LinkButtons
            large
            className="row hero-actions"
            links={[
              ["/register", "Register Your Business"],
              ["#plans", "See plans"],
            ]}
          />
        </div>
      </section>

      <section className="container section-tight" aria-label="Our reach">
        <ul className="stats-grid compact">
          {STATS.map((s) => (
            <li key={s.label}>
              <span className="stat-value">{s.value}</span>
              <span className="stat-label">{s.label}</span>
            </li>
          ))}
        </ul>
      </section>

      <section className="container section" aria-labelledby="lyb-benefits">
        <div className="section-head">
          <p className="eyebrow">Benefits</p>
          <h2 id="lyb-benefits">Why list with us</h2>
        </div>
        <FeatureGrid items={BENEFITS} />
      </section>

      <section className="section band" aria-labelledby="lyb-features">
        <div className="container split">
          <div>
            <p className="eyebrow">What you get</p>
            <h2 id="lyb-features">Everything you need to be found</h2>
            <p className="muted">Every plan includes the full listing. Longer plans simply cost less per month.</p>
            <Link to="/register" className="btn btn-primary">
              Register Now
            </Link>
          </div>
          <ul className="checklist">
            {CHECKLIST.map((item) => (
              <li key={item}>
                <CheckIcon /> {item}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="container section" aria-labelledby="lyb-testimonials">
        <div className="section-head">
          <p className="eyebrow">Seller stories</p>
          <h2 id="lyb-testimonials">Sellers who grew with us</h2>
        </div>
        <div className="feature-grid three">
          {TESTIMONIALS.map((t) => (
            <TestimonialCard key={t.name} testimonial={t} />
          ))}
        </div>
      </section>

      <section className="section band" id="plans" aria-labelledby="plans-heading">
        <div className="container">
          <div className="section-head center">
            <p className="eyebrow">Pricing</p>
            <h2 id="plans-heading">Simple plans, no commission</h2>
            <p className="muted">Pay once by UPI. Every plan includes:</p>
            <ul className="inline-features">
              {PLAN_FEATURES.map((f) => (
                <li key={f}>
                  <CheckIcon /> {f}
                </li>
              ))}
            </ul>
          </div>
          <ul className="plan-grid">
            {PLANS.map((p) => (
              <li key={p.id} className={`card plan-card${p.popular ? " popular" : ""}${p.featured ? " elite" : ""}`}>
                {p.popular ? <span className="plan-ribbon">Most popular</span> : null}
                {p.featured ? <span className="plan-ribbon elite">Featured on home</span> : null}
                <h3>{p.name}</h3>
                <p className="plan-price">
                  <span>{formatRupees(p.amount)}</span>
                </p>
                <p className="muted small">
                  for {planDuration(p)}
                  {p.months > 1 ? ` · ${formatRupees(Math.round(p.amount / p.months))}/month` : ""}
                </p>
                {p.featured ? (
                  <p className="small">Adds a featured-on-homepage badge and a spot in the featured sellers.</p>
                ) : (
                  <p className="small muted">All listing features included.</p>
                )}
                <Link
                  to={`/register?plan=${p.id}`}
                  className={`btn btn-block ${p.popular || p.featured ? "btn-primary" : ""}`}
                  aria-label={`Choose the ${p.name} plan, ${formatRupees(p.amount)} for ${planDuration(p)}`}
                >
                  Choose {p.name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="container section" aria-labelledby="lyb-faq">
        <div className="section-head">
          <p className="eyebrow">FAQ</p>
          <h2 id="lyb-faq">Questions sellers ask</h2>
        </div>
        <Faq items={[...LISTING_FAQ]} headingId="lyb-faq" />
      </section>

      <section className="container section-tight">
        <div className="cta-banner">
          <div>
            <h2>Ready to be found?</h2>
            <p>
              Applications take about 10 minutes. Keep an ID document, a profile photo and your UPI screenshot ready.
            </p>
          </div>
          <Link to="/register" className="btn btn-lg btn-light">
            Start Your Application
          </Link>
        </div>
      </section>
    </>
  );
}
