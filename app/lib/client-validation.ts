import { parseWithZod } from "@conform-to/zod/v4";
import type { PublicForm } from "./public-form";

// The public forms' validation in the browser: the same zod schemas the actions parse with, gathered from
// `lib/forms/` (one module a form, named by its file). This module (and zod with it) is loaded only when a
// visitor starts on a form (`useClientValidation`), so pages do not ship it on a first visit; until it
// arrives, the server's answer shows the same messages.

const forms = import.meta.glob<PublicForm>("./forms/*.ts", { eager: true, import: "default" });

/** The form's name: its module's file name (`./forms/contact.ts` → `contact`). */
export function formName(path: string): string {
  return path.replace(/^.*\//, "").replace(/\.ts$/, "");
}

export const validators = Object.fromEntries(
  Object.entries(forms).map(([path, form]) => [
    formName(path),
    (formData: FormData) => parseWithZod(formData, { schema: form.schema }),
  ]),
);
