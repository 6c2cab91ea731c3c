import { definePublicForm } from "../public-form";
import { signupStep2Schema } from "../validation/accounts";

export default definePublicForm({ schema: signupStep2Schema, scope: "signup" });
