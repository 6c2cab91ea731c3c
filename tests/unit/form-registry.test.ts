import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { validators } from "~/lib/client-validation";
import type { PublicForm } from "~/lib/public-form";
import { RATE_LIMIT_DEFAULTS } from "~/services/config.server";

// The public forms are not listed anywhere by hand: each is a module of app/lib/forms/, and the browser's
// validators are gathered from that folder. These checks catch a form whose component asks for
// validation under a name no module has, and a form whose rate-limit scope cannot be set.

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const requested = sourceFiles("app").flatMap((file) =>
  [...readFileSync(file, "utf8").matchAll(/useClientValidation\(\s*"([^"]+)"/g)].map((m) => ({ file, name: m[1]! })),
);

const modules = import.meta.glob<PublicForm>("../../app/lib/forms/*.ts", { eager: true, import: "default" });

describe("public form registry", () => {
  it("finds the public forms' components", () => {
    expect(new Set(requested.map((r) => r.name))).toEqual(
      new Set([
        "application",
        "contact",
        "forgot-password",
        "login",
        "newsletter",
        "quote",
        "review",
        "signup-step1",
        "signup-step2",
      ]),
    );
  });

  it.each(requested)("$file asks for a validator that lib/forms/ has ($name)", ({ name }) => {
    const validate = validators[name];
    expect(validate, `app/lib/forms/${name}.ts is missing`).toBeTypeOf("function");
    // An empty post is refused by every public form's schema, in the browser as on the server.
    expect(validate!(new FormData()).status).toBe("error");
  });

  it.each(Object.entries(modules))("%s declares a schema and a rate-limit scope the settings know", (_, form) => {
    expect(form.schema.safeParse).toBeTypeOf("function");
    expect(Object.keys(RATE_LIMIT_DEFAULTS)).toContain(form.scope);
  });
});
