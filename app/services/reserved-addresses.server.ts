import { mailboxOf } from "~/lib/validation/fields";
import { mailFrom, teamEmail } from "./mail.server";

// The site's own addresses: the team's (TEAM_EMAIL, which receives every listing application with the
// applicant's details) and the sender's (MAIL_FROM). No seller account may hold one, by sign-up, Google
// or an email change. Staff accounts' addresses are refused too, by the one-account-per-address rule
// (users.email is unique), without saying which kind of account has them.

function addressOf(value: string): string {
  const angle = /<([^<>]+)>\s*$/.exec(value);
  return (angle ? angle[1] : value).trim().toLowerCase();
}

export function siteAddresses(): string[] {
  return [...new Set([teamEmail(), mailFrom()].map(addressOf))];
}

/** Whether an address reaches one of the site's own mailboxes (a "+tag" form too: `mailboxOf`). */
export function isSiteAddress(email: string): boolean {
  const wanted = mailboxOf(addressOf(email));
  return siteAddresses().some((own) => mailboxOf(own) === wanted);
}
