import { definePublicForm } from "../public-form";
import { reviewFormSchema } from "../validation/reviews";

export default definePublicForm({ schema: reviewFormSchema, scope: "review" });
