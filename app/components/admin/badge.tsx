// Status badges of the back-office: one look per meaning.
export type BadgeTone = "success" | "warning" | "danger" | "neutral" | "info";

export function Badge({ tone = "neutral", children }: { tone?: BadgeTone; children: React.ReactNode }) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}

const STATUS_TONES: Record<string, BadgeTone> = {
  active: "success",
  published: "success",
  resolved: "success",
  pending: "warning",
  new: "warning",
  in_progress: "info",
  flagged: "warning",
  inactive: "neutral",
  closed: "neutral",
  unsubscribed: "neutral",
  rejected: "danger",
  failed: "danger",
};

/** A status value (pending, active, …) as a badge, its words capitalised. */
export function StatusBadge({ status }: { status: string }) {
  const label = status.replace(/_/g, " ").replace(/^\w/, (c) => c.toUpperCase());
  return <Badge tone={STATUS_TONES[status] ?? "neutral"}>{label}</Badge>;
}

const ACCOUNT_EMAIL: Record<string, { tone: BadgeTone; label: string }> = {
  verified: { tone: "success", label: "Email verified" },
  unverified: { tone: "warning", label: "Email not verified" },
  no_account: { tone: "neutral", label: "No account" },
};

/** Whether the seller's account email is verified (not the listing's Verified flag). */
export function AccountEmailBadge({ state }: { state: "verified" | "unverified" | "no_account" }) {
  const look = ACCOUNT_EMAIL[state] ?? ACCOUNT_EMAIL.no_account;
  return <Badge tone={look.tone}>{look.label}</Badge>;
}
