import { z } from "zod";
import { PAYMENT_STATUSES } from "../payments";
import { oneOf } from "./fields";
import { pageFilters, searchFilter } from "./list-filters";

// /admin/payments' filters (and its CSV export's): anything unknown is "all".

const dayOrBlank = z.string().regex(/^(\d{4}-\d{2}-\d{2})?$/, "dates are YYYY-MM-DD");

export const paymentFiltersFrom = pageFilters({
  status: oneOf("status", PAYMENT_STATUSES),
  from: dayOrBlank,
  to: dayOrBlank,
  /** a seller's id, or words of her business name, name or email */
  seller: searchFilter,
});
