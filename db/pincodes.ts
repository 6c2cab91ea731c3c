import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { haversineKm, insideIndia, PINCODE_PATTERN, type Position, positionText, roundPosition } from "~/lib/geo";
import { RefusedChange } from "~/lib/refusal";
import { MAP_POSITION_MESSAGES, PINCODE_MESSAGES } from "~/lib/validation/messages";

// India's PIN codes and the centre of each, read from the `pincode-lat-long` package (ISC; 18,925 PIN
// codes, each with a latitude and longitude: docs/decisions/211-near-me-pin-code-centres-in-memory.md says
// where its data comes from, why it is read here rather than stored in a table, and how to refresh it).
//
// Read once per process, at its first use (the server warms it at start): the package's object literal
// is JSON, parsed in ~10 ms where `require` compiles it as code in ~100 ms and keeps it. What is kept is
// three typed arrays sorted by PIN code, about 230 KB; a look-up is a binary search.

type Table = { pins: Int32Array; lat: Float64Array; lng: Float64Array };
let table: Table | null = null;

function load(): Table {
  const file = createRequire(import.meta.url).resolve("pincode-lat-long/pincode.js");
  const source = readFileSync(file, "utf8");
  const data = JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as Record<
    string,
    { lat: number; long: number }
  >;
  const keys = Object.keys(data)
    .filter((k) => PINCODE_PATTERN.test(k))
    .sort();
  const loaded: Table = {
    pins: new Int32Array(keys.length),
    lat: new Float64Array(keys.length),
    lng: new Float64Array(keys.length),
  };
  keys.forEach((key, i) => {
    const { lat, long } = data[key];
    loaded.pins[i] = Number(key);
    // 161 of its PIN codes carry 0,0 (160, all real PIN codes, most in Jammu and Kashmir) or a point outside
    // India (737101, Gangtok, at 38.5° N 102.2° E): known PIN codes without a centre. A seller may give one,
    // and she is then not placed on the map.
    const placed = Number.isFinite(lat) && Number.isFinite(long) && insideIndia({ lat, lng: long });
    loaded.lat[i] = placed ? lat : Number.NaN;
    loaded.lng[i] = placed ? long : Number.NaN;
  });
  return loaded;
}

function pincodeTable(): Table {
  return (table ??= load());
}

/** Reads the data now (the server's start), so no request waits for it. */
export function loadPincodes(): number {
  return pincodeTable().pins.length;
}

function indexOf(pincode: string): number {
  if (!PINCODE_PATTERN.test(pincode)) return -1;
  const { pins } = pincodeTable();
  const wanted = Number(pincode);
  let low = 0;
  let high = pins.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    if (pins[mid] === wanted) return mid;
    if (pins[mid] < wanted) low = mid + 1;
    else high = mid - 1;
  }
  return -1;
}

/** Whether a PIN code exists (is in the data set). */
export function isKnownPincode(pincode: string): boolean {
  return indexOf(pincode) >= 0;
}

/**
 * The centre of a PIN code as the data set has it: undefined when the PIN code does not exist, null when it
 * exists without a centre.
 */
export function pincodeCentre(pincode: string): Position | null | undefined {
  const i = indexOf(pincode);
  if (i < 0) return undefined;
  const { lat, lng } = pincodeTable();
  return Number.isNaN(lat[i]) ? null : { lat: lat[i], lng: lng[i] };
}

/** The position stored for a seller of this PIN code: its centre, rounded (null: none given, unknown, or no centre). */
export function storedPositionOf(pincode: string | null | undefined): Position | null {
  const centre = pincode ? pincodeCentre(pincode) : null;
  return centre ? { lat: roundPosition(centre.lat), lng: roundPosition(centre.lng) } : null;
}

/** The PIN code in an address text: the last run of six digits (or "560 034") that is a known PIN code. */
export function pincodeInText(text: string | null | undefined): string | null {
  if (!text) return null;
  const found = [...text.matchAll(/(?<![0-9])([1-9][0-9]{2}) ?([0-9]{3})(?![0-9])/g)].map((m) => m[1] + m[2]);
  for (let i = found.length - 1; i >= 0; i--) if (isKnownPincode(found[i])) return found[i];
  return null;
}

