import type { MessageKey, MessageValues } from "~/lib/i18n";
import { Counter } from "./counter";
import { useT } from "./i18n";

/** Cards of an icon, a title and a line of text (home benefits, list-your-business benefits); `values` fill their messages. */
export function FeatureGrid({
  items,
  values,
}: {
  items: readonly { icon: React.ReactNode; title: MessageKey; text: MessageKey }[];
  values?: MessageValues;
}) {
  const t = useT();
  return (
    <div className="feature-grid">
      {items.map((b) => (
        <div key={b.title} className="card card-pad feature">
          <div className="icon-bubble" aria-hidden="true">
            {b.icon}
          </div>
          <h3>{t(b.title, values)}</h3>
          <p className="muted">{t(b.text, values)}</p>
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
  stats: readonly { label: MessageKey; value: string }[];
  compact?: boolean;
}) {
  const t = useT();
  return (
    <ul className={compact ? "stats-grid compact" : "stats-grid"}>
      {stats.map((s, i) => (
        <li key={s.label}>
          <span className="stat-value">
            <Counter value={s.value} position={i} />
          </span>
          <span className="stat-label">{t(s.label)}</span>
        </li>
      ))}
    </ul>
  );
}

/** A five-star testimonial quote (home carousel, list-your-business grid): its title and words translated, the name as it is. */
export function TestimonialCard({
  testimonial,
  titleIsName = false,
}: {
  testimonial: { name: string; title: string; review: string };
  /** The title is a business's name (not translated). */
  titleIsName?: boolean;
}) {
  const t = useT();
  return (
    <figure className="card card-pad testimonial">
      <div className="stars" role="img" aria-label={t("marketing.testimonial.stars")}>
        ★★★★★
      </div>
      <blockquote>“{testimonial.review}”</blockquote>
      <figcaption>
        <strong translate="no">{testimonial.name}</strong>
        <span className="muted small" translate={titleIsName ? "no" : undefined}>
          {testimonial.title}
        </span>
      </figcaption>
    </figure>
  );
}
