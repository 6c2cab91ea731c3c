// Places and distances, isomorphic: what a PIN code looks like, how precise a stored position is, and the
// great-circle distance (docs/decisions/211-near-me-pin-code-centres-in-memory.md). The PIN codes that exist
// and their centres are the server's (db/pincodes.ts).

export type Position = { lat: number; lng: number };

/** A PIN code: six digits, the first 1–9. */
export const PINCODE_PATTERN = /^[1-9][0-9]{5}$/;

/** Stored positions keep three decimals (~110 m): nothing more precise than a PIN code's centre is kept. */
export const POSITION_DECIMALS = 3;

export function roundPosition(value: number, decimals = POSITION_DECIMALS): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/**
 * What the public is shown of a seller's place (the JSON-LD's `geo`, the Directions link, the profile's map): her
 * PIN code's area to two decimals, about a kilometre, never nearer her door.
 */
export function publicArea({ lat, lng }: Position): Position {
  return { lat: roundPosition(lat, 2), lng: roundPosition(lng, 2) };
}

/** Whether a position lies in India's box (the PIN codes' data carries a few centres outside it, db/pincodes.ts). */
export function insideIndia({ lat, lng }: Position): boolean {
  return lat >= 6 && lat <= 37.5 && lng >= 68 && lng <= 97.5;
}

const POSITION_PATTERNS = {
  comma: /^\s*(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/,
  "comma or space": /^\s*(-?\d{1,2}(?:\.\d+)?)\s*(?:,\s*|\s+)(-?\d{1,3}(?:\.\d+)?)\s*$/,
} as const;

/**
 * A position written as `<lat>,<lng>` in degrees (latitude first), within the Earth's range; null otherwise.
 * `comma or space`: also with spaces alone between the two, as some maps apps share a place.
 */
export function parsePosition(text: string, between: keyof typeof POSITION_PATTERNS = "comma"): Position | null {
  const match = POSITION_PATTERNS[between].exec(text);
  if (!match) return null;
  const position = { lat: Number(match[1]), lng: Number(match[2]) };
  return Math.abs(position.lat) > 90 || Math.abs(position.lng) > 180 ? null : position;
}

/**
 * A point as a maps app shares it, "12.9352, 77.6245" (a comma, spaces or both between), when it lies in
 * India; null otherwise.
 */
export function positionOfText(text: string): Position | null {
  const position = parsePosition(text, "comma or space");
  return position && insideIndia(position) ? position : null;
}

/** A stored point under the seller's form field (`map_position`): three decimals, as stored. */
export function positionText({ lat, lng }: Position): string {
  return `${lat.toFixed(POSITION_DECIMALS)}, ${lng.toFixed(POSITION_DECIMALS)}`;
}

/** The Earth's mean radius (IUGG), the one the SQL and the tests use too. */
export const EARTH_RADIUS_KM = 6371.0088;

/** Kilometres on the great circle between two points (the haversine formula). */
export function haversineKm(a: Position, b: Position): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A distance as the public sees it: kilometres with one decimal. */
export function roundedKm(km: number): number {
  return Math.round(km * 10) / 10;
}

/** The distance filters the directory offers (km). */
export const WITHIN_KM_CHOICES = [2, 5, 10, 25] as const;

/**
 * How far a seller serves (docs/decisions/215-service-area-covers-her-first-among-equal-distances.md): at
 * her place only (the customer comes to her), within a number of km of her place, or the whole city.
 */
export const SERVES_VALUES = ["place", "within", "city"] as const;
export type Serves = (typeof SERVES_VALUES)[number];
export const SERVES_KM_MIN = 1;
export const SERVES_KM_MAX = 50;
/** "The whole city" reaches this far from her place: the largest of the directory's distance filters. */
export const CITY_REACH_KM = 25;

/** Whether a seller's service area covers a visitor `km` away from her (the SQL of the near-me order says the same). */
export function serviceAreaCovers(serves: string | null, servesKm: number | null, km: number): boolean {
  if (serves === "city") return km <= CITY_REACH_KM;
  if (serves === "within") return servesKm !== null && km <= servesKm;
  return false;
}
