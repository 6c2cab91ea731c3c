import type { OverlayOptions } from "sharp";
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { MARKETING, SITE_LONG_NAME, SITE_NAME } from "~/lib/constants";
import { avatarHue, escapeXml, formatRating, initials } from "~/lib/format";
import type { NamesByLanguage } from "~/lib/localized";
import { DEFAULT_LOCALE, LOCALE_INFO, type Locale, SCRIPT_LOCALES } from "~/lib/locales";
import { SHARE_IMAGE_HEIGHT as H, SHARE_IMAGE_WIDTH as W } from "~/lib/seo";
import { categoryNames, translatorFor } from "./i18n.server";
import { logger } from "./logger.server";
import { uploadsDir } from "./upload-folders.server";
import { readPublicUpload } from "./uploads.server";
import { loadSharp } from "./sharp.server";

// The 1200×630 share cards (og:image) that link previews (WhatsApp, Facebook, X, LinkedIn) show: drawn
// with sharp from the seller's photo and an SVG overlay of the text (every text XML-escaped). Cards are
// cached on disk under UPLOADS_DIR/cache/share, named by a hash of what they show, so a new photo,
// name, category or rating makes a new file (and a new address), and the old one is removed.
// The card's fixed words and its category are in the page's language when the server's fonts can draw
// that script (fontconfig finds a Devanagari or Kannada font, e.g. Debian's fonts-noto-core), in English
// otherwise: a card of boxes would be worse than an English one (docs/decisions/195-share-card-language-by-server-fonts.md).

/** Bump when the drawing changes, so every cached card is drawn again. */
const CARD_VERSION = 2;
const FONT = "'Noto Sans', 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";

export interface ShareCardSeller {
  id: number;
  display_name: string;
  category_list: string[];
  /** her categories with their names in each language (the public profile's), for the card's category */
  category_refs?: NamesByLanguage[];
  locality: string | null;
  city: string;
  avg_rating: number;
  review_count: number;
  is_verified: boolean;
  profile_photo: string | null;
  logo: string | null;
}

// ── the card's language ──

