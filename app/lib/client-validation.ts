import { parseWithZod } from "@conform-to/zod/v4";
import { loginSchema, signupStep1Schema, signupStep2Schema } from "./validation/accounts";
import { forgotPasswordSchema } from "./validation/account-settings";
import { applicationFormSchema } from "./validation/application";
import { contactSchema, newsletterSchema } from "./validation/contact";
import { reviewFormSchema } from "./validation/reviews";

// The public forms' validation in the browser: the same zod schemas the actions parse with. This module
// (and zod with it) is loaded only when a visitor starts on a form (`useClientValidation`), so pages
// do not ship it on a first visit; until it arrives, the server's answer shows the same messages.

export const validators = {
  application: (formData: FormData) => parseWithZod(formData, { schema: applicationFormSchema }),
  contact: (formData: FormData) => parseWithZod(formData, { schema: contactSchema }),
  forgotPassword: (formData: FormData) => parseWithZod(formData, { schema: forgotPasswordSchema }),
  login: (formData: FormData) => parseWithZod(formData, { schema: loginSchema }),
  newsletter: (formData: FormData) => parseWithZod(formData, { schema: newsletterSchema }),
  review: (formData: FormData) => parseWithZod(formData, { schema: reviewFormSchema }),
  signupStep1: (formData: FormData) => parseWithZod(formData, { schema: signupStep1Schema }),
  signupStep2: (formData: FormData) => parseWithZod(formData, { schema: signupStep2Schema }),
};
