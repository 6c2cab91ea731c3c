// The signals staff see beside a review (docs/decisions/222-reviews-people-can-trust.md): each one only
// informs a moderator's decision; nothing is rejected or deleted because of a signal. The SQL that finds
// them is in models/reviews-admin.server.ts; the thresholds and the words are here, for the page, the
// model and the docs alike. The back-office stays English (docs/translation.md).

export const REVIEW_SIGNALS = ["same_text", "burst", "same_address", "seller_match", "unconfirmed_email"] as const;
export type ReviewSignal = (typeof REVIEW_SIGNALS)[number];

/**
 * same_text: the same text (trimmed, case-folded) on reviews of at least two different sellers. Texts
 * shorter than this are left out: "Great service" or "Very good" are what many honest people write.
 */
export const SAME_TEXT_MIN_LENGTH = 20;

/** burst: more than this many reviews of the same seller within an hour before or after the review (itself included). */
export const BURST_MAX_PER_HOUR = 5;
export const BURST_WINDOW_MINUTES = 60;

/** same_address: at least this many reviews (itself included) posted from its network address within 24 hours before or after it. */
export const SAME_ADDRESS_MIN_PER_DAY = 3;
export const SAME_ADDRESS_WINDOW_MINUTES = 24 * 60;

/** The reason a moderator may give with her decision (kept in the audit log). */
export const REVIEW_DECISION_REASON_MAX_LENGTH = 300;

/** Each signal's chip and its explanation (the page's legend and the chip's title). */
export const REVIEW_SIGNAL_WORDS: Record<ReviewSignal, { label: string; explanation: string }> = {
  same_text: {
    label: "Same text elsewhere",
    explanation: `The same text (at least ${SAME_TEXT_MIN_LENGTH} characters, ignoring case and outer spaces) is in reviews of two or more sellers.`,
  },
  burst: {
    label: "Burst",
    explanation: `More than ${BURST_MAX_PER_HOUR} reviews of this seller arrived within an hour of this one.`,
  },
  same_address: {
    label: "Same network address",
    explanation: `${SAME_ADDRESS_MIN_PER_DAY} or more reviews came from this review's network address within a day of it.`,
  },
  seller_match: {
    label: "Matches the seller",
    explanation:
      "The reviewer's name is the seller's owner name, or her email is the seller's, or the seller's mobile number is in the name or text.",
  },
  unconfirmed_email: {
    label: "Email not confirmed",
    explanation: "The reviewer gave an email address but has not followed the link mailed to it.",
  },
};
