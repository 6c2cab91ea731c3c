import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { LinkButtons } from "~/components/link-buttons";
import { IconCard } from "./icon-card";

type LinkTo = readonly [to: string, label: string];

/**
 * The page behind a signed one-click link of a mail (newsletter unsubscribe, monthly report opt-out): GET
 * only asks, so mail scanners that open links change nothing; the one button posts the link's fields back,
 * without JavaScript too. After the post, the answer and where to go next.
 */
export function SignedLinkChoice({
  icon,
  fields,
  question,
  answer,
}: {
  icon: string;
  /** The link's own fields, posted back as they came (the action checks the signature again). */
  fields: Record<string, string | number>;
  question: { title: string; body: ReactNode; button: string; keep: LinkTo };
  /** Set once the post has done it. */
  answer: { title: string; message: string; note: ReactNode; next: LinkTo } | null;
}) {
  return (
    <IconCard icon={icon}>
      {answer ? (
        <>
          <h1>{answer.title}</h1>
          <p className="form-success" role="status">
            {answer.message}
          </p>
          <p className="muted">{answer.note}</p>
          <LinkButtons centered links={[answer.next]} />
        </>
      ) : (
        <>
          <h1>{question.title}</h1>
          <p className="muted">{question.body}</p>
          <Form method="post" className="stack">
            {Object.entries(fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <button type="submit" className="btn btn-primary btn-block">
              {question.button}
            </button>
          </Form>
          <Link to={question.keep[0]} className="small">
            {question.keep[1]}
          </Link>
        </>
      )}
    </IconCard>
  );
}
