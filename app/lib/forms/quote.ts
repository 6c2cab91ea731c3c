import { definePublicForm } from "../public-form";
import { quoteRequestSchema } from "../validation/quotes";

export default definePublicForm({ schema: quoteRequestSchema, scope: "quote" });
