import { definePublicForm } from "../public-form";
import { signupStep1Schema } from "../validation/accounts";

export default definePublicForm({ schema: signupStep1Schema, scope: "signup_check" });
