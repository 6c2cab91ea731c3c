import { definePublicForm } from "../public-form";
import { forgotPasswordSchema } from "../validation/account-settings";

export default definePublicForm({ schema: forgotPasswordSchema, scope: "password_reset" });
