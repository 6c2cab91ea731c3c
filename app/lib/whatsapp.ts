import { displayPhone, e164 } from "./phone-display";

// WhatsApp links: `https://wa.me/<digits>` opens a chat with a number given with its country code.

const INDIA = "91";

/**
 * The digits WhatsApp wants for a number written in a seller's WhatsApp link (which may be a business
 * landline, so it is not held to the mobile rule): a bare 10-digit number is Indian (91 + the number),
 * and so is one written with the trunk 0; with a `+`, or 11 to 15 digits, the country code is already
 * there. Anything else gives null.
 */
export function whatsappDigits(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const compact = phone.trim().replace(/[\s\-().]/g, "");
  const match = /^(\+|00)?(\d{10,15})$/.exec(compact);
  if (!match) return null;
  const [, international, digits] = match;
  if (international) return digits.length >= 11 ? digits : null;
  if (digits.length === 10) return INDIA + digits;
  if (digits.length === 11 && digits.startsWith("0")) return INDIA + digits.slice(1);
  return digits;
}

/** The number in a seller's WhatsApp link (wa.me, api.whatsapp.com/send?phone=, or just a number); null for a group invite or anything else. */
export function whatsappDigitsFromLink(link: string | null | undefined): string | null {
  if (!link) return null;
  const text = link.trim();
  if (!/^[a-z][a-z0-9+.-]*:/i.test(text) && !/^(wa\.me|(www\.|api\.)?whatsapp\.com)\//i.test(text))
    return whatsappDigits(text);
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);
    const host = url.hostname.toLowerCase();
    if (host === "wa.me") return whatsappDigits(`+${url.pathname.replace(/^\/+|\/+$/g, "")}`);
    if (host === "api.whatsapp.com" || host === "whatsapp.com" || host === "www.whatsapp.com") {
      const phone = url.searchParams.get("phone");
      return phone ? whatsappDigits(`+${phone.replace(/^\+/, "")}`) : null;
    }
  } catch {
    // not a link
  }
  return null;
}

/** 'Chat on WhatsApp': the seller's WhatsApp number when their link names one, else her (normalised) mobile. */
export function whatsappChatUrl(seller: { whatsapp_link: string | null; mobile: string | null }): string | null {
  const digits = whatsappDigitsFromLink(seller.whatsapp_link) ?? e164(seller.mobile)?.slice(1) ?? null;
  return digits ? `https://wa.me/${digits}` : null;
}

/** The number of a wa.me chat address, written for reading: "+91 98765 43210". */
export function whatsappNumberLabel(chatUrl: string): string {
  return displayPhone(`+${chatUrl.replace(/^https:\/\/wa\.me\//, "")}`);
}

/** A WhatsApp message with a link in it, for the visitor to send to anyone they choose. */
export function whatsappShareUrl(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}
