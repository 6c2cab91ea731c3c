import { mailFrom, teamEmail } from "./mail.server";

// The site's own addresses: the team's (TEAM_EMAIL, which receives every listing application with the
// applicant's details) and the sender's (MAIL_FROM). No seller account may hold one, by sign-up, Google
// or an email change. Staff accounts' addresses are refused too, by the one-account-per-address rule
// (users.email is unique), without saying which kind of account has them.

function addressOf(value: string): string {
  const angle = /<([^<>]+)>\s*$/.exec(value);
  return (angle ? angle[1] : value).trim().toLowerCase();
}

/** The local part without a "+tag": mail to hello+x@ lands in hello@'s mailbox at most providers. */
function untagged(address: string): string {
  const at = address.lastIndexOf("@");
  if (at < 0) return address;
  return `${address.slice(0, at).split("+")[0]}${address.slice(at)}`;
}

export function siteAddresses(): string[] {
  return [...new Set([teamEmail(), mailFrom()].map(addressOf))];
}

/** Whether an address is (or is a "+tag" form of) one of the site's own. */
export function isSiteAddress(email: string): boolean {
  const wanted = untagged(addressOf(email));
  return siteAddresses().some((own) => untagged(own) === wanted);
}
