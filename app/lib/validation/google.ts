import { z } from "zod";

/** The provider's answer, posted back by the callback page (form or script): POST /api/sessions and /auth/google/callback. */
export const googleCallbackSchema = z.object({
  code: z
    .string({ error: "Cannot exchange code for session token: no code provided" })
    .min(1, "Cannot exchange code for session token: no code provided")
    .max(2048),
  // The spec's client sends only the code; the state bound to this browser by its cookie is checked
  // either way, and a state that is sent must be that one.
  state: z
    .string()
    .max(512)
    .nullish()
    .transform((s) => s || null),
  iss: z.string().max(2048).nullish(),
});
