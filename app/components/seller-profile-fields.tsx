import { CITIES, PRICE_RANGES } from "~/lib/constants";
import { TEXT_LIMITS } from "~/lib/constants";
import type { MessageKey, Translate } from "~/lib/i18n";
import { COLUMN_LANGUAGES, type ColumnLanguage, nativeNameOf } from "~/lib/locales";
import { ChoiceOptions, Field, RequiredMark, SelectField, TextareaField, type FieldBase } from "./forms";
import { useT } from "./i18n";
import { SPECIAL_DAY_ROWS, WEEKDAYS, type Weekday } from "~/lib/opening-hours";
import { SERVES_KM_MAX, SERVES_KM_MIN, SERVES_VALUES, type Position } from "~/lib/geo";
import type { MapTilesSource } from "~/lib/map-tiles";
import { MapPicker } from "./map-picker";
import { UseMyLocation } from "./use-my-location";

// The seller's business profile and online presence, as one reusable field group: the listing
// application (/register), the seller's own profile edit and the admin's seller edit all render it.
// Field names and rules come from `sellerProfileSchema` in app/lib/validation/application.ts.

export const SELLER_PROFILE_KEYS = [
  "business_name",
  "tagline",
  "business_description",
  "price_range",
  "city",
  "area",
  "pincode",
  "serves",
  "serves_km",
  "address",
  "whatsapp_link",
  "facebook_link",
  "instagram_link",
  "youtube_link",
  "website_link",
] as const;
export type SellerProfileKey = (typeof SELLER_PROFILE_KEYS)[number];

/** The online presence fields, in the order the form shows them. */
const ONLINE_LINKS = [
  { key: "website_link", label: "forms.fields.website", placeholder: "https://" },
  { key: "whatsapp_link", label: "forms.fields.whatsappLink", placeholder: "https://wa.me/91…" },
  { key: "instagram_link", label: "forms.fields.instagram", placeholder: "https://instagram.com/…" },
  { key: "facebook_link", label: "forms.fields.facebook", placeholder: "https://facebook.com/…" },
  { key: "youtube_link", label: "forms.fields.youtube", placeholder: "https://youtube.com/…" },
] as const satisfies readonly { key: SellerProfileKey; label: MessageKey; placeholder: string }[];

/** What the group needs of each field; conform's `fields.x` metadata fits as is. */
export type ProfileFieldLike = {
  name: string;
  id?: string;
  key?: string | undefined;
  initialValue?: unknown;
  errors?: string[];
};

type Props = {
  fields: Record<SellerProfileKey, ProfileFieldLike>;
  /** Renders only one of the two groups when a page lays them out apart. */
  part?: "business" | "online" | "both";
  /** Heading level of the group titles (fieldset legends are used either way). */
  legendClassName?: string;
  /** The application requires a business name, PIN code and address; staff may save a record without them. */
  requireBusiness?: boolean;
};

function text(v: unknown): string | undefined {
  return typeof v === "string" ? v : undefined;
}

/** One input of the group: its id, name, typed value and errors come from the field's metadata. */
function ProfileInput({
  field,
  input,
  ...frame
}: Omit<FieldBase, "errors"> & { field: ProfileFieldLike; input: React.InputHTMLAttributes<HTMLInputElement> }) {
  return (
    <Field
      {...frame}
      errors={field.errors}
      inputProps={{ id: field.id, name: field.name, defaultValue: text(field.initialValue), ...input }}
    />
  );
}