/** The sellers columns of a PIN code: the code and her stored position (null when it has no centre). */
export function pincodeColumns(pincode: string | null | undefined): {
  pincode: string | null;
  latitude: number | null;
  longitude: number | null;
} {
  if (!pincode) return { pincode: null, latitude: null, longitude: null };
  const position = storedPositionOf(pincode);
  return { pincode, latitude: position?.lat ?? null, longitude: position?.lng ?? null };
}

/**
 * `pincodeColumns` of a PIN code the forms let through (six digits, lib/validation/fields.ts), after the
 * check only the server can make: that it exists. Refuses an unknown one as a field error of `pincode`.
 */
export function checkedPincodeColumns(pincode: string | null | undefined): ReturnType<typeof pincodeColumns> {
  if (pincode && !isKnownPincode(pincode)) throw new RefusedChange("invalid", { pincode: [PINCODE_MESSAGES.unknown] });
  return pincodeColumns(pincode);
}

/**
 * Her point within her PIN code's area (docs/decisions/219-her-point-within-her-pin-codes-area.md). The data
 * set has each PIN code's centre, not its outline, so the area is taken as the points nearer her centre than
 * any other PIN code's (which is how the centres divide a city between them), widened to PIN_AREA_NEAR_KM
 * around her centre (a border rarely runs that close to one) and never beyond PIN_AREA_MAX_KM.
 */
export const PIN_AREA_NEAR_KM = 3;
export const PIN_AREA_MAX_KM = 25;

/** Whether some other PIN code's centre is nearer `point` than `km` (a linear pass: ~19,000 centres, under a millisecond). */
function nearerCentreThan(point: Position, km: number, own: number): boolean {
  const { pins, lat, lng } = pincodeTable();
  const degrees = km / 111; // a degree of latitude is ~111 km: centres farther north or south are farther away
  for (let i = 0; i < pins.length; i++) {
    if (pins[i] === own || Number.isNaN(lat[i]) || Math.abs(lat[i] - point.lat) > degrees) continue;
    if (haversineKm(point, { lat: lat[i], lng: lng[i] }) < km) return true;
  }
  return false;
}

/** Whether `point` lies in the area of `pincode` as PIN_AREA_NEAR_KM's rule reads it. */
export function isInPincodeArea(pincode: string, point: Position): boolean {
  const centre = pincodeCentre(pincode);
  if (!centre) return false;
  const km = haversineKm(centre, point);
  if (km > PIN_AREA_MAX_KM) return false;
  return km <= PIN_AREA_NEAR_KM || !nearerCentreThan(point, km, Number(pincode));
}

/**
 * `checkedPincodeColumns`, with her own point when she gave one (the seller's profile: `map_position`): it
 * must lie in her PIN code's area, and is stored to three decimals (~110 m) like a centre.
 */
export function checkedPlaceColumns(
  pincode: string | null | undefined,
  point: Position | undefined,
): ReturnType<typeof pincodeColumns> {
  const columns = checkedPincodeColumns(pincode);
  if (!point) return columns;
  if (!pincode) throw new RefusedChange("invalid", { map_position: [MAP_POSITION_MESSAGES.needsPincode] });
  if (!isInPincodeArea(pincode, point))
    throw new RefusedChange("invalid", { map_position: [MAP_POSITION_MESSAGES.outside] });
  return { pincode, latitude: roundPosition(point.lat), longitude: roundPosition(point.lng) };
}

/**
 * Her stored point as the profile form shows it: blank while it is her PIN code's centre (so a new PIN code
 * moves her to its centre), else "12.935, 77.624".
 */
export function mapPositionFormValue(place: {
  pincode: string | null;
  latitude: number | null;
  longitude: number | null;
}): string {
  if (place.latitude === null || place.longitude === null) return "";
  const centre = storedPositionOf(place.pincode);
  if (centre && centre.lat === place.latitude && centre.lng === place.longitude) return "";
  return positionText({ lat: place.latitude, lng: place.longitude });
}
