import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { ErrorText } from "./error-list";
import { Honeypot } from "./honeypot-field";
import { useHydrated } from "~/lib/use-hydrated";
import { MailIcon } from "./icons";
import { useLocalePath, useT } from "./i18n";

type NewsletterReply = { ok: true; message: string } | { ok: false; errors: string[]; email?: string };

/**
 * The newsletter sign-up. Without JavaScript it is a plain post to /newsletter, which answers with a
 * page; with JavaScript it posts in the background and shows the server's message for 5 seconds.
 */
export function NewsletterForm({
  source,
  variant = "inline",
}: {
  source: "homepage_final_cta" | "footer" | "website";
  variant?: "inline" | "stacked";
}) {
  const t = useT();
  const to = useLocalePath();
  const fetcher = useFetcher<NewsletterReply>({ key: `newsletter-${source}` });
  const hydrated = useHydrated();
  const id = useId();
  // The reply shown is the fetcher's last one until a success has been on screen for 5 seconds; the
  // form then comes back empty (it was unmounted while the message showed).
  const [dismissed, setDismissed] = useState<NewsletterReply | null>(null);
  const reply = fetcher.state === "idle" ? fetcher.data : undefined;
  const shown = reply && reply !== dismissed ? reply : null;

  useEffect(() => {
    if (!shown?.ok) return;
    const timer = setTimeout(() => setDismissed(shown), 5000);
    return () => clearTimeout(timer);
  }, [shown]);

  const busy = fetcher.state !== "idle";
  const errors = shown && !shown.ok ? shown.errors : [];
  const errorId = errors.length ? `${id}-error` : undefined;

  if (shown?.ok) {
    return (
      <p className="form-success newsletter-success" role="status">
        {shown.message}
      </p>
    );
  }
  return (
    <fetcher.Form method="post" action={to("/newsletter")} className={`newsletter-form ${variant}`} noValidate>
      <Honeypot />
      <input type="hidden" name="source" value={source} />
      {hydrated ? <input type="hidden" name="_js" value="1" /> : null}
      <label htmlFor={`${id}-email`} className="visually-hidden">
        {t("common.marketing.newsletterEmail")}
      </label>
      <div className="newsletter-row">
        <span className="input-icon" aria-hidden="true">
          <MailIcon />
        </span>
        <input
          id={`${id}-email`}
          className="input"
          type="email"
          name="email"
          placeholder="you@example.com"
          translate="no"
          autoComplete="email"
          required
          maxLength={254}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId}
        />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t("common.marketing.subscribing") : t("common.marketing.subscribe")}
        </button>
      </div>
      {errors.length ? (
        <p id={errorId} className="field-error" role="alert">
          <ErrorText message={errors[0]} />
        </p>
      ) : null}
    </fetcher.Form>
  );
}
