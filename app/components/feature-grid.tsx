import { Counter } from "./counter";

/** Cards of an icon, a title and a line of text (home benefits, list-your-business benefits). */
export function FeatureGrid({ items }: { items: readonly { icon: React.ReactNode; title: string; text: string }[] }) {
  return (
    <div className="feature-grid">
      {items.map((b) => (
        <div key={b.title} className="card card-pad feature">
          <div className="icon-bubble" aria-hidden="true">
            {b.icon}
          </div>
          <h3>{b.title}</h3>
          <p className="muted">{b.text}</p>
        </div>
      ))}
    </div>
  );
}

/** Figures that count up once when seen (the server renders the final numbers). */
export function StatsList({
  stats,
  compact = false,
}: {
  stats: readonly { label: string; value: string }[];
  compact?: boolean;
}) {
  return (
    <ul className={compact ? "stats-grid compact" : "stats-grid"}>
      {stats.map((s, i) => (
        <li key={s.label}>
          <span className="stat-value">
            <Counter value={s.value} position={i} />
          </span>
          <span className="stat-label">{s.label}</span>
        </li>
      ))}
    </ul>
  );
}

/** A five-star testimonial quote (home carousel, list-your-business grid). */
export function TestimonialCard({ testimonial }: { testimonial: { name: string; title: string; review: string } }) {
  return (
    <figure className="card card-pad testimonial">
      <div className="stars" role="img" aria-label="5 out of 5 stars">
        ★★★★★
      </div>
      <blockquote>“{testimonial.review}”</blockquote>
      <figcaption>
        <strong>{testimonial.name}</strong>
        <span className="muted small">{testimonial.title}</span>
      </figcaption>
    </figure>
  );
}
