import { z } from "zod";
import { formatCount } from "../format";
import { PAY_ONLINE } from "../payments";
import { IMAGE_MAX_BYTES, TEXT_LIMITS } from "../constants";
import { normaliseMobile } from "../phone";
import { PINCODE_PATTERN, positionOfText, SERVES_KM_MAX, SERVES_KM_MIN, SERVES_VALUES } from "../geo";
import { BULK_MAX, EMAIL_PATTERN, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./constants";
import { formMessage, type FormMessageKey, isMessageKey } from "../form-messages";
import {
  APPLICATION_MESSAGES,
  MAP_POSITION_MESSAGES,
  MOBILE_INVALID_MESSAGE,
  PINCODE_MESSAGES,
  SERVICE_AREA_MESSAGES,
} from "./messages";

// The field builders, written once: every schema of app/lib/validation/ builds its fields from these.

// zod compiles object parsers with `new Function` unless told not to; the site's CSP forbids eval in the
// browser (a blocked eval is a console error and a Lighthouse best-practices finding), so none is tried.
z.config({ jitless: true });

// A label is a key of the `forms` catalogue (public forms: the message is a key too, lib/form-messages.ts)
// or English text (staff forms: the message is English).
export const tooLong = (label: string, max: number) =>
  isMessageKey(label)
    ? formMessage("forms.text.tooLong", { label: label as FormMessageKey, max })
    : `${label} must be at most ${formatCount(max)} characters`;
const notText = (label: string) =>
  isMessageKey(label) ? formMessage("forms.text.notText", { label: label as FormMessageKey }) : `${label} must be text`;

/** Blank text (or null) is "not given". */
export const blankToUndefined = (v: unknown) =>
  (typeof v === "string" && v.trim() === "") || v === null ? undefined : v;
const toList = (v: unknown) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]);

/** A required text field: trimmed, with the spec's message when blank and a length cap. */
export const requiredText = (message: string, label: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message) // not aborting: a form-wide check (e.g. sign-up's passwords) still reports its own message
    .max(max, tooLong(label, max));

/** An optional text field: blank (or null) becomes undefined. */
export const optionalText = (label: string, max: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: notText(label) })
      .trim()
      .max(max, tooLong(label, max))
      .optional(),
  );

/** An optional text an editor can clear: left out is undefined (kept), blank or null is null (cleared). */
export const clearableText = (label: string, max: number) =>
  z.preprocess(
    (v) =>
      v === undefined
        ? undefined
        : v === null || (typeof v === "string" && !v.trim())
          ? null
          : typeof v === "string"
            ? v.trim()
            : v,
    z
      .string({ error: notText(label) })
      .max(max, tooLong(label, max))
      .nullable()
      .optional(),
  );

/** A query-string text: never refused, trimmed and cut to its length. */
export const queryText = (max: number) =>
  z
    .string()
    .optional()
    .transform((s) => (s ?? "").trim().slice(0, max));

/** An optional web address (http/https only); a bare domain gets https:// in front. */
export const optionalUrl = (label: FormMessageKey) =>
  z
    .string()
    .trim()
    .max(TEXT_LIMITS.url, tooLong(label, TEXT_LIMITS.url))
    .optional()
    .transform((s, ctx) => {
      if (!s) return undefined;
      const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(s) ? s : `https://${s}`;
      try {
        const url = new URL(withScheme);
        if ((url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes("."))
          return url.toString();
      } catch {
        // fall through
      }
      ctx.addIssue({ code: "custom", message: formMessage("forms.url.invalid", { label }) });
      return z.NEVER;
    });

/** How an address is compared, stored, signed and counted everywhere: trimmed and lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The mailbox an address reaches, the key of every count and block by address (the acknowledgement limit,
 * the quote spam marks, the site's own addresses): the one rule (`normaliseEmail`) without a "+tag" (mail
 * to x+y@ lands in x@'s mailbox at most providers) or a trailing dot of the domain. Never stored as the
 * address itself: mail still goes where it was typed.
 */
export function mailboxOf(email: string): string {
  const address = normaliseEmail(email).replace(/\.+$/, "");
  const at = address.lastIndexOf("@");
  if (at < 0) return address;
  return `${address.slice(0, at).split("+")[0]}${address.slice(at)}`;
}

/** The one email rule: trimmed, lower-cased, one @ and a dot in the domain. */
export const emailField = (requiredMessage: string, invalidMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { message: requiredMessage, abort: true })
    .max(TEXT_LIMITS.email, { message: invalidMessage, abort: true })
    .regex(EMAIL_PATTERN, invalidMessage)
    .transform(normaliseEmail);

/**
 * The same rule for an address that may be left out: blank (or null) is none; anything typed must be an address.
 */
export const optionalEmailField = (invalidMessage: string) =>
  z.preprocess(blankToUndefined, emailField(invalidMessage, invalidMessage).optional());

const toMobile = (invalidMessage: string) => (s: string, ctx: z.RefinementCtx) => {
  const normalised = normaliseMobile(s);
  if (normalised) return normalised;
  ctx.addIssue({ code: "custom", message: invalidMessage });
  return z.NEVER;
};

/**
 * The one mobile rule (docs/decisions/014-one-mobile-rule.md, `lib/phone.ts`): a valid mobile number, stored as E.164.
 */
export const mobileField = (requiredMessage: string, invalidMessage: string = MOBILE_INVALID_MESSAGE) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { message: requiredMessage, abort: true })
    .max(TEXT_LIMITS.mobile * 2, { message: invalidMessage, abort: true })
    .transform(toMobile(invalidMessage));

