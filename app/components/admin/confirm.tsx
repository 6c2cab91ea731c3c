import { useRef } from "react";
import { Form, Link } from "react-router";

type ConfirmProps = {
  /** The question, e.g. the spec's 'Are you sure you want to delete this seller? This action cannot be undone.' */
  question: string;
  /** Where the form posts, and its hidden fields (intent, id, …). */
  action: string;
  fields: Record<string, string | number>;
  confirmLabel: string;
  danger?: boolean;
};

/**
 * A confirm step for a destructive action. The trigger is a link to a confirm page (works without
 * JavaScript: the page renders <ConfirmPanel>); with JavaScript it opens the same form in a dialog.
 */
export function ConfirmButton({ label, href, ...props }: ConfirmProps & { label: string; href: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <>
      <Link
        to={href}
        className={`btn btn-sm${props.danger ? " btn-danger" : ""}`}
        onClick={(event) => {
          if (!dialog.current?.showModal) return;
          event.preventDefault();
          dialog.current.showModal();
        }}
      >
        {label}
      </Link>
      <dialog ref={dialog} className="confirm-dialog" aria-label={label}>
        <ConfirmPanel {...props} onCancel={() => dialog.current?.close()} />
      </dialog>
    </>
  );
}

/** The confirm step itself: the question, Cancel, and the form that does it. */
export function ConfirmPanel({
  question,
  action,
  fields,
  confirmLabel,
  danger,
  cancelHref,
  onCancel,
}: ConfirmProps & { cancelHref?: string; onCancel?: () => void }) {
  return (
    <div className="stack confirm-panel">
      <p>
        <strong>{question}</strong>
      </p>
      <Form method="post" action={action} className="row">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {onCancel ? (
          <button type="button" className="btn btn-sm" onClick={onCancel}>
            Cancel
          </button>
        ) : (
          <Link to={cancelHref ?? "."} className="btn btn-sm">
            Cancel
          </Link>
        )}
        <button type="submit" className={`btn btn-sm${danger ? " btn-danger" : " btn-primary"}`}>
          {confirmLabel}
        </button>
      </Form>
    </div>
  );
}

/** The confirm step of a delete as a page section (the no-JavaScript path of a ConfirmButton). */
export function DeleteConfirmSection({
  title,
  ...panel
}: Omit<ConfirmProps, "confirmLabel" | "danger"> & { title: string; cancelHref: string }) {
  return (
    <section className="card card-pad" aria-labelledby="confirm-heading">
      <h2 id="confirm-heading" className="h3">
        {title}
      </h2>
      <ConfirmPanel {...panel} confirmLabel="Delete" danger />
    </section>
  );
}

/** A refused action's message, said once at the top of the page. */
export function ActionError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="flash flash-error" role="alert">
      {message}
    </p>
  );
}

/** "Remove" with its confirm step (the red button and the same word on the confirming one). */
export function RemoveButton(props: Omit<ConfirmProps, "confirmLabel" | "danger"> & { href: string }) {
  return <ConfirmButton label="Remove" confirmLabel="Remove" danger {...props} />;
}
