import type { z } from "zod";

/**
 * A public form: its zod schema (the action's parse and, lazily loaded, the browser's validation), the
 * rate-limit scope its posts count in (the honeypot and the per-client limit of `checkPublicForm`), and,
 * for forms whose spec has one message for "a required field is blank", that message and those fields.
 * Each public form is the default export of its own module in `lib/forms/`, named by the file: the
 * browser's validators (`client-validation.ts`) are gathered from that folder, so nothing else lists it.
 */
export type PublicForm<S extends z.ZodType = z.ZodType> = {
  schema: S;
  scope: string;
  required?: { fields: readonly string[]; message: string };
};

export function definePublicForm<S extends z.ZodType>(form: PublicForm<S>): PublicForm<S> {
  return form;
}
