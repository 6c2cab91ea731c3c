import { formMessage } from "../form-messages";
import { RESET_DONE_MESSAGE } from "./reset-done";

// The words forms answer with (the spec's where it gives them), shared by schemas, actions, models and
// views. No zod here.

export const MOBILE_INVALID_MESSAGE = formMessage("forms.mobile.invalid");
export const REVIEW_MISSING_MESSAGE = formMessage("forms.review.missing");
export const CONTACT_REQUIRED_MESSAGE = formMessage("forms.contact.required");
export const NEWSLETTER_REQUIRED_MESSAGE = formMessage("forms.newsletter.required");
export const SELECT_SELLERS_MESSAGE = "Please select sellers first";
export const SELECT_REVIEWS_MESSAGE = "Please select reviews to perform bulk action.";
export const SLUG_MESSAGE = "Use lowercase letters a–z, digits and single hyphens only (e.g. home-bakers)";

/** The application's messages: keys of the `forms` catalogue (lib/form-messages.ts), shown in the page's language. */
export const APPLICATION_MESSAGES = {
  name: formMessage("forms.name.required"),
  mobileRequired: formMessage("forms.mobile.required"),
  mobileInvalid: MOBILE_INVALID_MESSAGE,
  emailRequired: formMessage("forms.email.required"),
  emailInvalid: formMessage("forms.email.invalid"),
  categories: formMessage("forms.categories.required"),
  categoryUnknown: formMessage("forms.application.categoryUnknown"),
  subcategoryUnknown: formMessage("forms.application.subcategoryUnknown"),
  idProofType: formMessage("forms.application.idProofType"),
  idProof: formMessage("forms.application.idProof"),
  payment: formMessage("forms.application.payment"),
  profile: formMessage("forms.application.profile"),
  plan: formMessage("forms.application.plan"),
  tooBig: formMessage("forms.application.tooBig"),
  notImage: formMessage("forms.application.notImage"),
  tooManyProducts: formMessage("forms.application.tooManyProducts"),
  utrInvalid: formMessage("forms.application.utrInvalid"),
  utrUsed: formMessage("forms.application.utrUsed"),
  aadhaarInvalid: formMessage("forms.application.aadhaarInvalid"),
  submitFailed: formMessage("forms.application.submitFailed"),
  imageNotFound: formMessage("forms.application.imageNotFound"),
  imagesTooLarge: formMessage("forms.application.imagesTooLarge"),
} as const;

/** The PIN code's messages (the application, the seller's profile, staff's editor). */
export const PINCODE_MESSAGES = {
  required: formMessage("forms.pincode.required"),
  invalid: formMessage("forms.pincode.invalid"),
  unknown: formMessage("forms.pincode.unknown"),
} as const;

/** Her own point on the map (the seller's profile: `map_position`). */
export const MAP_POSITION_MESSAGES = {
  invalid: formMessage("forms.mapPosition.invalid"),
  outside: formMessage("forms.mapPosition.outside"),
  needsPincode: formMessage("forms.mapPosition.needsPincode"),
} as const;

/** How far she serves (the application, the seller's profile, staff's editor). */
export const SERVICE_AREA_MESSAGES = {
  serves: formMessage("forms.serves.invalid"),
  kmRequired: formMessage("forms.servesKm.required"),
  kmRange: formMessage("forms.servesKm.range"),
} as const;

export const SELLER_EDITOR_MESSAGES = {
  dates: "The subscription cannot end before it starts",
  date: "Please enter a date as YYYY-MM-DD",
  gst: "Please enter the 15-character GSTIN, e.g. 29ABCDE1234F1Z5, or leave it empty",
  aadhaar: "Please enter the 12-digit Aadhaar number (it is stored masked), or leave it empty",
  notFound: "Seller not found. It may have been deleted meanwhile.",
} as const;

export const SETTINGS_MESSAGES = {
  passwordChanged: "Password changed. Your other sessions were signed out.",
  currentWrong: "Your current password is not correct",
  mismatch: "Passwords do not match",
  samePassword: "Choose a new password different from the current one",
  moderatorAdded: "Moderator added. Share the password with them privately.",
  disabled: "Account disabled. Its sessions were signed out.",
  enabled: "Account enabled.",
  removed: "Account removed.",
  notSelf: "You cannot disable or remove your own account",
  lastAdmin: "The last active admin cannot be disabled or removed",
  notFound: "This account was not found. It may have been removed meanwhile.",
  emailTaken: "An account with this email already exists.",
} as const;

export const VERIFY_EMAIL_MESSAGES = {
  badLink: "This verification link is not valid. Sign in and send a new link from your dashboard.",
  expired: "This verification link has expired. Sign in and send a new link from your dashboard.",
  verified: "Your email address is verified. Thank you!",
  alreadyVerified: "Your email address is already verified.",
  sent: "We sent a new verification link. Please check your inbox (and the spam folder).",
} as const;

/** The first message of a refused post (conform's error record), for a page's error banner. */
export function firstError(
  error: Record<string, string[] | null | undefined> | null | undefined,
  fallback = "Unknown action",
): string {
  return (
    Object.values(error ?? {})
      .flat()
      .find((m): m is string => !!m) ?? fallback
  );
}

/** The word of a review move in the bulk messages ('Bulk approve completed successfully!'). */
export function bulkWord(move: "published" | "rejected" | "delete"): string {
  return { published: "approve", rejected: "reject", delete: "delete" }[move];
}

