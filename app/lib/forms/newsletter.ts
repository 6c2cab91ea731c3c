import { definePublicForm } from "../public-form";
import { newsletterSchema } from "../validation/contact";

export default definePublicForm({ schema: newsletterSchema, scope: "newsletter" });
