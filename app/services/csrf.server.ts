// Cross-site request checks. React Router already refuses document and data actions whose Origin
// differs from the request's; resource routes (/api) are not covered, so their writes either require
// a JSON content type (readJsonBody) or call this as well (sign-in, where login CSRF matters).

/** True when the request names another site as its Origin (a missing Origin is not cross-site: old browsers, curl). */
export function isCrossOrigin(request: Request): boolean {
  const origin = request.headers.get("Origin");
  if (!origin) return false;
  if (origin === "null") return true;
  try {
    return new URL(origin).origin !== new URL(request.url).origin;
  } catch {
    return true;
  }
}

/** For a route that answers pages or redirects (not JSON): a cross-site post ends here with 403. */
export function refuseCrossOrigin(request: Request): void {
  if (isCrossOrigin(request))
    throw new Response("Cross-site requests are not allowed.", {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
}

export function crossOriginRefusal(): Response {
  return Response.json({ error: "Cross-site requests are not allowed." }, { status: 403 });
}
