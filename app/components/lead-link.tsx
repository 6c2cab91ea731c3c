import type { ReactNode } from "react";
import { type LeadLink, leadLinkHref } from "~/lib/leads";

/**
 * A link of a profile out to the seller's own address (website, WhatsApp, social), through the counting
 * redirect `/go/{id}/{target}` (docs/decisions/176-leads-first-party-redirect-not-script.md): a new tab, no
 * referrer, and no endorsement for search engines.
 */
export function LeadLinkOut({
  sellerId,
  target,
  className,
  translate,
  children,
}: {
  sellerId: number;
  target: LeadLink;
  className?: string;
  translate?: "no";
  children: ReactNode;
}) {
  return (
    <a
      className={className}
      href={leadLinkHref(sellerId, target)}
      target="_blank"
      rel="noopener noreferrer nofollow"
      translate={translate}
    >
      {children}
    </a>
  );
}
