import type { DB } from "~db/client";

// One row per started OAuth sign-in: the PKCE verifier and nonce, kept server-side, usable once.

export interface OAuthStateRow {
  state: string;
  code_verifier: string;
  nonce: string | null;
  redirect_to: string | null;
}

export async function saveOAuthState(db: DB, row: OAuthStateRow, ttlSeconds = 600): Promise<void> {
  const now = new Date();
  await db.deleteFrom("oauth_states").where("expires_at", "<", now.toISOString()).execute();
  await db
    .insertInto("oauth_states")
    .values({
      ...row,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + ttlSeconds * 1000).toISOString(),
    })
    .execute();
}

/** Takes (deletes and returns) an unexpired state: a second call with the same state finds nothing. */
export async function takeOAuthState(db: DB, state: string): Promise<OAuthStateRow | null> {
  const row = await db
    .deleteFrom("oauth_states")
    .where("state", "=", state)
    .returning(["state", "code_verifier", "nonce", "redirect_to", "expires_at"])
    .executeTakeFirst();
  if (!row || row.expires_at <= new Date().toISOString()) return null;
  const { expires_at: _e, ...rest } = row;
  return rest;
}