/** The confirm questions of the spec (a category's warning names its subcategories). */
export function deleteQuestion(kind: "category" | "subcategory", name: string, subcategoryCount = 0): string {
  if (kind === "subcategory")
    return `Are you sure you want to delete the subcategory "${name}"? Sellers keep their categories.`;
  const subs =
    subcategoryCount === 1
      ? "its 1 subcategory"
      : subcategoryCount
        ? `all ${subcategoryCount} of its subcategories`
        : "all its subcategories";
  return `Are you sure you want to delete the category "${name}"? This will also delete ${subs}. Sellers keep their other categories; a seller left with no category stays listed in the directory.`;
}

/** The staff second factor: the sign-in's second step and the Account security page. */
export const SECOND_FACTOR_MESSAGES = {
  codeRequired: "Enter the 6-digit code from your authenticator app, or one of your recovery codes",
  codeWrong: "That code did not work. Enter the current code from your authenticator app, or an unused recovery code.",
  apiCodeNeeded:
    'This account signs in with a second step: send the 6-digit code from the authenticator app (or a recovery code) as "code"',
  expired: "Your sign-in took too long. Please enter your email and password again.",
  enrolCodeWrong: "That code did not match. Check the time on your phone and enter the newest code.",
  enabled: "Two-step sign-in is on. Keep your recovery codes somewhere safe.",
  disabled: "The authenticator app was removed from your account.",
  codesReplaced: "New recovery codes made. The old ones no longer work.",
  setUpFirst: "Set up two-step sign-in on Account security before using the back-office.",
  signedOutOthers: "Your other sessions were signed out.",
  signedOutOne: "That session was signed out.",
  sessionGone: "That session has ended already.",
  passkeyAdded: "Passkey added.",
  passkeysNeedDomain: "Passkeys work only when the site is opened through its domain name.",
  passkeyFailed: "The passkey did not work. Try again, or enter a code instead.",
  passkeyRemoved: "Passkey removed.",
  changeCodeRequired:
    "To change your two-step sign-in, enter the current code from your authenticator app or an unused recovery code (or use a passkey).",
  codeOfThisSession:
    "A recovery code made in this session cannot confirm a change. Enter the current code from your authenticator app, use a passkey, or a recovery code you had before.",
  passkeyProofFailed: "The passkey did not confirm the change. Try again, or enter a code instead.",
  noPasskey: "This account has no passkey: enter a code instead.",
  appNotOn: "The authenticator app is not on for your account.",
  passkeyGone: "That passkey is not on your account (it may have been removed already).",
} as const;

/** "Forgot password?", the reset link, and the account page (email, password, data, deletion). */
export const ACCOUNT_MESSAGES = {
  languageUnknown: "Please choose your language from the list: English, हिन्दी (Hindi) or ಕನ್ನಡ (Kannada).",
  languageSaved: "Your language has been saved.",
  resetSent:
    "If an account uses this address, we have sent it a link to choose a new password. It works for one hour. Please check your inbox (and the spam folder).",
  resetBadLink: "This password reset link is not valid or has already been used. Please ask for a new one.",
  resetExpired: "This password reset link has expired. Please ask for a new one.",
  resetDone: RESET_DONE_MESSAGE,
  passwordChanged: "Your password has been changed. Your other sessions were signed out.",
  currentWrong: "Your current password is not correct",
  currentRequired: "Please enter your current password",
  mismatch: "Passwords do not match",
  sameEmail: "This is already your email address",
  reservedEmail:
    "This is one of BWP Directory's own addresses, so it cannot be used for a seller account. Please use your own email address.",
  emailTaken: "An account with this email already exists.",
  emailTakenSignIn: "An account with this email already exists. Please sign in instead.",
  signupExpired: "Your sign-up took too long. Please enter your password again.",
  categoriesMissing: "Please select at least one category",
  subcategoriesOutside: "Sub-categories must belong to the chosen categories",
  emailChangeSent:
    "We sent a mail to the new address. If the address can be used, it holds a link: your email changes when you open it (within 24 hours).",
  emailBadLink: "This email change link is not valid or has already been used. Please ask for a new one.",
  emailExpired: "This email change link has expired. Please ask for a new one from your account page.",
  emailChanged: "Your email address has been changed.",
  deleteConfirm: "Please tick the box to confirm that you want to delete your account",
  deletionSent:
    "We sent a link to your email address. Open it and confirm to delete your account (the link works for one hour).",
  deletionBadLink: "This deletion link is not valid or the account no longer exists.",
  deletionExpired: "This deletion link has expired. Please ask for a new one from your account page.",
  deleted: "Your account and all its data have been deleted.",
  noPassword:
    "Your account has no password: you sign in with Google. To set one, use “Forgot password?” on the sign-in page.",
} as const;

/** The synonym groups of /admin/search. */
export const SYNONYM_MESSAGES = {
  empty: "Enter the words of the group, separated by commas (e.g. saree, sari, sarees)",
  tooFew: "A group needs at least two different words: a word and its variant or synonym",
  singleWords: "Each word must be a single word of letters and digits (no spaces, hyphens or punctuation).",
  notFound: "This synonym group was not found. It may have been removed meanwhile.",
  created: "Synonym group added. Searches use it straight away.",
  updated: "Synonym group saved. Searches use it straight away.",
  unchanged: "No changes to save.",
  removed: "Synonym group removed.",
} as const;

/** A word of a new or edited group that another group has already: named with that group's words. */
export function synonymTakenMessage(word: string, groupWords: string[]): string {
  return `“${word}” is already in the group ${groupWords.join(", ")}. A word can be in one group only: remove it there first, or add your words to that group.`;
}
