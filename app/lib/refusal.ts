/**
 * Why a model refused a change, in the domain's words. Models never speak HTTP; the route (or the
 * service answering for it) turns a reason into a status with `httpStatusOf`, in one place.
 */
export type RefusalReason = "invalid" | "forbidden" | "not_found" | "conflict" | "too_large";

const HTTP_STATUS = {
  invalid: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
} as const satisfies Record<RefusalReason, number>;

export function httpStatusOf<R extends RefusalReason>(reason: R): (typeof HTTP_STATUS)[R] {
  return HTTP_STATUS[reason];
}

/** Thrown inside a transaction to roll it back; the model catches it and returns its reason and field errors. */
export class RefusedChange<R extends RefusalReason = RefusalReason> extends Error {
  constructor(
    readonly reason: R,
    readonly fieldErrors: Record<string, string[]>,
  ) {
    super(`change refused: ${reason}`);
  }
}

/** The refusal of a change to rows that someone else deleted meanwhile ("Seller", "Review"). */
export function goneMeanwhile(noun: string) {
  return {
    ok: false as const,
    reason: "not_found" as const,
    message: `${noun} not found. It may have been deleted meanwhile.`,
  };
}
