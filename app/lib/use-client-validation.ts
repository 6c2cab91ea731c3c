import { useCallback, useRef, useState } from "react";
import type { Submission } from "@conform-to/react";

type Validate = (formData: FormData) => Submission<unknown>;
type When = "onSubmit" | "onBlur" | "onInput";

/**
 * Client-side validation for a public form without zod in the page's first download: the validators
 * (and zod) are imported when the visitor starts on the form (`load`, the form's `onStart`: its first
 * focus, or focus already in it when the page hydrates).
 * Until then conform validates nothing in the browser and the post gets the server's answer, which
 * carries the same messages. `name` is the form's module in `lib/forms/` (`"contact"` for `lib/forms/contact.ts`).
 * Spread `options` into `useForm`; blur and input checks start only once
 * the validator is there (without one, conform would post every blur to the server).
 */
export function useClientValidation(name: string, when: { shouldValidate?: When; shouldRevalidate?: When } = {}) {
  const [validate, setValidate] = useState<Validate>();
  const started = useRef(false);
  const load = useCallback(() => {
    if (started.current) return;
    started.current = true;
    import("./client-validation").then(
      (m) => setValidate(() => m.validators[name]),
      () => {
        started.current = false; // offline or a new deployment: the server still validates; try again on the next focus
      },
    );
  }, [name]);
  const options = validate
    ? {
        onValidate: ({ formData }: { formData: FormData }) => validate(formData),
        shouldValidate: when.shouldValidate ?? "onSubmit",
        shouldRevalidate: when.shouldRevalidate ?? when.shouldValidate ?? "onSubmit",
        onStart: load,
      }
    : {
        onValidate: undefined,
        shouldValidate: "onSubmit" as const,
        shouldRevalidate: "onSubmit" as const,
        onStart: load,
      };
  return { options };
}
