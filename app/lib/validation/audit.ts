import { z } from "zod";
import { pageFilters } from "./list-filters";

// The audit log's filters (/admin/audit).

const dayOrBlank = z.string().regex(/^(\d{4}-\d{2}-\d{2})?$/, "dates are YYYY-MM-DD");

export const auditFiltersFrom = pageFilters({
  actor: z.string().trim().max(254, "actor must be at most 254 characters"),
  action: z
    .string()
    .trim()
    .max(80)
    .regex(/^[a-z_.]*$/, "action is a name like seller.approve"),
  from: dayOrBlank,
  to: dayOrBlank,
});
