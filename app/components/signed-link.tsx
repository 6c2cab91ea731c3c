import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { useLocalePath, useT } from "~/components/i18n";
import { IconCard } from "~/components/icon-card";
import { LinkButtons } from "~/components/link-buttons";
import { type FormMeta, useForm } from "~/lib/form";
import { type MessageKey, translatorFromMatches } from "~/lib/i18n";
import { privatePageMeta } from "~/lib/seo";

// The pages behind the signed links of mails (verify an address, confirm an address change or a deletion,
// reset a password, unsubscribe, stop the monthly report, confirm a quote request). A GET only shows the
// page, so mail scanners that open links change nothing; a form posts the link's own fields back (the
// action checks the signature again), without JavaScript too. A refused link (forged, altered, expired,
// used) is the loader's or action's thrown 4xx, shown by the route's error boundary.

type LinkTo = readonly [to: string, label: string];

/** The link's fields as the form posts them back: hidden, named as in the link (after `prefix`). */
export function SignedLinkForm({
  form,
  link,
  prefix = "",
  className,
  children,
}: {
  /** The form's meta from `useForm` (docs/decisions/200-one-form-hook-over-conforms-parts.md). */
  form: FormMeta;
  link: Readonly<Record<string, string | number>>;
  /** Before each name, where the form has fields of its own ("id" would hide the form's own id). */
  prefix?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" {...form.props} className={className}>
      {Object.entries(link).map(([name, value]) => (
        <input key={name} type="hidden" name={prefix + name} value={value} />
      ))}
      {children}
    </Form>
  );
}

type Question = {
  title: string;
  body: ReactNode;
  button: string;
  /** A step that cannot be undone: its text at full strength and a red button. */
  final?: boolean;
  /** A small line under the button. */
  note?: string;
  /** The way out without posting. */
  keep?: LinkTo;
};

type Answer = { title: string; message: string; note?: ReactNode; next: LinkTo };

/**
 * A signed link's one-button page: the question with its button (the link's fields posted back), or, once
 * the post has done it, the answer.
 */
export function SignedLinkPage({
  id,
  icon,
  link,
  question,
  answer,
}: {
  /** The form's id. */
  id: string;
  icon?: string;
  link: Readonly<Record<string, string | number>>;
  question: Question;
  /** Set once the post has done it. */
  answer: Answer | null;
}) {
  const [form] = useForm({ id });
  if (answer) return <SignedLinkDone icon={icon} answer={answer} />;
  return (
    <IconCard icon={icon}>
      <h1>{question.title}</h1>
      <p className={question.final ? undefined : "muted"}>{question.body}</p>
      <SignedLinkForm form={form} link={link} className="stack">
        <button type="submit" className={question.final ? "btn btn-danger btn-block" : "btn btn-primary btn-block"}>
          {question.button}
        </button>
      </SignedLinkForm>
      {question.note ? <p className="small muted">{question.note}</p> : null}
      {question.keep ? (
        <Link to={question.keep[0]} className="small">
          {question.keep[1]}
        </Link>
      ) : null}
    </IconCard>
  );
}

/** A signed link's page once it has done its work: what was done and where to go next. */
export function SignedLinkDone({ icon, answer }: { icon?: string; answer: Answer }) {
  return (
    <IconCard icon={icon}>
      <h1>{answer.title}</h1>
      <p className="form-success" role="status">
        {answer.message}
      </p>
      {answer.note ? <p className="muted">{answer.note}</p> : null}
      <LinkButtons centered links={[answer.next]} />
    </IconCard>
  );
}

/** What a signed link's page says when the link is refused. */
export type BadLink = {
  /** The heading, and the tab's title. */
  title: MessageKey;
  /** The reason shown when the refusal carries none of its own. */
  fallback: MessageKey;
  /** Where to go instead. */
  next: readonly [path: string, label: MessageKey];
  /** The way on is the page's main action (ask for a new link). */
  primary?: boolean;
};

/**
 * A signed link's route exports for `meta`, `headers` and `ErrorBoundary`: the page's title, or the
 * refusal's; never stored by a cache (the page is one person's); the refusal page with the reason the
 * loader or action threw. The boundary renders without the route's messages, so a refusal's words are in
 * the `common` catalogue. (The site's Referrer-Policy, strict-origin-when-cross-origin, already keeps the
 * token out of other sites' logs; `no-referrer` would make browsers send `Origin: null` with the form,
 * refused as cross-site.)
 */
export function signedLinkRoute(metaTitle: MessageKey, badLink: BadLink) {
  return {
    meta: ({ matches, error }: { matches: Parameters<typeof translatorFromMatches>[0]; error?: unknown }) =>
      privatePageMeta(translatorFromMatches(matches)(error ? badLink.title : metaTitle)),
    headers: () => ({ "Cache-Control": "no-store" }),
    ErrorBoundary: ({ error }: { error: unknown }) => <BadLinkPage error={error} badLink={badLink} />,
  };
}

/** The page of a refused link: the reason the loader or action threw (a string), or the fallback. */
export function BadLinkPage({ error, badLink }: { error: unknown; badLink: BadLink }) {
  const t = useT();
  const to = useLocalePath();
  const message =
    error && typeof error === "object" && "data" in error && typeof error.data === "string"
      ? error.data
      : t(badLink.fallback);
  return (
    <IconCard>
      <h1>{t(badLink.title)}</h1>
      <p className="form-error" role="alert">
        {message}
      </p>
      <Link to={to(badLink.next[0])} className={badLink.primary ? "btn btn-primary" : "btn"}>
        {t(badLink.next[1])}
      </Link>
    </IconCard>
  );
}
