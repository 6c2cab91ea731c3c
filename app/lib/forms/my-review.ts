import { definePublicForm } from "../public-form";
import { ownReviewSchema } from "../validation/reviews";

// A reviewer's edit of her own review (/my-review): the review form's checks, honeypot and rate limit.
export default definePublicForm({ schema: ownReviewSchema, scope: "review" });