/** The owner's name, mobile and email (the application's 'Personal Information'). */
export function SellerContactFields({
  fields,
  legend,
}: {
  fields: Record<"name" | "mobile" | "email", ProfileFieldLike>;
  legend?: string;
}) {
  const t = useT();
  return (
    <fieldset className="form-section">
      <legend className="form-legend">{legend ?? t("forms.fields.personal")}</legend>
      <div className="form-grid">
        <ProfileInput
          className="span-2"
          label={
            <>
              {t("forms.fields.fullName")} {RequiredMark}
            </>
          }
          field={fields.name}
          input={{
            type: "text",
            required: true,
            maxLength: TEXT_LIMITS.name,
            autoComplete: "name",
          }}
        />
        <ProfileInput
          label={
            <>
              {t("forms.fields.mobile")} {RequiredMark}
            </>
          }
          hint={t("forms.fields.mobileHint")}
          field={fields.mobile}
          input={{
            type: "tel",
            required: true,
            autoComplete: "tel",
            placeholder: "+91 98765 43210",
          }}
        />
        <ProfileInput
          label={
            <>
              {t("forms.fields.email")} {RequiredMark}
            </>
          }
          field={fields.email}
          input={{
            type: "email",
            required: true,
            maxLength: TEXT_LIMITS.email,
            autoComplete: "email",
          }}
        />
      </div>
    </fieldset>
  );
}

export function SellerProfileFields({
  fields,
  part = "both",
  legendClassName = "form-legend",
  requireBusiness = true,
}: Props) {
  const t = useT();
  const f = fields;
  const req = requireBusiness ? <> {RequiredMark}</> : null;
  return (
    <>
      {part !== "online" ? (
        <fieldset className="form-section">
          <legend className={legendClassName}>{t("forms.fields.business")}</legend>
          <div className="form-grid">
            <ProfileInput
              className="span-2"
              label={
                <>
                  {t("forms.fields.businessName")}
                  {req}
                </>
              }
              field={f.business_name}
              input={{
                required: requireBusiness,
                maxLength: TEXT_LIMITS.business_name,
                autoComplete: "organization",
              }}
            />
            <ProfileInput
              className="span-2"
              label={t("forms.fields.tagline")}
              hint={t("forms.fields.taglineHint")}
              field={f.tagline}
              input={{ maxLength: TEXT_LIMITS.tagline }}
            />
            <TextareaField
              className="span-2"
              label={t("forms.fields.about")}
              errors={f.business_description.errors}
              textareaProps={{
                id: f.business_description.id,
                name: f.business_description.name,
                defaultValue: text(f.business_description.initialValue),
                rows: 4,
                maxLength: TEXT_LIMITS.business_description,
              }}
            />
            <SelectField
              label={t("forms.fields.priceRange")}
              errors={f.price_range.errors}
              selectProps={{
                id: f.price_range.id,
                name: f.price_range.name,
                defaultValue: text(f.price_range.initialValue) ?? "",
              }}
            >
              <ChoiceOptions
                choices={PRICE_RANGES.map(({ value }) => ({ value, label: t(`forms.fields.priceRange.${value}`) }))}
                placeholder={t("forms.fields.priceRangePlaceholder")}
              />
            </SelectField>
            <SelectField
              label={
                <>
                  {t("forms.fields.city")} {RequiredMark}
                </>
              }
              errors={f.city.errors}
              selectProps={{
                id: f.city.id,
                name: f.city.name,
                defaultValue: text(f.city.initialValue) ?? "",
                required: true,
              }}
            >
              <ChoiceOptions choices={CITIES} placeholder={t("forms.fields.cityPlaceholder")} names />
            </SelectField>
            <ProfileInput
              label={t("forms.fields.area")}
              field={f.area}
              input={{ maxLength: TEXT_LIMITS.area, autoComplete: "address-level3" }}
            />
            <ProfileInput
              label={
                <>
                  {t("forms.fields.pincode")}
                  {req}
                </>
              }
              hint={t("forms.fields.pincodeHint")}
              field={f.pincode}
              input={{
                required: requireBusiness,
                inputMode: "numeric",
                maxLength: 7,
                autoComplete: "postal-code",
                // digits, not words to translate
                translate: "no",
              }}
            />
            <SelectField
              label={t("forms.fields.serves")}
              errors={f.serves.errors}
              selectProps={{
                id: f.serves.id,
                name: f.serves.name,
                defaultValue: text(f.serves.initialValue) ?? "",
              }}
            >
              <ChoiceOptions
                choices={SERVES_VALUES.map((value) => ({ value, label: t(`forms.fields.serves.${value}`) }))}
                placeholder={t("forms.fields.servesPlaceholder")}
              />
            </SelectField>
            <ProfileInput
              label={t("forms.fields.servesKm")}
              hint={t("forms.fields.servesKmHint")}
              field={f.serves_km}
              input={{ type: "number", inputMode: "numeric", min: SERVES_KM_MIN, max: SERVES_KM_MAX, step: 1 }}
            />
            <ProfileInput
              label={
                <>
                  {t("forms.fields.address")}
                  {req}
                </>
              }
              field={f.address}
              input={{
                required: requireBusiness,
                maxLength: TEXT_LIMITS.address,
                autoComplete: "street-address",
              }}
            />
          </div>
        </fieldset>
      ) : null}
      {part !== "business" ? (
        <fieldset className="form-section">
          <legend className={legendClassName}>{t("forms.fields.online")}</legend>
          <p className="field-hint">{t("forms.fields.onlineHint")}</p>
          <div className="form-grid">
            {ONLINE_LINKS.map(({ key, label, placeholder }) => (
              <ProfileInput
                key={key}
                label={t(label)}
                field={f[key]}
                input={{
                  type: "text",
                  inputMode: "url",
                  placeholder,
                  // an address's shape, not words to translate
                  translate: "no",
                  maxLength: TEXT_LIMITS.url,
                }}
              />
            ))}
          </div>
        </fieldset>
      ) : null}
    </>
  );
}

