import { describe, expect, it } from "vitest";
import { signupStep1Schema } from "~/lib/auth-schemas";

const messages = (input: Record<string, unknown>) => {
  const result = signupStep1Schema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("sign-up step 1 reports every broken rule at once", () => {
  it("a short password with a different confirmation shows both messages", () => {
    expect(messages({ name: "Asha", email: "asha@example.in", mobile: "9876543210", password: "short", confirm_password: "other" })).toEqual({
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
    expect(messages({ name: "Asha", email: "asha@example.in", mobile: "9876543210", password: "long-enough", confirm_password: "long-enough" })).toEqual({});
  });
});

describe("one mobile and email rule for every form", () => {
  it("sign-up, the application and the admin editor accept and refuse the same numbers and addresses", async () => {
    const { applicationFieldsSchema } = await import("~/lib/schemas");
    const { adminSellerSchema } = await import("~/lib/admin-schemas");
    const { signupKeptStep1Schema } = await import("~/lib/auth-schemas");
    const schemas = [signupKeptStep1Schema.shape.mobile, applicationFieldsSchema.shape.mobile, adminSellerSchema.shape.mobile];
    const verdicts = (value: string) => schemas.map((s) => s.safeParse(value).success);
    for (const ok of ["9876543210", "+91 98765 43210", "09876543210", "98765-43210"]) expect(verdicts(ok), ok).toEqual([true, true, true]);
    for (const bad of ["12", "+91abc9876543", "1234567890123456", ""]) expect(verdicts(bad), bad).toEqual([false, false, false]);
    const emails = [signupKeptStep1Schema.shape.email, applicationFieldsSchema.shape.email, adminSellerSchema.shape.email];
    for (const [value, ok] of [["Asha@Example.in", true], ["asha@example", false], ["asha example@x.in", false]] as const) {
      expect(emails.map((s) => s.safeParse(value).success), value).toEqual([ok, ok, ok]);
    }
  });
});
