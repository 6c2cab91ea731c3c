import { Form, Link, useNavigation } from "react-router";
import { ActionError } from "./confirm";
import { displayPhone, telHref } from "~/lib/phone-display";
import { StatusBadge } from "~/components/admin/badge";
import { ADMIN_NOTES_MAX_LENGTH, ENQUIRY_STATUS_LABELS, ENQUIRY_UPDATE_STATUSES } from "~/lib/validation/constants";
import { formatDate } from "~/lib/dates";

export type EnquiryDetail = {
  id: number;
  name: string;
  email: string;
  mobile: string | null;
  query_type: string;
  subject: string | null;
  message: string;
  status: keyof typeof ENQUIRY_STATUS_LABELS;
  admin_notes: string | null;
  created_at: string;
};

type Props = {
  enquiry: EnquiryDetail;
  /** The list's query string, so the update returns to the same filtered page. */
  back: string;
  /** The heading's id (the dialog and the page label themselves by it). */
  headingId: string;
  /** The values typed before a refused post (docs/decisions/025-forms-work-without-javascript.md: kept). */
  values?: { status?: string; admin_notes?: string | null } | null;
  error?: string | null;
  /** In the dialog: Close is a button; on the page: a link back to the list. */
  onClose?: () => void;
  closeHref?: string;
};

/**
 * One enquiry with its status change and admin notes: the body of the page `/admin/enquiries/:id`
 * (without JavaScript) and of the list's dialog (with it). The form posts to the page's action either way.
 */
export function EnquiryDetails({ enquiry, back, headingId, values, error, onClose, closeHref }: Props) {
  const navigation = useNavigation();
  const action = `/admin/enquiries/${enquiry.id}`;
  const busy = navigation.state === "submitting" && navigation.formAction === action;
  const defaultStatus = values?.status ?? (enquiry.status === "new" ? "in_progress" : enquiry.status);
  const field = (name: string) => `enquiry-${enquiry.id}-${name}`;
  return (
    <div className="enquiry-details">
      <div className="row" style={{ justifyContent: "space-between" }}>
        <h2 id={headingId} className="h3" style={{ margin: 0 }}>
          Enquiry from {enquiry.name}
        </h2>
        <StatusBadge status={enquiry.status} />
      </div>
      <ActionError message={error} />
      <dl>
        <dt>Email</dt>
        <dd>
          <a href={`mailto:${enquiry.email}`}>{enquiry.email}</a>
        </dd>
        {enquiry.mobile ? (
          <>
            <dt>Mobile</dt>
            <dd>
              <a href={telHref(enquiry.mobile)}>{displayPhone(enquiry.mobile)}</a>
            </dd>
          </>
        ) : null}
        <dt>Query type</dt>
        <dd>{enquiry.query_type}</dd>
        {enquiry.subject ? (
          <>
            <dt>Subject</dt>
            <dd>{enquiry.subject}</dd>
          </>
        ) : null}
        <dt>Received</dt>
        <dd>{formatDate(enquiry.created_at)}</dd>
      </dl>
      <p className="enquiry-message">{enquiry.message}</p>
      <Form method="post" action={action} className="stack" aria-label={`Update the enquiry from ${enquiry.name}`}>
        <input type="hidden" name="back" value={back} />
        <div className="field">
          <label htmlFor={field("status")}>Status</label>
          <select id={field("status")} name="status" className="input" defaultValue={defaultStatus} required>
            {ENQUIRY_UPDATE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {ENQUIRY_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={field("notes")}>Admin notes</label>
          <textarea
            id={field("notes")}
            name="admin_notes"
            className="textarea"
            maxLength={ADMIN_NOTES_MAX_LENGTH}
            defaultValue={values?.admin_notes ?? enquiry.admin_notes ?? ""}
          />
          <p className="field-hint">Only staff see these notes.</p>
        </div>
        <div className="row">
          {onClose ? (
            <button type="button" className="btn btn-sm" onClick={onClose}>
              Close
            </button>
          ) : (
            <Link to={closeHref ?? "/admin/enquiries"} className="btn btn-sm">
              Back to Enquiries
            </Link>
          )}
          <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
            {busy ? "Updating..." : "Update Status"}
          </button>
        </div>
      </Form>
    </div>
  );
}
