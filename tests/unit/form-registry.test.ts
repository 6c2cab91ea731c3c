import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { validators } from "~/lib/client-validation";
import type { PublicForm } from "~/lib/public-form";
import { RATE_LIMIT_DEFAULTS } from "~/services/config.server";

// The public forms are not listed anywhere by hand, here neither: each is a module of app/lib/forms/, and the
// browser's validators are gathered from that folder. These checks catch a form whose component asks for
// validation under a name no module has, a declaration nothing reads, and a form whose rate-limit scope
// cannot be set.

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
const formNames = readdirSync("app/lib/forms")
  .filter((file) => file.endsWith(".ts"))
  .map((file) => file.replace(/\.ts$/, ""));
const sources = sourceFiles("app").map((file) => readFileSync(file, "utf8"));

describe("public form registry", () => {
  it("reads the forms from app/lib/forms/, and the browser's validators are those forms", () => {
    expect(formNames).toContain("contact");
    expect(Object.keys(validators).sort()).toEqual([...formNames].sort());
  });

  it.each(formNames)("lib/forms/%s.ts is read: a component validates with it or an action parses with it", (name) => {
    const validated = requested.some((r) => r.name === name);
    const imported = sources.some((source) => source.includes(`from "~/lib/forms/${name}"`));
    expect(validated || imported, `nothing reads app/lib/forms/${name}.ts`).toBe(true);
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
