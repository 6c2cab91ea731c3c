import QRCode from "qrcode";
import { SITE_NAME } from "~/lib/constants";
import { formatDate } from "~/lib/dates";
import { escapeXml } from "~/lib/format";
import { readPublicUpload } from "./uploads.server";
import { loadSharp } from "./sharp.server";

// The seller's printable identity card: a pure SVG renderer (every text XML-escaped, the photo and
// the QR code of the public profile embedded), and the loading of the photo it embeds.

export type IdentityCardSeller = {
  id: number;
  owner_name: string;
  business_name: string | null;
  city: string;
  locality: string | null;
  category_names: string;
  mobile: string;
  subscription_start_date: string | null;
  subscription_end_date: string | null;
};

export { escapeXml };

/** The file-safe name of a downloaded card: BWP_Identity_Card_{name}_{id}.svg */
export function identityCardFileName(seller: Pick<IdentityCardSeller, "id" | "owner_name" | "business_name">): string {
  const name =
    (seller.business_name || seller.owner_name)
      .normalize("NFKD")
      .replace(/[^\w-]+/g, "_")
      .replace(/^_+|_+$/g, "")
      .slice(0, 60) || "Seller";
  return `BWP_Identity_Card_${name}_${seller.id}.svg`;
}

/** The QR code of a text as one SVG path of its dark modules (the encoding is the qrcode library's). */
function qrPath(text: string, x: number, y: number, size: number): string {
  const qr = QRCode.create(text, { errorCorrectionLevel: "M" });
  const n = qr.modules.size;
  const cell = size / (n + 8); // a quiet zone of four modules on each side
  let d = "";
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      if (qr.modules.get(row, col))
        d += `M${(x + (col + 4) * cell).toFixed(2)} ${(y + (row + 4) * cell).toFixed(2)}h${cell.toFixed(2)}v${cell.toFixed(2)}h-${cell.toFixed(2)}z`;
    }
  }
  return `<rect x="${x}" y="${y}" width="${size}" height="${size}" rx="8" fill="#ffffff"/><path d="${d}" fill="#22181d"/>`;
}

/** Cuts a text to fit a line on the card. */
function fit(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The card as an SVG document that prints at the ID-1 card size (85.6 × 54 mm; 10 user units per mm). */
export function renderIdentityCard(
  seller: IdentityCardSeller,
  options: { profileUrl: string; photoDataUri: string | null },
): string {
  const name = seller.business_name || seller.owner_name;
  const place = [seller.locality, seller.city].filter(Boolean).join(", ");
  const category = seller.category_names.split(", ")[0] || "Women-led business";
  const validity = `${seller.subscription_start_date ? formatDate(seller.subscription_start_date) : "—"} to ${seller.subscription_end_date ? formatDate(seller.subscription_end_date) : "—"}`;
  const t = (text: string) => escapeXml(text);
  const photo = options.photoDataUri
    ? `<clipPath id="photo-clip"><rect x="30" y="150" width="150" height="180" rx="14"/></clipPath><image href="${t(options.photoDataUri)}" x="30" y="150" width="150" height="180" preserveAspectRatio="xMidYMid slice" clip-path="url(#photo-clip)"/>`
    : `<rect x="30" y="150" width="150" height="180" rx="14" fill="#fbe4ee"/><text x="105" y="262" text-anchor="middle" font-size="72" font-weight="800" fill="#b0265f">${t(name.slice(0, 1).toUpperCase())}</text>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="85.6mm" height="54mm" viewBox="0 0 856 540" role="img" aria-labelledby="card-title">
  <title id="card-title">${t(`${SITE_NAME} identity card of ${name}`)}</title>
  <defs>
    <linearGradient id="band" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="856" y2="120"><stop offset="0" stop-color="#b0265f"/><stop offset="1" stop-color="#6a3fb5"/></linearGradient>
  </defs>
  <rect width="856" height="540" rx="32" fill="#fdf8f9"/>
  <rect width="856" height="120" rx="32" fill="url(#band)"/>
  <rect y="88" width="856" height="32" fill="url(#band)"/>
  <g font-family="system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', Arial, sans-serif">
    <text x="30" y="62" font-size="34" font-weight="800" fill="#ffffff">${t(SITE_NAME)}</text>
    <text x="30" y="96" font-size="20" fill="#fbe4ee">Verified Women-Led Business · Identity Card</text>
    ${photo}
    <text x="210" y="180" font-size="34" font-weight="800" fill="#22181d">${t(fit(name, 26))}</text>
    <text x="210" y="214" font-size="22" fill="#66545c">${t(fit(seller.owner_name, 34))}</text>
    <text x="210" y="262" font-size="17" font-weight="700" fill="#8d1a4a" letter-spacing="1">CATEGORY</text>
    <text x="210" y="288" font-size="21" fill="#22181d">${t(fit(category, 30))}</text>
    <text x="210" y="330" font-size="17" font-weight="700" fill="#8d1a4a" letter-spacing="1">LOCATION</text>
    <text x="210" y="356" font-size="21" fill="#22181d">${t(fit(place, 30))}</text>
    <text x="30" y="400" font-size="17" font-weight="700" fill="#8d1a4a" letter-spacing="1">VALID</text>
    <text x="30" y="428" font-size="21" fill="#22181d">${t(validity)}</text>
    <text x="30" y="470" font-size="17" font-weight="700" fill="#8d1a4a" letter-spacing="1">SELLER ID</text>
    <text x="30" y="498" font-size="21" fill="#22181d">BWP-${String(seller.id).padStart(6, "0")} · ${t(seller.mobile)}</text>
    ${qrPath(options.profileUrl, 626, 300, 200)}
    <text x="726" y="290" text-anchor="middle" font-size="15" fill="#66545c">Scan to see the profile</text>
  </g>
  <rect x="1" y="1" width="854" height="538" rx="31" fill="none" stroke="#ead9df" stroke-width="2"/>
</svg>`;
}

/** The seller's profile photo as a small JPEG data URI for the card, or null when there is none to read. */
export async function cardPhotoDataUri(profilePhotoKey: string | null): Promise<string | null> {
  const bytes = await readPublicUpload(profilePhotoKey);
  if (!bytes) return null;
  try {
    const jpeg = await (await loadSharp())(bytes).resize(300, 360, { fit: "cover" }).jpeg({ quality: 80 }).toBuffer();
    return `data:image/jpeg;base64,${jpeg.toString("base64")}`;
  } catch {
    return null;
  }
}
