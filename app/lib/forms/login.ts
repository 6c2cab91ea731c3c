import { definePublicForm } from "../public-form";
import { loginSchema } from "../validation/accounts";

export default definePublicForm({ schema: loginSchema, scope: "login" });
