import { definePublicForm } from "../public-form";
import { contactSchema } from "../validation/contact";
import { CONTACT_REQUIRED_MESSAGE } from "../validation/messages";

export default definePublicForm({
  schema: contactSchema,
  scope: "contact",
  required: { fields: ["name", "email", "query_type", "message"], message: CONTACT_REQUIRED_MESSAGE },
});