/** The width of the ink sharp draws for a text in the card's fonts. */
async function inkWidth(text: string): Promise<number> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><rect width="600" height="200" fill="#fff"/><text x="20" y="140" font-family="${FONT}" font-size="96" fill="#000">${text}</text></svg>`;
  const { info } = await (await loadSharp())(Buffer.from(svg)).trim().toBuffer({ resolveWithObject: true });
  return info.width;
}

let scripts: Promise<Record<Locale, boolean>> | undefined;

/**
 * Which languages this server can draw the card in, found once per process by drawing: with a font for
 * the script the conjunct is about one letter wide; without, each of its three code points is a box.
 */
export function shareCardScripts(): Promise<Record<Locale, boolean>> {
  scripts ??= (async () => {
    // English is drawn; a language without a script of its own (the pseudo-language) has the English card.
    const found = { "en-IN": true } as Record<Locale, boolean>;
    // Each script's letter, and a conjunct of it (letter, virama, letter) that a font draws as one shape.
    for (const locale of SCRIPT_LOCALES) {
      const probe = LOCALE_INFO[locale].script;
      try {
        found[locale] = (await inkWidth(probe.conjunct)) < 2 * (await inkWidth(probe.letter));
      } catch {
        found[locale] = false;
      }
    }
    const missing = SCRIPT_LOCALES.filter((l) => !found[l]);
    if (missing.length)
      logger.info({ languages: missing }, "share cards in English for these languages: no font for their script");
    return found;
  })();
  return scripts;
}

/** The language a page of `locale` shows its share card in: its own when the server can draw it, else English. */
export async function shareCardLanguage(locale: Locale): Promise<Locale> {
  return locale === DEFAULT_LOCALE || (await shareCardScripts())[locale] ? locale : DEFAULT_LOCALE;
}

/** The file name's language mark: none for English, `.hi` / `.kn` otherwise. */
function languageMark(language: Locale): string {
  return LOCALE_INFO[language].prefix ? `.${LOCALE_INFO[language].prefix}` : "";
}

/** The language of a card file's mark (`hi` → hi-IN; none → English); undefined for any other. */
export function shareCardLanguageOfMark(mark: string | undefined): Locale | undefined {
  if (!mark) return DEFAULT_LOCALE;
  return SCRIPT_LOCALES.find((l) => LOCALE_INFO[l].prefix === mark);
}

/** What a seller's card shows, and the hash that names it. */
function sellerCardContent(seller: ShareCardSeller, language: Locale = DEFAULT_LOCALE) {
  const t = translatorFor(language);
  const first = seller.category_list[0];
  const content = {
    v: CARD_VERSION,
    language,
    name: seller.display_name,
    category: first ? categoryNames(seller.category_refs ?? [], language)(first) : t("share.card.defaultCategory"),
    place: [seller.locality, seller.city].filter(Boolean).join(", "),
    rating:
      seller.review_count > 0 && seller.avg_rating > 0
        ? { value: formatRating(seller.avg_rating), count: seller.review_count }
        : null,
    verified: seller.is_verified,
    photo: seller.profile_photo ?? seller.logo,
    words: {
      tagline: t("share.card.tagline"),
      verified: t("share.card.verified"),
      new: t("share.card.new", { site: SITE_NAME }),
      reviews: seller.review_count > 0 ? t("share.card.reviews", { count: seller.review_count }) : "",
    },
  };
  return { content, hash: createHash("sha256").update(JSON.stringify(content)).digest("hex").slice(0, 16) };
}

/**
 * The address of a seller's current card in `language` (the hash changes whenever what it shows changes):
 * `/share/seller/<id>/<hash>.jpg` in English, `<hash>.hi.jpg` and `<hash>.kn.jpg` in Hindi and Kannada.
 * Pages ask `shareCardLanguage` first, so a language the server cannot draw gets the English card.
 */
export function sellerShareImagePath(seller: ShareCardSeller, language: Locale = DEFAULT_LOCALE): string {
  return `/share/seller/${seller.id}/${sellerCardContent(seller, language).hash}${languageMark(language)}.jpg`;
}

// ── drawing ──

/** Rough advance widths (in em) of a bold sans-serif, enough to wrap a line before it overflows. */
function textWidth(text: string, size: number): number {
  let em = 0;
  for (const ch of text) {
    if (ch === " ") em += 0.32;
    else if (/[iIl.,'’|!:;]/.test(ch)) em += 0.34;
    else if (/[mwMW@]/.test(ch)) em += 0.98;
    else if (/[A-Z0-9]/.test(ch)) em += 0.74;
    else em += 0.64;
  }
  return em * size;
}

function ellipsize(text: string, maxWidth: number, size: number): string {
  if (textWidth(text, size) <= maxWidth) return text;
  let cut = text;
  while (cut.length > 1 && textWidth(`${cut}…`, size) > maxWidth) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/** Word-wraps a text into at most `maxLines` lines of `maxWidth` pixels, the last one cut with an ellipsis. */
export function wrapText(text: string, maxWidth: number, size: number, maxLines: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = "";
  for (let i = 0; i < words.length; i++) {
    const next = line ? `${line} ${words[i]}` : words[i];
    if (textWidth(next, size) <= maxWidth || !line) {
      line = next;
      continue;
    }
    if (lines.length === maxLines - 1) {
      line = `${line} ${words.slice(i).join(" ")}`;
      break;
    }
    lines.push(line);
    line = words[i];
  }
  if (line) lines.push(line);
  return lines.map((l, i) =>
    i === lines.length - 1 || textWidth(l, size) > maxWidth ? ellipsize(l, maxWidth, size) : l,
  );
}

const BACKGROUND = `<defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#8d1a4a"/><stop offset="0.55" stop-color="#b0265f"/><stop offset="1" stop-color="#6a3fb5"/></linearGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  <circle cx="${W - 40}" cy="-30" r="260" fill="#ffffff" fill-opacity="0.07"/>
  <circle cx="${W - 150}" cy="${H + 60}" r="200" fill="#ffffff" fill-opacity="0.05"/>`;

function brandLine(y: number, tagline: string): string {
  return `<text x="80" y="${y}" font-family="${FONT}" font-size="30" font-weight="700" fill="#ffffff">${escapeXml(SITE_NAME)}</text>
  <text x="${W - 80}" y="${y}" text-anchor="end" font-family="${FONT}" font-size="24" fill="#fbe4ee">${escapeXml(tagline)}</text>`;
}

const PHOTO = { x: 80, y: 130, size: 380, radius: 36 };

/** The text layer of a seller's card: name, category, place, rating, verified mark. */
function sellerOverlay(c: ReturnType<typeof sellerCardContent>["content"], photoMissing: boolean): string {
  const left = PHOTO.x + PHOTO.size + 60;
  const width = W - left - 80;
  const nameSize = 60;
  const nameLines = wrapText(c.name, width, nameSize, 2);
  let y = 200;
  const parts: string[] = [];
  for (const line of nameLines) {
    parts.push(
      `<text x="${left}" y="${y}" font-size="${nameSize}" font-weight="800" fill="#ffffff">${escapeXml(line)}</text>`,
    );
    y += 72;
  }
  y += 4;
  const category = ellipsize(c.category, width - 48, 30);
  const pillWidth = Math.min(width, textWidth(category, 30) + 48);
  parts.push(
    `<rect x="${left}" y="${y - 38}" width="${pillWidth.toFixed(0)}" height="54" rx="27" fill="#ffffff" fill-opacity="0.18"/>`,
  );
  parts.push(
    `<text x="${left + 24}" y="${y - 1}" font-size="30" font-weight="700" fill="#ffffff">${escapeXml(category)}</text>`,
  );
  y += 70;
  if (c.place) {
    parts.push(
      `<path transform="translate(${left} ${y - 30}) scale(1.5)" d="M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z" fill="#fbe4ee"/>`,
    );
    parts.push(
      `<text x="${left + 44}" y="${y}" font-size="32" fill="#fbe4ee">${escapeXml(ellipsize(c.place, width - 44, 32))}</text>`,
    );
    y += 64;
  }
  if (c.rating) {
    const full = Math.round(Number(c.rating.value));
    const stars = `<tspan fill="#ffc857">${"★".repeat(full)}</tspan><tspan fill="#ffffff" fill-opacity="0.35">${"★".repeat(5 - full)}</tspan>`;
    parts.push(
      `<text x="${left}" y="${y}" font-size="36">${stars}<tspan dx="14" font-weight="800" fill="#ffffff">${escapeXml(c.rating.value)}</tspan><tspan dx="10" font-size="28" fill="#fbe4ee">${escapeXml(c.words.reviews)}</tspan></text>`,
    );
  } else {
    parts.push(`<text x="${left}" y="${y}" font-size="30" fill="#fbe4ee">${escapeXml(c.words.new)}</text>`);
  }
  if (c.verified) {
    const badgeY = PHOTO.y + PHOTO.size - 58;
    parts.push(`<rect x="${PHOTO.x + 16}" y="${badgeY}" width="170" height="44" rx="22" fill="#ffffff"/>`);
    parts.push(
      `<text x="${PHOTO.x + 101}" y="${badgeY + 31}" text-anchor="middle" font-size="24" font-weight="800" fill="#1d7a46">${escapeXml(c.words.verified)}</text>`,
    );
  }
  const initialsLayer = photoMissing
    ? `<rect x="${PHOTO.x}" y="${PHOTO.y}" width="${PHOTO.size}" height="${PHOTO.size}" rx="${PHOTO.radius}" fill="hsl(${avatarHue(c.name)},55%,86%)"/>
  <text x="${PHOTO.x + PHOTO.size / 2}" y="${PHOTO.y + PHOTO.size / 2 + 56}" text-anchor="middle" font-family="${FONT}" font-size="160" font-weight="800" fill="hsl(${avatarHue(c.name)},45%,32%)">${escapeXml(initials(c.name))}</text>`
    : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  ${initialsLayer}
  <g font-family="${FONT}">${parts.join("\n  ")}</g>
  ${brandLine(H - 50, c.words.tagline)}
</svg>`;
}

