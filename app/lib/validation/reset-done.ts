// The sign-in page's notice after a password reset: its own module, so the sign-in page does not download
// every form message (`messages.ts`) for this one line.
export const RESET_DONE_MESSAGE =
  "Your password has been changed and every session of your account was signed out. Please sign in.";
