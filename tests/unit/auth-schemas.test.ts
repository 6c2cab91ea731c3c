import { describe, expect, it } from "vitest";
import { englishMessage as english } from "~/services/api.server";
import { signupStep1Schema } from "~/lib/validation/accounts";

const messages = (input: Record<string, unknown>) => {
  const result = signupStep1Schema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), english(i.message)]));
};

describe("sign-up step 1 reports every broken rule at once", () => {
  it("a short password with a different confirmation shows both messages", () => {
    expect(
      messages({
        name: "Asha",
        email: "asha@example.in",
        mobile: "9876543210",
        password: "short",
        confirm_password: "other",
      }),
    ).toEqual({
      password: "Password must be at least 8 characters",
      confirm_password: "Passwords do not match",
    });
  });

  it("with the other fields wrong too", () => {
    expect(messages({ name: "", email: "nope", mobile: "12", password: "", confirm_password: "x" })).toEqual({
      name: "Name is required",
      email: "Email is invalid",
      mobile: "Please enter a valid mobile number",
      password: "Password is required",
      confirm_password: "Passwords do not match",
    });
  });

  it("a good password with its confirmation passes", () => {
    expect(
      messages({
        name: "Asha",
        email: "asha@example.in",
        mobile: "9876543210",
        password: "long-enough",
        confirm_password: "long-enough",
      }),
    ).toEqual({});
  });
});

describe("one mobile and email rule for every form", () => {
  it("sign-up, the application and the admin editor accept and refuse the same numbers and addresses", async () => {
    const { applicationFieldsSchema } = await import("~/lib/validation/application");
    const { adminSellerSchema } = await import("~/lib/validation/sellers-admin");
    const { signupKeptStep1Schema } = await import("~/lib/validation/accounts");
    const schemas = [
      signupKeptStep1Schema.shape.mobile,
      applicationFieldsSchema.shape.mobile,
      adminSellerSchema.shape.mobile,
    ];
    const verdicts = (value: string) => schemas.map((s) => s.safeParse(value).success);
    for (const ok of ["9876543210", "+91 98765 43210", "09876543210", "98765-43210"])
      expect(verdicts(ok), ok).toEqual([true, true, true]);
    for (const bad of ["12", "+91abc9876543", "1234567890123456", "", "0123456789", "5876543210", "1234567890"])
      expect(verdicts(bad), bad).toEqual([false, false, false]);
    // Stored in one form, whichever way it was written.
    for (const written of ["9876543210", "+91 98765 43210", "09876 543210", "919876543210", "98765-43210"]) {
      expect(
        schemas.map((s) => s.safeParse(written).data),
        written,
      ).toEqual(["+919876543210", "+919876543210", "+919876543210"]);
    }
    const emails = [
      signupKeptStep1Schema.shape.email,
      applicationFieldsSchema.shape.email,
      adminSellerSchema.shape.email,
    ];
    for (const [value, ok] of [
      ["Asha@Example.in", true],
      ["asha@example", false],
      ["asha example@x.in", false],
    ] as const) {
      expect(
        emails.map((s) => s.safeParse(value).success),
        value,
      ).toEqual([ok, ok, ok]);
    }
  });
});

describe("the one mobile rule (docs/decisions/014-one-mobile-rule.md, libphonenumber-js)", () => {
  it("accepts Indian mobiles written any usual way and other countries with their + code, as E.164", async () => {
    const { normaliseMobile } = await import("~/lib/phone");
    const { displayPhone, telHref } = await import("~/lib/phone-display");
    expect(normaliseMobile("09876 543210")).toBe("+919876543210");
    expect(normaliseMobile("(+91) 98765.43210")).toBe("+919876543210");
    expect(normaliseMobile("+44 7911 123456")).toBe("+447911123456");
    for (const bad of [
      "0123456789",
      "1234567890",
      "5876543210",
      "98765",
      "+91 12345 67890",
      "not a number",
      null,
      undefined,
    ])
      expect(normaliseMobile(bad), String(bad)).toBeNull();
    expect(displayPhone("+919876543210")).toBe("+91 98765 43210");
    expect(displayPhone("+447911123456")).toBe("+447911123456");
    expect(displayPhone("0123 not a number")).toBe("0123 not a number");
    expect(telHref("+91 98765 43210")).toBe("tel:+919876543210");
  });
  it("the contact form's optional mobile follows it too", async () => {
    const { contactSchema } = await import("~/lib/validation/contact");
    const base = { name: "A", email: "a@b.in", query_type: "General Inquiry", message: "Hello there" };
    expect(contactSchema.parse({ ...base, mobile: "98765 43210" }).mobile).toBe("+919876543210");
    expect(contactSchema.parse({ ...base, mobile: "" }).mobile).toBeUndefined();
    expect(english(contactSchema.safeParse({ ...base, mobile: "0123456789" }).error?.issues[0].message ?? "")).toBe(
      "Please enter a valid mobile number",
    );
  });
});