/** The seller's photo cut to a rounded square, or null when it cannot be read. */
async function roundedPhoto(reference: string | null): Promise<Buffer | null> {
  const bytes = await readPublicUpload(reference);
  if (!bytes) return null;
  try {
    const mask = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO.size}" height="${PHOTO.size}"><rect width="${PHOTO.size}" height="${PHOTO.size}" rx="${PHOTO.radius}" fill="#fff"/></svg>`,
    );
    return await (
      await loadSharp()
    )(bytes, { limitInputPixels: 40_000_000 })
      .resize(PHOTO.size, PHOTO.size, { fit: "cover" })
      .composite([{ input: mask, blend: "dest-in" }])
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}

export async function renderSellerCard(seller: ShareCardSeller, language: Locale = DEFAULT_LOCALE): Promise<Buffer> {
  const { content } = sellerCardContent(seller, language);
  const photo = await roundedPhoto(content.photo);
  const layers: OverlayOptions[] = [];
  if (photo) {
    // A soft frame behind the photo.
    layers.push({
      input: Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO.size + 16}" height="${PHOTO.size + 16}"><rect width="${PHOTO.size + 16}" height="${PHOTO.size + 16}" rx="${PHOTO.radius + 8}" fill="#ffffff" fill-opacity="0.25"/></svg>`,
      ),
      left: PHOTO.x - 8,
      top: PHOTO.y - 8,
    });
    layers.push({ input: photo, left: PHOTO.x, top: PHOTO.y });
  }
  layers.push({ input: Buffer.from(sellerOverlay(content, !photo)), left: 0, top: 0 });
  return (await loadSharp())(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${BACKGROUND}</svg>`),
  )
    .composite(layers)
    .jpeg({ quality: 84, mozjpeg: true })
    .toBuffer();
}

function siteCard(language: Locale) {
  const t = translatorFor(language);
  const card = {
    v: CARD_VERSION,
    language,
    title: t("share.card.siteTitle"),
    stats: t("share.card.siteStats", {
      sellers: MARKETING.verifiedSellers,
      members: t("marketing.figure.members", { lakh: MARKETING.membersLakh }),
    }),
    tagline: t("share.card.tagline"),
  };
  return { card, hash: createHash("sha256").update(JSON.stringify(card)).digest("hex").slice(0, 16) };
}

/** The address of the site's own card in `language` (`/share/site.jpg`, `/share/site.hi.jpg`, `/share/site.kn.jpg`). */
export function siteShareImagePath(language: Locale = DEFAULT_LOCALE): string {
  return `/share/site${languageMark(language)}.jpg`;
}

export async function renderSiteCard(language: Locale = DEFAULT_LOCALE): Promise<Buffer> {
  const { card: SITE_CARD } = siteCard(language);
  const lines = wrapText(SITE_CARD.title, W - 160, 76, 2);
  const title = lines
    .map(
      (l, i) =>
        `<text x="80" y="${250 + i * 92}" font-size="76" font-weight="800" fill="#ffffff">${escapeXml(l)}</text>`,
    )
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${BACKGROUND}
  <g font-family="${FONT}">
    <text x="80" y="130" font-size="34" font-weight="700" fill="#fbe4ee">${escapeXml(SITE_LONG_NAME)}</text>
    ${title}
    <text x="80" y="${270 + lines.length * 92}" font-size="34" fill="#fbe4ee">${escapeXml(SITE_CARD.stats)}</text>
  </g>
  ${brandLine(H - 50, SITE_CARD.tagline)}
</svg>`;
  return (await loadSharp())(Buffer.from(svg)).jpeg({ quality: 84, mozjpeg: true }).toBuffer();
}

