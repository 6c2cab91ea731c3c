import { data } from "react-router";
import type { MessageKey, Translate } from "./i18n";
import { ACCOUNT_MESSAGES, VERIFY_EMAIL_MESSAGES } from "./validation/messages";

// The account services answer with the English notices of validation/messages.ts; a page shows them in its
// language through these keys (their English in the catalogue is the same text, held so by a test).
export const ACCOUNT_NOTICE_KEYS: ReadonlyMap<string, MessageKey> = new Map<string, MessageKey>([
  [ACCOUNT_MESSAGES.resetSent, "accounts.notice.resetSent"],
  [ACCOUNT_MESSAGES.resetBadLink, "accounts.notice.resetBadLink"],
  [ACCOUNT_MESSAGES.resetExpired, "accounts.notice.resetExpired"],
  [ACCOUNT_MESSAGES.passwordChanged, "accounts.notice.passwordChanged"],
  [ACCOUNT_MESSAGES.currentWrong, "accounts.notice.currentWrong"],
  [ACCOUNT_MESSAGES.currentRequired, "accounts.notice.currentRequired"],
  [ACCOUNT_MESSAGES.sameEmail, "accounts.notice.sameEmail"],
  [ACCOUNT_MESSAGES.reservedEmail, "accounts.notice.reservedEmail"],
  [ACCOUNT_MESSAGES.emailTaken, "accounts.notice.emailTaken"],
  [ACCOUNT_MESSAGES.emailTakenSignIn, "accounts.notice.emailTakenSignIn"],
  [ACCOUNT_MESSAGES.signupExpired, "accounts.notice.signupExpired"],
  [ACCOUNT_MESSAGES.categoriesMissing, "forms.categories.required"],
  [ACCOUNT_MESSAGES.subcategoriesOutside, "accounts.notice.subcategoriesOutside"],
  [ACCOUNT_MESSAGES.emailChangeSent, "accounts.notice.emailChangeSent"],
  [ACCOUNT_MESSAGES.emailBadLink, "accounts.notice.emailBadLink"],
  [ACCOUNT_MESSAGES.emailExpired, "accounts.notice.emailExpired"],
  [ACCOUNT_MESSAGES.emailChanged, "accounts.notice.emailChanged"],
  [ACCOUNT_MESSAGES.deletionSent, "accounts.notice.deletionSent"],
  [ACCOUNT_MESSAGES.deletionBadLink, "accounts.notice.deletionBadLink"],
  [ACCOUNT_MESSAGES.deletionExpired, "accounts.notice.deletionExpired"],
  [ACCOUNT_MESSAGES.deleted, "accounts.notice.deleted"],
  [ACCOUNT_MESSAGES.noPassword, "accounts.notice.noPassword"],
  [ACCOUNT_MESSAGES.languageSaved, "accounts.notice.languageSaved"],
  [ACCOUNT_MESSAGES.languageUnknown, "accounts.notice.languageUnknown"],
  [VERIFY_EMAIL_MESSAGES.badLink, "accounts.notice.verifyBadLink"],
  [VERIFY_EMAIL_MESSAGES.expired, "accounts.notice.verifyExpired"],
  [VERIFY_EMAIL_MESSAGES.verified, "accounts.notice.verified"],
  [VERIFY_EMAIL_MESSAGES.alreadyVerified, "accounts.notice.alreadyVerified"],
  [VERIFY_EMAIL_MESSAGES.sent, "accounts.notice.verificationSent"],
]);

/** A notice of the account services in a page's language; any other message as it came. */
export function accountNotice(t: Translate, message: string): string {
  const key = ACCOUNT_NOTICE_KEYS.get(message);
  return key ? t(key) : message;
}

/** A refused account step (a signed link's check, its post) as the page's thrown 4xx: the notice in the page's language. */
export function accountRefusal(t: Translate, refusal: { message: string; status: number }) {
  return data(accountNotice(t, refusal.message), { status: refusal.status });
}
