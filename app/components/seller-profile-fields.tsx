import { CITIES, PRICE_RANGES } from "~/lib/constants";
import { TEXT_LIMITS } from "~/lib/constants";
import { ChoiceOptions, Field, RequiredMark, SelectField, TextareaField } from "./forms";

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
  { key: "website_link", label: "Website", placeholder: "https://" },
  { key: "whatsapp_link", label: "WhatsApp link", placeholder: "https://wa.me/91…" },
  { key: "instagram_link", label: "Instagram", placeholder: "https://instagram.com/…" },
  { key: "facebook_link", label: "Facebook", placeholder: "https://facebook.com/…" },
  { key: "youtube_link", label: "YouTube", placeholder: "https://youtube.com/…" },
] as const satisfies readonly { key: SellerProfileKey; label: string; placeholder: string }[];

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
  /** The application requires a business name and address; staff may save a record without them. */
  requireBusiness?: boolean;
};

function text(v: unknown): string | undefined {
  return typeof v === "string" ? v : undefined;
}

function inputProps(f: ProfileFieldLike, extra: React.InputHTMLAttributes<HTMLInputElement> = {}) {
  return { id: f.id, name: f.name, defaultValue: text(f.initialValue), ...extra };
}

/** The owner's name, mobile and email (the application's 'Personal Information'). */
export function SellerContactFields({
  fields,
  legend = "Personal Information",
}: {
  fields: Record<"name" | "mobile" | "email", ProfileFieldLike>;
  legend?: string;
}) {
  return (
    <fieldset className="form-section">
      <legend className="form-legend">{legend}</legend>
      <div className="form-grid">
        <Field
          className="span-2"
          label={<>Full name {RequiredMark}</>}
          errors={fields.name.errors}
          inputProps={inputProps(fields.name, {
            type: "text",
            required: true,
            maxLength: TEXT_LIMITS.name,
            autoComplete: "name",
          })}
        />
        <Field
          label={<>Mobile number {RequiredMark}</>}
          errors={fields.mobile.errors}
          hint="10 to 15 digits, optionally starting with +"
          inputProps={inputProps(fields.mobile, {
            type: "tel",
            required: true,
            autoComplete: "tel",
            placeholder: "+91 98765 43210",
          })}
        />
        <Field
          label={<>Email {RequiredMark}</>}
          errors={fields.email.errors}
          inputProps={inputProps(fields.email, {
            type: "email",
            required: true,
            maxLength: TEXT_LIMITS.email,
            autoComplete: "email",
          })}
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
  const f = fields;
  const req = requireBusiness ? <> {RequiredMark}</> : null;
  return (
    <>
      {part !== "online" ? (
        <fieldset className="form-section">
          <legend className={legendClassName}>Business Information</legend>
          <div className="form-grid">
            <Field
              className="span-2"
              label={<>Business name{req}</>}
              errors={f.business_name.errors}
              inputProps={inputProps(f.business_name, {
                required: requireBusiness,
                maxLength: TEXT_LIMITS.business_name,
                autoComplete: "organization",
              })}
            />
            <Field
              className="span-2"
              label="Tagline"
              hint="One line customers remember, e.g. 'Handwoven sarees from Karnataka looms'."
              errors={f.tagline.errors}
              inputProps={inputProps(f.tagline, { maxLength: TEXT_LIMITS.tagline })}
            />
            <TextareaField
              className="span-2"
              label="About your business"
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
              label="Price range"
              errors={f.price_range.errors}
              selectProps={{
                id: f.price_range.id,
                name: f.price_range.name,
                defaultValue: text(f.price_range.initialValue) ?? "",
              }}
            >
              <ChoiceOptions choices={PRICE_RANGES} placeholder="Choose a range (optional)" />
            </SelectField>
            <SelectField
              label={<>City {RequiredMark}</>}
              errors={f.city.errors}
              selectProps={{
                id: f.city.id,
                name: f.city.name,
                defaultValue: text(f.city.initialValue) ?? "",
                required: true,
              }}
            >
              <ChoiceOptions choices={CITIES} placeholder="Select your city" />
            </SelectField>
            <Field
              label="Area / locality"
              errors={f.area.errors}
              inputProps={inputProps(f.area, { maxLength: TEXT_LIMITS.area, autoComplete: "address-level3" })}
            />
            <Field
              label={<>Address{req}</>}
              errors={f.address.errors}
              inputProps={inputProps(f.address, {
                required: requireBusiness,
                maxLength: TEXT_LIMITS.address,
                autoComplete: "street-address",
              })}
            />
          </div>
        </fieldset>
      ) : null}
      {part !== "business" ? (
        <fieldset className="form-section">
          <legend className={legendClassName}>Online Presence</legend>
          <p className="field-hint">All optional. Paste the full link of each page.</p>
          <div className="form-grid">
            {ONLINE_LINKS.map(({ key, label, placeholder }) => (
              <Field
                key={key}
                label={label}
                errors={f[key].errors}
                inputProps={inputProps(f[key], {
                  type: "text",
                  inputMode: "url",
                  placeholder,
                  maxLength: TEXT_LIMITS.url,
                })}
              />
            ))}
          </div>
        </fieldset>
      ) : null}
    </>
  );
}