/** The same rule for a mobile number that may be left out. */
export const optionalMobileField = (invalidMessage: string = MOBILE_INVALID_MESSAGE) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(TEXT_LIMITS.mobile * 2, invalidMessage)
      .transform(toMobile(invalidMessage))
      .optional(),
  );

/** A PIN code as typed: spaces inside ("560 034") dropped. */
const pincodeDigits = (v: unknown) => (typeof v === "string" ? v.replace(/\s+/g, "") : v);

/**
 * The one PIN code rule: six digits, the first 1–9 (`lib/geo.ts`). Whether it exists is the server's
 * check where the seller is stored (`pincodeColumnsOf`, db/pincodes.ts): the browser has no list of them.
 */
export const pincodeField = (
  requiredMessage: string = PINCODE_MESSAGES.required,
  invalidMessage: string = PINCODE_MESSAGES.invalid,
) =>
  z.preprocess(
    pincodeDigits,
    z
      .string({ error: requiredMessage })
      .min(1, { message: requiredMessage, abort: true })
      .regex(PINCODE_PATTERN, invalidMessage),
  );

/** The same rule for a PIN code that may be left out (staff's editor: listings made before it was asked). */
export const optionalPincodeField = (invalidMessage: string = PINCODE_MESSAGES.invalid) =>
  z.preprocess(
    (v) => blankToUndefined(pincodeDigits(v)),
    z.string({ error: invalidMessage }).regex(PINCODE_PATTERN, invalidMessage).optional(),
  );

/**
 * Her own point on the map, as a maps app shares it ("12.9352, 77.6245", in India); blank is "the centre of
 * my PIN code". Whether it lies in her PIN code's area is the server's check (`checkedPlaceColumns`,
 * db/pincodes.ts), which knows the centres.
 */
export const mapPositionField = (invalidMessage: string = MAP_POSITION_MESSAGES.invalid) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .max(60, invalidMessage)
      .transform((text, ctx) => {
        const position = positionOfText(text);
        if (position) return position;
        ctx.addIssue({ code: "custom", message: invalidMessage });
        return z.NEVER;
      })
      .optional(),
  );

/**
 * How far she serves (docs/decisions/215-service-area-covers-her-first-among-equal-distances.md): `serves`
 * (place, within, city; blank is "not said") and `serves_km` (whole km, 1–50), which "within" needs
 * (`checkServiceArea`, given to each schema's refinement: a field's rule cannot see the other field).
 */
export const serviceAreaShape = {
  serves: z.preprocess(blankToUndefined, z.enum(SERVES_VALUES, { error: SERVICE_AREA_MESSAGES.serves }).optional()),
  serves_km: z.preprocess(
    (v) => (typeof v === "string" ? blankToUndefined(v.trim()) : blankToUndefined(v)),
    z.coerce
      .number({ error: SERVICE_AREA_MESSAGES.kmRange })
      .int(SERVICE_AREA_MESSAGES.kmRange)
      .min(SERVES_KM_MIN, SERVICE_AREA_MESSAGES.kmRange)
      .max(SERVES_KM_MAX, SERVICE_AREA_MESSAGES.kmRange)
      .optional(),
  ),
};

/** "Within" needs its km; the km alone (another choice) is ignored when stored. */
export function checkServiceArea(values: object, ctx: z.RefinementCtx) {
  const v = values as { serves?: unknown; serves_km?: unknown };
  if (v.serves === "within" && v.serves_km === undefined)
    ctx.addIssue({ code: "custom", message: SERVICE_AREA_MESSAGES.kmRequired, path: ["serves_km"] });
}

