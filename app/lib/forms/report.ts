import { definePublicForm } from "../public-form";
import { reviewReportSchema } from "../validation/reviews";

// "Report this review" on a seller's profile (the `report` intent of its action).
export default definePublicForm({ schema: reviewReportSchema, scope: "report" });
