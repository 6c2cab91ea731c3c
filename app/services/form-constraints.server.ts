import { getZodConstraint } from "@conform-to/zod/v4";
import type { z } from "zod";

type Constraints = ReturnType<typeof getZodConstraint>;
const cache = new WeakMap<z.ZodType, Constraints>();

/**
 * A form's native attributes (required, pattern, multiple…) from its zod schema, computed on the server
 * once per schema and sent in the loader data: pages render the same attributes without shipping zod.
 */
export function formConstraints(schema: z.ZodType): Constraints {
  let constraints = cache.get(schema);
  if (!constraints) cache.set(schema, (constraints = getZodConstraint(schema)));
  return constraints;
}