/** A new password (sign-up, reset, change). */
export const newPasswordField = z
  .string({ error: formMessage("forms.password.required") })
  .min(1, formMessage("forms.password.required"))
  .min(PASSWORD_MIN_LENGTH, formMessage("forms.password.tooShort", { min: PASSWORD_MIN_LENGTH }))
  .max(PASSWORD_MAX_LENGTH, formMessage("forms.password.tooLong", { max: PASSWORD_MAX_LENGTH }));

/** A checkbox from a form ("on") or a boolean from JSON. */
export const checkbox = z.preprocess(
  (v) => v === true || v === "on" || v === "true" || v === "1" || v === 1,
  z.boolean(),
);

/** A row's id from a form (text) or JSON (a number); anything else answers `message` (e.g. "Seller not found"). */
export const positiveId = (message: string) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v),
    z.number({ error: message }).int(message).positive(message),
  );

/** Ids from repeated form fields or a JSON list, each once. */
export const idList = (
  message: string,
  options: { min?: number; minMessage?: string; max?: number; maxMessage?: string } = {},
) => {
  const { min = 0, minMessage = message, max = 20, maxMessage = message } = options;
  return z
    .preprocess(toList, z.array(positiveId(message), { error: message }).min(min, minMessage).max(max, maxMessage))
    .transform((ids) => [...new Set(ids)]);
};

/** The ticked rows of a bulk action: at least one, at most BULK_MAX ("reviews", "sellers"). */
export const bulkIds = (selectMessage: string, rows: string) =>
  idList(selectMessage, { min: 1, max: BULK_MAX, maxMessage: `Select at most ${BULK_MAX} ${rows} at once` });

/** One of a list's values, or "" for "all" (a list filter). */
export const oneOf = <T extends readonly string[]>(name: string, values: T) =>
  z.enum(["", ...values] as unknown as ["", ...T], { error: `${name} must be one of ${values.join(", ")}` });

/** A YYYY-MM-DD date that may be left blank. */
export const optionalIsoDate = (message: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, message)
      .refine((d) => !Number.isNaN(Date.parse(d)), message)
      .optional(),
  );

/** A chosen file of a form (browsers send an empty, nameless part for an empty file input). */
export function isChosenFile(v: unknown): v is File {
  return typeof File !== "undefined" && v instanceof File && !(v.size === 0 && v.name === "");
}

/** An image chosen in a form: type and size checked here; the server then checks its content with sharp. */
export const imageFile = (requiredMessage: string) =>
  z
    .custom<File>((v) => isChosenFile(v), { error: requiredMessage })
    .refine(
      (f) => f.size > 0 && (f.type === "" || f.type.startsWith("image/")) && f.type !== "image/svg+xml",
      APPLICATION_MESSAGES.notImage,
    )
    .refine((f) => f.size <= IMAGE_MAX_BYTES, APPLICATION_MESSAGES.tooBig);

export { PAY_ONLINE } from "../payments";

/**
 * The payment screenshot: an image as `imageFile`, unless the form also carries PAY_ONLINE (a hidden field of
 * the same name, on the page only while online payments are on; the server drops it otherwise). The chosen
 * file wins; the value is then undefined when she pays online.
 */
export const paymentScreenshotFile = (requiredMessage: string) =>
  z.preprocess(
    (v) => {
      const list = Array.isArray(v) ? v : [v];
      if (!list.includes(PAY_ONLINE)) return v;
      return list.find(isChosenFile) ?? PAY_ONLINE;
    },
    z
      .custom<File | typeof PAY_ONLINE>((v) => v === PAY_ONLINE || isChosenFile(v), { error: requiredMessage })
      .refine(
        (f) =>
          f === PAY_ONLINE ||
          (f.size > 0 && (f.type === "" || f.type.startsWith("image/")) && f.type !== "image/svg+xml"),
        APPLICATION_MESSAGES.notImage,
      )
      .refine((f) => f === PAY_ONLINE || f.size <= IMAGE_MAX_BYTES, APPLICATION_MESSAGES.tooBig)
      .transform((f) => (f === PAY_ONLINE ? undefined : f)),
  );

/** A file field that may be left empty (the admin editor replaces an image only when one is chosen). */
export const optionalImageFile = z
  .unknown()
  .transform((v) => (isChosenFile(v) ? v : undefined))
  .pipe(imageFile(APPLICATION_MESSAGES.notImage).optional());