// ── the disk cache ──

function cacheDir(): string {
  return join(uploadsDir(), "cache", "share");
}

const drawing = new Map<string, Promise<Buffer>>();

/** The cached file `<prefix>-<hash>.jpg`, drawn (once, even for parallel requests) when missing; older files of the same prefix are removed. */
async function cached(prefix: string, hash: string, draw: () => Promise<Buffer>): Promise<Buffer> {
  const dir = cacheDir();
  const name = `${prefix}-${hash}.jpg`;
  const file = join(dir, name);
  try {
    return await readFile(file);
  } catch {
    // not drawn yet
  }
  const pending = drawing.get(name);
  if (pending) return pending;
  const job = (async () => {
    const bytes = await draw();
    await mkdir(dir, { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, bytes);
    await rename(partial, file);
    const stale = (await readdir(dir)).filter((f) => f.startsWith(`${prefix}-`) && f.endsWith(".jpg") && f !== name);
    await Promise.all(stale.map((f) => rm(join(dir, f), { force: true })));
    return bytes;
  })().finally(() => drawing.delete(name));
  drawing.set(name, job);
  return job;
}

/**
 * A seller's card for the hash and language in its address: the bytes, or the current address when the
 * hash is not the current one or the server cannot draw that language (then the English card's).
 */
export async function sellerShareCard(
  seller: ShareCardSeller,
  hash: string,
  requested: Locale = DEFAULT_LOCALE,
): Promise<{ bytes: Buffer } | { moved: string }> {
  const language = await shareCardLanguage(requested);
  const current = sellerCardContent(seller, language).hash;
  if (hash !== current || language !== requested) return { moved: sellerShareImagePath(seller, language) };
  const prefix = `seller-${seller.id}-${LOCALE_INFO[language].prefix || "en"}`;
  return { bytes: await cached(prefix, current, () => renderSellerCard(seller, language)) };
}

/** The site's card in a language: the bytes, or the English card's address when the server cannot draw it. */
export async function siteShareCard(
  requested: Locale = DEFAULT_LOCALE,
): Promise<{ bytes: Buffer } | { moved: string }> {
  const language = await shareCardLanguage(requested);
  if (language !== requested) return { moved: siteShareImagePath(language) };
  const { hash } = siteCard(language);
  return { bytes: await cached(`site-${LOCALE_INFO[language].prefix || "en"}`, hash, () => renderSiteCard(language)) };
}

/** Removes a seller's cached share cards (her account was deleted: the card must not outlive it on disk). */
export async function forgetSellerShareCards(sellerId: number): Promise<void> {
  const dir = cacheDir();
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  const prefix = `seller-${sellerId}-`;
  await Promise.all(names.filter((f) => f.startsWith(prefix)).map((f) => rm(join(dir, f), { force: true })));
}
