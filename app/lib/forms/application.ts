import { definePublicForm } from "../public-form";
import { applicationFormSchema } from "../validation/application";

export default definePublicForm({ schema: applicationFormSchema, scope: "application" });
