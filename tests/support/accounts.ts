// Accounts made the way a visitor makes them: over HTTP, against a running site.

type SignUp = {
  email: string;
  categoryId: number;
  /** Any other field of the sign-up (all valid by default). */
  fields?: Record<string, unknown>;
  /** More request headers (X-Forwarded-For: each test its own client). */
  headers?: Record<string, string>;
};

/** A seller's sign-up through POST /api/auth/register: every field valid but those given. */
export function signUpOverApi(base: string, { email, categoryId, fields = {}, headers = {} }: SignUp) {
  return fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base, ...headers },
    body: JSON.stringify({
      name: "Asha Rao",
      email,
      password: "pass-word-1",
      mobile: "+919876543210",
      city: "Pune",
      locality: "",
      category_ids: [categoryId],
      subcategory_ids: [],
      ...fields,
    }),
  });
}

/** The session a response set (a sign-up's, a sign-in's), as a Cookie header's value. */
export function sessionCookieOf(res: Response): string {
  return res.headers.get("set-cookie")!.split(";")[0]!;
}
