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