/** The seller's own versions of her tagline and description, one pair per column language (`sellerTranslationsSchema`). */
type SellerTranslationKey = `tagline_${ColumnLanguage}` | `business_description_${ColumnLanguage}`;

const TRANSLATED = COLUMN_LANGUAGES.map((lang) => ({
  lang,
  tagline: `tagline_${lang}` as const,
  description: `business_description_${lang}` as const,
}));

/** Names in words in the page's language: "Hindi and Kannada" (`or`: "Hindi or Kannada"). */
function inWords(t: Translate, names: string[], conjunction: "and" | "or"): string {
  if (names.length < 2) return names.join("");
  return t(`forms.fields.list.${conjunction}`, { head: names.slice(0, -1).join(", "), last: names.at(-1)! });
}

export function SellerTranslationFields({
  fields,
  legendClassName = "form-legend",
}: {
  fields: Record<SellerTranslationKey, ProfileFieldLike>;
  legendClassName?: string;
}) {
  const t = useT();
  const nameOf = (lang: ColumnLanguage) => t(`forms.fields.language.${lang}`);
  const names = COLUMN_LANGUAGES.map(nameOf);
  // Her own script's name beside it where the page's language names it otherwise: "Hindi (हिन्दी)".
  const labelled = (lang: ColumnLanguage) =>
    nameOf(lang) === nativeNameOf(lang) ? nameOf(lang) : `${nameOf(lang)} (${nativeNameOf(lang)})`;
  return (
    <fieldset className="form-section">
      <legend className={legendClassName}>
        {t("forms.fields.translations", { languages: inWords(t, names, "and") })}
      </legend>
      <p className="field-hint">{t("forms.fields.translationsHint", { languages: inWords(t, names, "or") })}</p>
      <div className="form-grid">
        {TRANSLATED.map(({ lang, tagline, description }) => (
          <div key={lang} className="span-2 stack">
            <ProfileInput
              label={t("forms.fields.translationTagline", { language: labelled(lang) })}
              field={fields[tagline]}
              input={{ maxLength: TEXT_LIMITS.tagline, lang }}
            />
            <TextareaField
              label={t("forms.fields.translationAbout", { language: labelled(lang) })}
              errors={fields[description].errors}
              textareaProps={{
                id: fields[description].id,
                name: fields[description].name,
                defaultValue: text(fields[description].initialValue),
                rows: 4,
                maxLength: TEXT_LIMITS.business_description,
                lang,
              }}
            />
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/** The opening hours' field names (`openingHoursFormShape`, lib/validation/opening-hours.ts). */
export type HoursFieldKey =
  `hours_${Weekday}` | "by_appointment" | `special_${number}_${"from" | "to" | "label" | "hours"}`;

/**
 * Her own point on the map (her profile only): blank for her PIN code's centre, or a point in its area as a
 * maps app shares it; with JavaScript, "Use my location" fills it in (components/use-my-location.tsx).
 */
export function SellerMapPositionField({
  field,
  map,
}: {
  field: ProfileFieldLike;
  /** her point on a small map of her PIN code's area, when the maps are on */
  map?: { source: MapTilesSource; centre: Position; point: Position } | null;
}) {
  const t = useT();
  const id = field.id ?? field.name;
  return (
    <fieldset className="form-section" id="map-position">
      <legend className="form-legend">{t("forms.fields.mapLegend")}</legend>
      <ProfileInput
        label={t("forms.fields.mapPosition")}
        hint={t("forms.fields.mapPositionHint")}
        field={field}
        input={{
          id,
          inputMode: "decimal",
          maxLength: 60,
          placeholder: "12.935, 77.624",
          // numbers, not words to translate
          translate: "no",
        }}
      />
      <UseMyLocation fieldId={id} purpose="pin" />
      {map ? (
        // A new saved point (the page's data after a save) starts the picker again from it.
        <MapPicker
          key={`${map.point.lat},${map.point.lng}`}
          source={map.source}
          centre={map.centre}
          point={map.point}
          fieldId={id}
        />
      ) : null}
    </fieldset>
  );
}

/**
 * Her opening hours in a plain form: a row per weekday (ranges typed as text, blank is closed), "by
 * appointment", and the special days (dates, what it is, hours). The seller's profile edit and the
 * staff's seller editor render it.
 */
export function SellerHoursFields({
  fields,
  legendClassName = "form-legend",
}: {
  fields: Record<string, ProfileFieldLike>;
  legendClassName?: string;
}) {
  const t = useT();
  const field = (key: HoursFieldKey) => fields[key] ?? { name: key };
  const appointment = field("by_appointment");
  return (
    <>
      <fieldset className="form-section" id="hours">
        <legend className={legendClassName}>{t("forms.hours.legend")}</legend>
        <p className="field-hint" id="hours-hint">
          {t("forms.hours.hint")}
        </p>
        <div className="form-grid">
          {WEEKDAYS.map((day) => (
            <ProfileInput
              key={day}
              label={t(`common.hours.day.${day}`)}
              field={field(`hours_${day}`)}
              input={{
                type: "text",
                maxLength: 200,
                placeholder: "10:00-19:00",
                autoComplete: "off",
                translate: "no",
              }}
            />
          ))}
        </div>
        <div className="field">
          <label className="check-card">
            <input
              type="checkbox"
              id={appointment.id}
              name={appointment.name}
              defaultChecked={appointment.initialValue === "on"}
            />
            {` ${t("forms.hours.byAppointment")}`}
          </label>
        </div>
      </fieldset>
      <fieldset className="form-section">
        <legend className={legendClassName}>{t("forms.hours.specialLegend")}</legend>
        <p className="field-hint">{t("forms.hours.specialHint")}</p>
        {Array.from({ length: SPECIAL_DAY_ROWS }, (_, i) => i + 1).map((n) => (
          <fieldset key={n} className="form-grid special-day">
            <legend className="small">{t("forms.hours.specialRow", { n })}</legend>
            <ProfileInput
              label={t("forms.hours.specialFrom")}
              field={field(`special_${n}_from`)}
              input={{ type: "date" }}
            />
            <ProfileInput
              label={t("forms.hours.specialTo")}
              field={field(`special_${n}_to`)}
              input={{ type: "date" }}
            />
            <ProfileInput
              label={t("forms.hours.specialLabel")}
              field={field(`special_${n}_label`)}
              input={{ type: "text", maxLength: 60 }}
            />
            <ProfileInput
              label={t("forms.hours.specialHours")}
              field={field(`special_${n}_hours`)}
              input={{ type: "text", maxLength: 200, placeholder: "10:00-14:00", autoComplete: "off", translate: "no" }}
            />
          </fieldset>
        ))}
      </fieldset>
    </>
  );
}
